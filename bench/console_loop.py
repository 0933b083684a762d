# The loop of small tensor ops that the console is measured on, run the same way under
# `tensor-kitchen-bench run` (the console's engine) and plain python3. Prints one line:
# microseconds per iteration (median of 5 blocks after a warm-up). Settings by environment,
# as `run` passes no arguments: TK_LOOP_N iterations per block, TK_LOOP_THREADS torch threads.
import os
import time
import torch

torch.set_num_threads(int(os.environ.get("TK_LOOP_THREADS", "1")))
N = int(os.environ.get("TK_LOOP_N", "20000"))
x = torch.ones(8, 8)

blocks = []
for block in range(6):  # the first is the warm-up
    t0 = time.perf_counter()
    for i in range(N):
        y = x * 2 + 1
        z = y.sum()
    blocks.append((time.perf_counter() - t0) / N * 1e6)
blocks = sorted(blocks[1:])
print("%.3f" % blocks[len(blocks) // 2])
