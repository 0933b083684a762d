# non_blocking_unpinned's twin (needs CUDA): the DataLoader pins the batches in its workers, so
# non_blocking=True copies can overlap the GPU's work.
import torch
from torch.utils.data import DataLoader, TensorDataset

if __name__ == "__main__":
    torch.manual_seed(0)
    loader = DataLoader(TensorDataset(torch.randn(4096, 256)), batch_size=512, num_workers=2,
                        pin_memory=True)
    model = torch.nn.Linear(256, 1).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for (xb,) in loader:
        xb = xb.to("cuda", non_blocking=True)
        loss = model(xb).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
