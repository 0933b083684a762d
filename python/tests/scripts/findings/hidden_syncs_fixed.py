# hidden_syncs' twin: the same values kept on the device, each op with a result of a size known
# beforehand; read back once after the loop.
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
    best = torch.minimum(best, loss.detach())  # no branch on a tensor
    last = loss.detach()
    count = (y > 0).sum()
    where = torch.where(y > 0, y, torch.zeros_like(y))  # the same shape: nothing to wait for
    picked = y * (y > 0)
    labels = torch.zeros(2).scatter_add_(0, (y > 0).long().flatten(), torch.ones(32))
    spread = x.repeat_interleave(repeats, dim=1, output_size=5)  # its size given
print(f"last loss {last.item():.4f}, {count.item()} positive, {tuple(spread.shape)}")
