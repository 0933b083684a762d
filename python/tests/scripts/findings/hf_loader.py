# Finding data_wait inside Hugging Face's Trainer: the loop and the DataLoader are the
# Trainer's (trainer.train()), made from the user's TrainingArguments with no workers over
# samples that take 2 ms each. The finding shows where the user's code entered the loop and is
# fixed where the TrainingArguments are made (dataloader_num_workers=). A tiny BERT made from a
# config: nothing is downloaded. Runs only where transformers (and accelerate) are installed.
import os
import tempfile
import time

import torch
from torch.utils.data import Dataset
os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a config, no model to fetch: never the network
from transformers import (  # noqa: E402
    BertConfig,
    BertForSequenceClassification,
    Trainer,
    TrainingArguments,
)


class Slow(Dataset):
    def __len__(self):
        return 64

    def __getitem__(self, i):
        time.sleep(0.002)
        return {"input_ids": torch.full((8,), i % 100), "labels": torch.tensor(i % 2)}


def main():
    torch.manual_seed(0)
    config = BertConfig(vocab_size=100, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=16)
    model = BertForSequenceClassification(config)
    with tempfile.TemporaryDirectory() as out:
        args = TrainingArguments(output_dir=out, per_device_train_batch_size=8, num_train_epochs=1,
                                 dataloader_num_workers=0, report_to=[], save_strategy="no",
                                 logging_strategy="no", use_cpu=True, disable_tqdm=True)
        trainer = Trainer(model=model, args=args, train_dataset=Slow())
        trainer.train()  # where the finding shows


if __name__ == "__main__":
    main()
