# Finding gpu_idle (needs CUDA): each batch is prepared on the host inside the loop, so the GPU,
# done with a step, waits for the next batch (004: when the GPU computes fast, the CPU's data
# preparation is the bottleneck). TK_WATCH_DEVICE=meta runs it anywhere, measuring nothing.
import os
import time

import torch


def prepare(i):
    """The host's work for one batch: decoding, augmenting, tokenizing (40 ms here)."""
    time.sleep(0.04)
    return torch.full((2048, 1024), i / 100.0), torch.zeros(2048, 16)


if __name__ == "__main__":
    device = torch.device(os.environ.get("TK_WATCH_DEVICE", "cuda"))
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.ReLU(),
                                torch.nn.Linear(4096, 4096), torch.nn.ReLU(),
                                torch.nn.Linear(4096, 4096), torch.nn.ReLU(),
                                torch.nn.Linear(4096, 4096), torch.nn.ReLU(),
                                torch.nn.Linear(4096, 16)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.001)
    for i in range(10):
        x, y = prepare(i)
        x, y = x.to(device), y.to(device)  # the GPU waits for this line
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
