# gpu_idle's twin (needs CUDA): the same 40 ms of host work per batch, run by eight DataLoader
# workers beside the loop; pinned batches are copied with non_blocking=True. The GPU's step
# (1024 → 4096 and three 4096×4096 layers on 2048 rows: about 0.7 TFLOP with the backward,
# some 12 ms in float32) outlasts the workers' 5 ms a batch and the pinning of 8 MiB, so it
# never waits; the loop's own wait for batches then hides behind the GPU's work and is no
# finding either.
import os
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Prepared(Dataset):
    def __len__(self):
        return 24

    def __getitem__(self, i):
        time.sleep(0.04)  # the host's work for one batch, as in gpu_idle.py
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
    loader = DataLoader(Prepared(), batch_size=None, num_workers=8, pin_memory=device.type == "cuda",
                        persistent_workers=True)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
