# Moves of known sizes to cuda:0, pageable and pinned, five of each, for the GPU check: the
# watcher's move times are compared with the transfer lab's figures for the same sizes.
import torch

for size in (1 << 20, 16 << 20, 256 << 20):
    pageable = torch.ones(size, dtype=torch.uint8)
    pinned = torch.ones(size, dtype=torch.uint8).pin_memory()
    for _ in range(5):
        a = pageable.to("cuda")
    for _ in range(5):
        b = pinned.to("cuda")
    torch.cuda.synchronize()
    print(f"{size >> 20} MiB moved 5 times pageable, 5 times pinned")
