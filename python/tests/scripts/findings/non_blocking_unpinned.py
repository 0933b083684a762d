# Finding non_blocking_unpinned (needs CUDA): batches from pageable memory copied with
# non_blocking=True. The copy cannot overlap anything: it is as synchronous as without the flag.
import torch

torch.manual_seed(0)
x_all = torch.randn(4096, 256)
model = torch.nn.Linear(256, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for i in range(0, 4096, 512):
    xb = x_all[i:i + 512].to("cuda", non_blocking=True)  # the line the finding names
    loss = model(xb).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
