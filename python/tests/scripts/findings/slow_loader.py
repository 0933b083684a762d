# Finding data_wait: each sample takes 2 ms to prepare (a decode, an augmentation) and the
# DataLoader has no workers, so every step waits for its batch.
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Slow(Dataset):
    def __len__(self):
        return 64

    def __getitem__(self, i):
        time.sleep(0.002)
        return torch.full((8,), float(i)), i % 2


torch.manual_seed(0)
model = torch.nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
loader = DataLoader(Slow(), batch_size=8, num_workers=0)
for x, y in loader:  # the line the finding names
    loss = torch.nn.functional.cross_entropy(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
