# Source text 003's DataLoader loop, with the post's model, loss and optimizer around it so
# that it trains (one optimizer step per batch). TK_WATCH_WORKERS sets num_workers.
import os
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
workers = int(os.environ.get("TK_WATCH_WORKERS", "0"))
epochs = int(os.environ.get("TK_WATCH_EPOCHS", "2"))

# 샘플 데이터 생성
x_data = torch.rand(100, 10)
y_data = torch.randint(0, 2, (100,))

dataset = TensorDataset(x_data, y_data)
dataloader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=workers)

model = nn.Linear(10, 2)
model.to(device)
criterion = nn.CrossEntropyLoss()
optimizer = optim.Adam(model.parameters(), lr=0.001)

losses = []
for epoch in range(epochs):
    for x_batch, y_batch in dataloader:
        x_batch = x_batch.to(device)
        y_batch = y_batch.to(device)
        optimizer.zero_grad()
        loss = criterion(model(x_batch), y_batch)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
print("steps", len(losses), "last loss %.6f" % losses[-1])
