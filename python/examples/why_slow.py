"""Why is my program slow? (the app's lesson 14): a small training loop with two habits that
slow real ones down, for Tensor Kitchen's findings to point at.

  python -m tensorkitchen why_slow.py

1. The DataLoader prepares every sample in the loop's own process (num_workers=0), and each
   takes a millisecond (decoding, augmenting): the step waits for its data.
2. The loss is read back with .item() after every step: on a GPU each read waits until the
   GPU has finished all the work queued before it.
3. The run's loss is summed with its autograd graph (`total_loss += loss`): each step's graph is
   chained to the last and none is freed (PyTorch's FAQ: "don't accumulate history across your
   training loop").
The fixed loop, as the findings advise, is in the lesson.
"""
from __future__ import annotations

import os
import time
from typing import Tuple

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class SlowSamples(Dataset[Tuple[torch.Tensor, torch.Tensor]]):
    """Each sample prepared in Python, a millisecond apiece."""

    def __init__(self, n: int) -> None:
        g = torch.Generator().manual_seed(0)
        self.x = torch.randn(n, 64, generator=g)
        self.y = (self.x.sum(1) > 0).long()

    def __len__(self) -> int:
        return len(self.x)

    def __getitem__(self, i: int) -> Tuple[torch.Tensor, torch.Tensor]:
        time.sleep(0.001)
        return self.x[i], self.y[i]


def main() -> None:
    wanted = os.environ.get("TK_WATCH_DEVICE")
    device = torch.device(wanted or ("cuda" if torch.cuda.is_available() else "cpu"))
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                                torch.nn.Linear(128, 2)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    loader = DataLoader(SlowSamples(1024), batch_size=32, shuffle=True)
    total_loss = torch.zeros((), device=device)
    for epoch in range(3):
        running = 0.0
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            running += loss.item()
            total_loss += loss  # with its graph: kept from step to step
        print("epoch %d: mean loss %.4f" % (epoch + 1, running / len(loader)))
    print("run: mean loss %.4f" % (total_loss.item() / (3 * len(loader))))


if __name__ == "__main__":
    main()
