# The ways a step loop reads values back, each on its own line, under Adam (whose step reads its
# own step counter with .item() in torch's code: that is not the program's line).
import torch

torch.manual_seed(0)
x, y = torch.randn(32, 4), torch.randn(32, 1)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
for step in range(4):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(loss)  # printed
    print(f"{loss:.3f}")  # formatted
    weights = model.weight.tolist()  # tolist
    grads = model.weight.grad.numpy()  # numpy
