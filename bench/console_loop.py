# The loops the console is measured on, run the same way under `tensor-kitchen-bench run` (the
# console's engine) and plain python3. Prints one line: microseconds per iteration (median of 5
# blocks after a warm-up). Settings by environment, as `run` passes no arguments:
#   TK_LOOP_KIND     elementwise (y = x * 2 + 1; y.sum() on 8×8, the default) or matmul
#                    (x = torch.tanh(x @ w + 0.01) on 64×64)
#   TK_LOOP_N        iterations per block
#   TK_LOOP_THREADS  torch.set_num_threads(N) first; unset: no setting, Python's own default
import os
import time
import torch

threads = os.environ.get("TK_LOOP_THREADS", "")
if threads:
    torch.set_num_threads(int(threads))
N = int(os.environ.get("TK_LOOP_N", "20000"))
matmul = os.environ.get("TK_LOOP_KIND", "elementwise") == "matmul"
x = torch.ones(8, 8)
if matmul:
    x = torch.randn(64, 64, generator=torch.Generator().manual_seed(0))
    w = torch.randn(64, 64, generator=torch.Generator().manual_seed(1)) * 0.1

blocks = []
for block in range(6):  # the first is the warm-up
    t0 = time.perf_counter()
    if matmul:
        for i in range(N):
            x = torch.tanh(x @ w + 0.01)
    else:
        for i in range(N):
            y = x * 2 + 1
            z = y.sum()
    blocks.append((time.perf_counter() - t0) / N * 1e6)
blocks = sorted(blocks[1:])
print("%.3f" % blocks[len(blocks) // 2])
