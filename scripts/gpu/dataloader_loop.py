# A small training loop fed by a DataLoader, for the GPU check: batches copied to cuda:0 with
# non_blocking=True, from pinned memory (argv[1] == "pinned") or pageable memory (otherwise).
import sys

import torch
from torch.utils.data import DataLoader, TensorDataset

pinned = len(sys.argv) > 1 and sys.argv[1] == "pinned"
torch.manual_seed(0)
data = TensorDataset(torch.randn(16384, 512), torch.randint(0, 10, (16384,)))
loader = DataLoader(data, batch_size=512, shuffle=True, pin_memory=pinned)
model = torch.nn.Sequential(torch.nn.Linear(512, 1024), torch.nn.ReLU(), torch.nn.Linear(1024, 10)).to("cuda")
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(2):
    for x, y in loader:
        x = x.to("cuda", non_blocking=True)
        y = y.to("cuda", non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(f"epoch {epoch} loss {loss.item():.4f} pinned={pinned}")
