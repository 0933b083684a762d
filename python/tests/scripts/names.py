# Named tensors and a module, held while the sampler looks (1.2 s).
import time
import torch
import torch.nn as nn

weights = torch.zeros(4, 5, dtype=torch.float64)
model = nn.Sequential(nn.Linear(5, 3), nn.ReLU())


def hold():
    batch = torch.ones(8, 5)
    on_meta = batch.to("meta")
    time.sleep(1.2)
    return batch, on_meta


hold()
