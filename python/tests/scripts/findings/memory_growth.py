# Finding memory_growth: a tensor grown with torch.cat in every step keeps 1 MiB more each time;
# memory rises step over step until the machine runs out.
import time

import torch

torch.manual_seed(0)
model = torch.nn.Linear(256, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.001)
history = torch.zeros(0, 1024)
for step in range(40):
    x, y = torch.randn(64, 256), torch.randn(64, 1)
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    history = torch.cat([history, torch.randn(256, 1024)])  # the line the finding names
    time.sleep(0.05)  # long enough to be sampled many times
print(f"kept {history.shape[0]} rows")
