# Lines Python's prompt would echo and `python3 SCRIPT.py` does not: the seed's generator, a
# model moved in place (Module.to returns the module), bare expressions; one value changed in
# place (the console's own note on it must not join the output).
import torch
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Linear(3, 2)
model.to(device)
x = torch.randn(4, 3)
x.sum()
1 + 2
"a bare string"
x.add_(1)
print("out:", model(x).shape, x.device)
print(torch.randn(2))

if __name__ == "__main__":
    print("run as a script")
