# Source text 000, its second snippet, as written (on a machine without a GPU it takes the
# else branch; on a GPU machine it moves x and catches the mismatch).
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.ones(2, 3)
print("처음 자리:", x.device)              # 처음에는 늘 CPU
x = x.to(device)
print("옮긴 자리:", x.device)              # GPU 가 있으면 cuda:0
back = x.cpu().numpy()                     # CPU 로 되돌려 NumPy 배열로
print(type(back).__name__, back.shape)

if device == "cuda":
    print("GPU 이름:", torch.cuda.get_device_name(0))
    try:
        x + torch.ones(2, 3)               # GPU 의 x 와 CPU 의 텐서를 더하려 한다
    except RuntimeError as e:
        print("오류:", e)
else:
    print("GPU 가 없어 장치가 다른 경우의 오류는 생기지 않습니다.")
