# sync_in_step's twin: the loss summed on its device, read back once after the loop.
import torch

torch.manual_seed(0)
x_all, y_all = torch.randn(64, 16), torch.randn(64, 1)
model = torch.nn.Linear(16, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
running = torch.zeros(())
for i in range(0, 64, 8):
    loss = torch.nn.functional.mse_loss(model(x_all[i:i + 8]), y_all[i:i + 8])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    running += loss.detach()
print(f"mean loss {running.item() / 8:.4f}")
