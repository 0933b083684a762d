# Many moves with short pauses (for the fake app and the broken socket); exit code from argv.
import sys
import time
import torch

n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
x = torch.ones(16, 16)
for i in range(n):
    y = x.to("meta")
    time.sleep(0.01)
print("done", n, sys.argv)
sys.exit(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
