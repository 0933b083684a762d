# Source text 000 ("PyTorch 와 GPU"), its first snippet. One line added for the tests:
# TK_WATCH_DEVICE=meta stands in for "cuda" on a machine without a GPU (a real move).
import os
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"   # GPU 가 없으면 CPU 를 쓴다
device = os.environ.get("TK_WATCH_DEVICE", device)
x = torch.ones(2, 3)          # 처음에는 CPU 에 만들어진다
x = x.to(device)              # 고른 장치로 옮긴다
print(device, x.device, x.shape)
