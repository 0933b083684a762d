# graph_kept's twin: the loss added without its history (loss.detach(); loss.item() would do
# too, reading it back each step).
import time

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.Tanh(), torch.nn.Linear(256, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.001)
total_loss = torch.zeros(())
for step in range(40):
    x, y = torch.randn(1024, 256), torch.randn(1024, 1)
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    total_loss += loss.detach()
    time.sleep(0.05)
print(f"mean loss {total_loss.item() / 40:.4f}")
