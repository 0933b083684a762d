# Finding sync_in_step: the loss read back in every step. On a GPU each .item() waits for all
# the work queued before it; on the CPU the finding says so and costs nothing here.
import torch

torch.manual_seed(0)
x_all, y_all = torch.randn(64, 16), torch.randn(64, 1)
model = torch.nn.Linear(16, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
running = 0.0
for i in range(0, 64, 8):
    loss = torch.nn.functional.mse_loss(model(x_all[i:i + 8]), y_all[i:i + 8])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    running += loss.item()  # the line the finding names
print(f"mean loss {running / 8:.4f}")
