"""The training race's step in PyTorch, for side-by-side timing with tensor-kitchen-bench train.

Same model (Linear/ReLU stack), optimizer, loss, batch size and per-batch .to(device); prints
JSON {"step_median_s", "samples_per_s", "losses"}.
"""
import argparse
import json
import math
import statistics
import time

import torch
import torch.nn.functional as F

p = argparse.ArgumentParser()
p.add_argument("--device", default="cpu")
p.add_argument("--width", type=int, default=64)
p.add_argument("--depth", type=int, default=2)
p.add_argument("--batch", type=int, default=128)
p.add_argument("--steps", type=int, default=600)
p.add_argument("--seed", type=int, default=0)
p.add_argument("--lr", type=float, default=0.01)
p.add_argument("--optimizer", default="adam")
p.add_argument("--points", type=int, default=2048)
p.add_argument("--threads", type=int, default=torch.get_num_threads())
a = p.parse_args()
torch.set_num_threads(a.threads)

g = torch.Generator().manual_seed(a.seed)
xs, ys = [], []
turns = 3 * math.pi
for k in range(2):
    t = torch.sqrt(torch.rand(a.points // 2, generator=g)) * turns
    angle = t + k * math.pi
    px = t * torch.cos(angle) / turns + torch.randn(a.points // 2, generator=g) * 0.05
    py = t * torch.sin(angle) / turns + torch.randn(a.points // 2, generator=g) * 0.05
    xs.append(torch.stack([px, py], 1))
    ys.append(torch.full((a.points // 2,), k, dtype=torch.int64))
x, y = torch.cat(xs).float(), torch.cat(ys)

torch.manual_seed(a.seed)
layers, width_in = [], 2
for _ in range(a.depth):
    layers += [torch.nn.Linear(width_in, a.width), torch.nn.ReLU()]
    width_in = a.width
layers.append(torch.nn.Linear(width_in, 2))
model = torch.nn.Sequential(*layers).to(a.device)
opt = (torch.optim.SGD(model.parameters(), lr=a.lr, momentum=0.9) if a.optimizer == "sgd"
       else torch.optim.Adam(model.parameters(), lr=a.lr))

times, losses, cursor, epoch, order = [], [], 0, 0, None
for _ in range(a.steps):
    if order is None or cursor + a.batch > len(x):
        order = torch.randperm(len(x), generator=torch.Generator().manual_seed(a.seed + 1000 + epoch))
        epoch, cursor = epoch + 1, 0
    idx = order[cursor:cursor + a.batch]
    cursor += a.batch
    t0 = time.perf_counter()
    xb, yb = x.index_select(0, idx).to(a.device), y.index_select(0, idx).to(a.device)
    opt.zero_grad()
    loss = F.cross_entropy(model(xb), yb)
    loss.backward()
    opt.step()
    losses.append(loss.item())
    if a.device.startswith("cuda"):
        torch.cuda.synchronize()
    times.append(time.perf_counter() - t0)
m = statistics.median(times)
print(json.dumps({"torch": torch.__version__, "step_median_s": m, "samples_per_s": a.batch / m,
                  "losses": losses}))
