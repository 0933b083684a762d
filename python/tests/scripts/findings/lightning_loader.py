# Finding data_wait inside Lightning: the loop is Lightning's (trainer.fit), the DataLoader is
# the user's, made in train_dataloader() with no workers over samples that take 2 ms each.
# The finding shows where the user's code entered the loop and is fixed where the DataLoader
# is made. Runs only where the lightning package is installed.
import time

import lightning as L
import torch
from torch.utils.data import DataLoader, Dataset


class Slow(Dataset):
    def __len__(self):
        return 96

    def __getitem__(self, i):
        time.sleep(0.002)
        return torch.full((8,), float(i)), torch.tensor([float(i % 2)])


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, _):
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)

    def train_dataloader(self):
        return DataLoader(Slow(), batch_size=8, num_workers=0)  # where the fix goes


if __name__ == "__main__":
    torch.manual_seed(0)
    trainer = L.Trainer(max_epochs=1, logger=False, enable_progress_bar=False,
                        enable_model_summary=False, enable_checkpointing=False,
                        accelerator="cpu", devices=1)
    trainer.fit(Model())  # where the finding shows
