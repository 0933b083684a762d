# A small program that uses every watched call, prints what it computed, and ends with an
# uncaught error: its output, exit code and traceback must be the same watched or not.
import time

import torch
from torch.utils.data import DataLoader, TensorDataset


def train():
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 1)
    model = model.to("cpu").cpu()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(16, 4), torch.randn(16, 1))
    for x, y in DataLoader(data, batch_size=4):
        x = x.to("cpu")
        loss = torch.nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss %.6f" % loss.item())
    shadow = torch.ones(3).to("meta")
    kept = torch.empty(3)
    kept.copy_(torch.arange(3.0))
    print(shadow.shape, kept.tolist())
    time.sleep(0.3)  # the sampler looks
    return model


model = train()
print(model.weight.device, model.weight.to("meta").device)
torch.ones(2, device="meta").cpu()
