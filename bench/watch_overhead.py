#!/usr/bin/env python3
"""What the watcher (python/tensorkitchen) costs, side by side in one process.

Two loops, each timed in interleaved rounds, without (A) and with (B) the watcher:
AB BA AB…; the figure is the median of the paired ratios B_i / A_i (DESIGN §3: these shared
machines swing ±30 % between rounds, a single pair says little).

  (a) train: an MLP (2 → 64 → 64 → 2, two-spirals-like data), batch 256, Adam, a DataLoader
      over a TensorDataset with each batch moved by .to(device): time per optimizer step;
      The loss is read back each step (`total += loss.item()`), as most training loops do;
  (b) ops:   torch.tanh(x @ w + 0.01) on 64×64 plus one .to(device) per iteration;
  (c) reads: x.sum().item() on 64×64, the watcher's read-back counting at its worst (a call
      that costs little itself, counted for the sync_in_step finding).

The watcher records to a temporary file (no app). Targets: ≤ 5 % per step, ≤ 20 % per op loop,
≤ 30 % per read (a loop that does nothing but read scalars back: the counting is a fixed
~0.3 µs a call, where a read of a GPU tensor waits ≥ 10 µs).

  python3 bench/watch_overhead.py [--rounds 10] [--steps 40] [--iters 3000] [--device cpu]
Prints a table, then one JSON line.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import tempfile
import time
from typing import Callable, Dict, List

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import torch  # noqa: E402
from torch.utils.data import DataLoader, TensorDataset  # noqa: E402

import tensorkitchen  # noqa: E402


def spirals(n: int) -> TensorDataset:
    g = torch.Generator().manual_seed(0)
    t = torch.rand(n, generator=g) * 3 * math.pi
    label = torch.randint(0, 2, (n,), generator=g)
    sign = label.float() * 2 - 1
    x = torch.stack([t * torch.cos(t) * sign, t * torch.sin(t) * sign], 1) / 10
    return TensorDataset(x + 0.02 * torch.randn(n, 2, generator=g), label)


def make_train(device: torch.device, steps: int) -> Callable[[], float]:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(2, 64), torch.nn.Tanh(),
                                torch.nn.Linear(64, 64), torch.nn.Tanh(),
                                torch.nn.Linear(64, 2)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = torch.nn.CrossEntropyLoss()
    loader = DataLoader(spirals(256 * steps), batch_size=256, shuffle=True)

    def round_() -> float:
        start = time.perf_counter()
        n = 0
        total = 0.0
        for xb, yb in loader:
            xb = xb.to(device)
            yb = yb.to(device)
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item()
            n += 1
        return (time.perf_counter() - start) / n
    return round_


def make_ops(device: torch.device, iters: int) -> Callable[[], float]:
    x = torch.randn(64, 64)
    w = torch.randn(64, 64)

    def round_() -> float:
        start = time.perf_counter()
        for _ in range(iters):
            y = torch.tanh(x @ w + 0.01)
            y = y.to(device)
        return (time.perf_counter() - start) / iters
    return round_


def make_reads(iters: int) -> Callable[[], float]:
    x = torch.randn(64, 64)

    def round_() -> float:
        start = time.perf_counter()
        total = 0.0
        for _ in range(iters):
            total += x.sum().item()
        return (time.perf_counter() - start) / iters
    return round_


def fresh(record: str) -> str:
    """`record` gone: a recording is always a new file (one at its name is written beside)."""
    if os.path.lexists(record):
        os.unlink(record)
    return record


def abab(fn: Callable[[], float], rounds: int, record: str) -> Dict[str, object]:
    fn()  # warm up both ways once
    with tensorkitchen.watching(record=fresh(record), app=False, announce=False):
        fn()
    plain: List[float] = []
    watched: List[float] = []

    def with_watcher() -> float:
        tensorkitchen.watch(record=fresh(record), app=False, announce=False)
        time.sleep(0.02)  # its threads started: the steady state is what is measured
        try:
            return fn()
        finally:
            tensorkitchen.unwatch()

    for i in range(rounds):
        # Pairs alternate their order (AB, BA, …) so that a drift in the machine's load
        # does not favour one side.
        if i % 2 == 0:
            plain.append(fn())
            watched.append(with_watcher())
        else:
            watched.append(with_watcher())
            plain.append(fn())
    ratios = [b / a for a, b in zip(plain, watched)]
    return {"plain_s": statistics.median(plain), "watched_s": statistics.median(watched),
            "ratio_median": statistics.median(ratios), "ratio_min": min(ratios),
            "ratio_max": max(ratios), "rounds": rounds}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--steps", type=int, default=40, help="optimizer steps per round")
    ap.add_argument("--iters", type=int, default=3000, help="op-loop iterations per round")
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--threads", type=int, default=1, help="torch.set_num_threads")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    device = torch.device(args.device)
    record = os.path.join(tempfile.mkdtemp(prefix="tk-bench-"), "bench.tkwatch")
    results = {
        "train": abab(make_train(device, args.steps), args.rounds, record),
        "ops": abab(make_ops(device, args.iters), args.rounds, record),
        "reads": abab(make_reads(args.iters), args.rounds, record),
    }
    targets = {"train": 1.05, "ops": 1.20, "reads": 1.30}
    print("watch overhead: torch %s, Python %s, device %s, %d thread(s), %d interleaved rounds (AB, BA, …)"
          % (torch.__version__, platform.python_version(), device, args.threads, args.rounds))
    print("%-6s %14s %14s %10s %16s %8s" % ("loop", "plain", "watched", "ratio", "min…max",
                                            "target"))
    for name, r in results.items():
        unit = "step" if name == "train" else "iter"
        print("%-6s %9.1f µs/%s %6.1f µs/%s %9.3f× %7.3f…%.3f %7.2f× %s"
              % (name, r["plain_s"] * 1e6, unit[0], r["watched_s"] * 1e6, unit[0],
                 r["ratio_median"], r["ratio_min"], r["ratio_max"], targets[name],
                 "ok" if r["ratio_median"] <= targets[name] else "OVER"))
    print(json.dumps({"torch": torch.__version__, "python": platform.python_version(),
                      "device": str(device), "threads": args.threads, "results": results,
                      "targets": targets}))
    ok = all(results[k]["ratio_median"] <= targets[k] for k in targets)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
