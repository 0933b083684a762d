# Finding graph_kept: PyTorch's FAQ's "don't accumulate history across your training loop".
# `total_loss += loss` adds the loss with its autograd graph: each step's graph is chained to
# the last, none is freed, and memory grows every step until it runs out.
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
    total_loss += loss  # the line the finding names
    time.sleep(0.05)  # long enough to be sampled several times
print(f"mean loss {total_loss.item() / 40:.4f}")
