# Finding sync_in_step for the reads back a step loop hides, each on its own line. On a GPU each
# makes the host wait for the device (PyTorch's set_sync_debug_mode reports them too): a tensor
# in an `if`, float() and int() of one, and ops whose result's size depends on the values
# (nonzero, masked_select, unique, repeat_interleave given tensor repeats and no output_size).
import torch

torch.manual_seed(0)
x, y = torch.randn(32, 4), torch.randn(32, 1)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
repeats = torch.tensor([1, 2, 1, 1])
best = torch.tensor(float("inf"))
for step in range(8):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if loss < best:  # truth test
        best = loss.detach()
    last = float(loss)  # float
    count = int((y > 0).sum())  # int
    where = (y > 0).nonzero()  # nonzero
    picked = y.masked_select(y > 0)  # masked_select
    labels = (y > 0).long().flatten().unique()  # unique
    spread = x.repeat_interleave(repeats, dim=1)  # repeat_interleave
print(f"last loss {last:.4f}, {count} positive, {len(labels)} labels, {tuple(spread.shape)}")
