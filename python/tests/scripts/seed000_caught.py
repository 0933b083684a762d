# Source text 000's second snippet with `meta` standing in for `cuda`: the mismatch is raised
# and caught by the program (x + a CPU tensor; `meta + cpu` raises in torch 1.13 and 2.x).
import torch

device = "meta"
x = torch.ones(2, 3)
x = x.to(device)
try:
    x + torch.ones(2, 3)               # GPU 의 x 와 CPU 의 텐서를 더하려 한다
except RuntimeError as e:
    print("오류:", e)
