# Finding per_batch_move: the dataset fits the device, yet each step moves its batch there.
# `meta` stands in for a GPU (no data moves; the finding says what it would cost on one).
import torch

torch.manual_seed(0)
x_all = torch.randn(64, 16)
model = torch.nn.Linear(16, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for i in range(0, 64, 8):
    xb = x_all[i:i + 8].to("meta")  # the line the finding names
    loss = model(x_all[i:i + 8]).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
