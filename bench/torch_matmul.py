"""PyTorch's own timing of A @ B, for side-by-side comparison with tensor-kitchen-bench.

Uses torch.utils.benchmark.Timer.blocked_autorange, whose method the app copies.
Prints JSON: {"torch": version, "results": [{"device", "n", "median_s", "iqr_s", "gflops"}]}.
"""
import argparse
import json

import torch
import torch.utils.benchmark as benchmark

parser = argparse.ArgumentParser()
parser.add_argument("--sizes", default="64,128,256,512,1024,2048")
parser.add_argument("--device", default="cpu")
parser.add_argument("--dtype", default="float32")
parser.add_argument("--threads", type=int, default=torch.get_num_threads())
parser.add_argument("--min-run-time", type=float, default=0.2)
parser.add_argument("--mode", default="compute", choices=["compute", "end-to-end"])
args = parser.parse_args()

torch.set_num_threads(args.threads)
dtype = getattr(torch, args.dtype)
results = []
for n in [int(s) for s in args.sizes.split(",")]:
    g = torch.Generator().manual_seed(0)
    a = torch.randn(n, n, generator=g, dtype=dtype)
    b = torch.randn(n, n, generator=g, dtype=dtype)
    if args.mode == "compute":
        a, b = a.to(args.device), b.to(args.device)
        stmt = "a @ b"
    else:
        stmt = "(a.to(device) @ b.to(device)).cpu()"
    timer = benchmark.Timer(stmt=stmt, globals={"a": a, "b": b, "device": args.device},
                            num_threads=args.threads)
    m = timer.blocked_autorange(min_run_time=args.min_run_time)
    results.append({"device": args.device, "mode": args.mode, "n": n, "median_s": m.median,
                    "iqr_s": m.iqr, "gflops": 2 * n ** 3 / m.median / 1e9})
print(json.dumps({"torch": torch.__version__, "threads": args.threads, "results": results}))
