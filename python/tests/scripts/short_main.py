# A short run inside main(): a move first (it takes the sampler's first turn), then 30 quick
# steps that end well within the sampler's next half-second turn. Only main()'s frame names the
# model and the batch, and it is gone when the program ends.
import time

import torch


def main():
    time.sleep(0.3)  # the sampler's first turn comes due meanwhile
    warm = torch.zeros(1).to("meta")  # the first watched call: that turn is taken here
    torch.manual_seed(0)
    model = torch.nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(30):
        xb = torch.randn(4, 8)
        loss = model(xb).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    summary = model(torch.ones(1, 8)).detach()  # made after the steps: seen at main()'s end
    print("done", warm.device, summary.shape)


if __name__ == "__main__":
    main()
