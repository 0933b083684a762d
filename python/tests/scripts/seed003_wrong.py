# Source text 003 ("why .to(device)"), the wrong code, on a machine without a GPU: `meta`
# stands in for "cuda". MyModel adds a weight (x + w raises on torch 1.13 too; Linear on a
# meta input does not there, see DESIGN §3).
import torch
import torch.nn as nn


class MyModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 3))

    def forward(self, x):
        return x + self.w


x = torch.randn(3, 3).to("meta")  # 데이터는 GPU에 있음
model = MyModel()  # 모델은 기본적으로 CPU에 있음

output = model(x)  # 오류 발생!
