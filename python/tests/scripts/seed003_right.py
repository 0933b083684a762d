# Source text 003, the right code: model and data on the same device (`meta` stands in for
# "cuda" without a GPU; TK_WATCH_DEVICE=cpu runs it as a CPU-only machine would).
import os
import torch
import torch.nn as nn


class MyModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 3))

    def forward(self, x):
        return x + self.w


device = torch.device(os.environ.get("TK_WATCH_DEVICE", "meta"))
x = torch.randn(3, 3)

model = MyModel().to(device)  # 모델을 GPU로 이동
x = x.to(device)  # 데이터도 GPU로 이동

output = model(x)  # 정상 작동
print(output.device)
