#!/usr/bin/env python3
"""What the watcher costs on a loop of many small steps, and what it writes per step.

The loop (one step): a DataLoader batch, one move across devices, forward/backward/SGD on a
small MLP, `loss.item()`. On a machine without a GPU the move is `xb.to("meta")` (a real
device crossing the watcher reports as it reports `.to("cuda")`); with `--device cuda` it is
`.to("cuda")` and the model runs there.

Each round runs the whole loop once plain (A) and once watched (B), interleaved AB BA AB…;
the figures are medians: of the added µs per step (B_i − A_i) / steps, and of the paired
ratios B_i / A_i (DESIGN §3). The watcher records to a temporary file (no app); its size over
the steps is the bytes a step costs a recording. With `--bench PATH` (tensor-kitchen-bench),
the last recording is replayed headless (`watch --replay F --format json`) and its peak
resident memory read from the child's rusage.

Targets (issue 50): ≤ 10 µs added per step, ≤ 100 bytes per step, replay peak ≤ 3× the
recording's size. Pairs here swing by tens of µs a step with no watcher at all: `--control`
runs B unwatched too, and shows how far its pairs spread; many short rounds (`--steps 5000
--rounds 40`) give a tighter median than a few long ones.

  python3 bench/watch_steps.py [--steps 50000] [--rounds 5] [--bench build/app/tensor-kitchen-bench]
                               [--control] [--ablate patches] [--keep steps.tkwatch]
Prints a table, then one JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Callable, Dict, List, Optional

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import torch  # noqa: E402
from torch.utils.data import DataLoader, TensorDataset  # noqa: E402

import tensorkitchen  # noqa: E402


def make_loop(device: str, steps: int, batch: int) -> Callable[[], float]:
    torch.manual_seed(0)
    on = torch.device("cuda" if device == "cuda" else "cpu")
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(),
                                torch.nn.Linear(16, 2)).to(on)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    loss_fn = torch.nn.CrossEntropyLoss()
    data = TensorDataset(torch.randn(batch * 512, 8), torch.randint(0, 2, (batch * 512,)))
    loader = DataLoader(data, batch_size=batch, shuffle=True)
    target = "cuda" if device == "cuda" else "meta"

    def round_() -> float:
        n = 0
        total = 0.0
        start = time.perf_counter()
        while n < steps:
            for xb, yb in loader:
                moved = xb.to(target)  # the step's one move
                if device == "cuda":
                    xb, yb = moved, yb.to(target)
                opt.zero_grad()
                loss = loss_fn(model(xb), yb)
                loss.backward()
                opt.step()
                total += loss.item()
                n += 1
                if n >= steps:
                    break
        return time.perf_counter() - start
    return round_


def quartiles(values: List[float]) -> List[float]:
    q = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return [q[0], q[2]]


def fresh(record: str) -> str:
    if os.path.lexists(record):
        os.unlink(record)
    return record


# Runs argv[1:] in a child forked from a fresh small Python and prints its rusage peak: a
# child forked or vforked from the bench itself would count the bench's own pages (Linux keeps
# a process's peak across exec).
_PEAK = ("import os, sys\n"
         "pid = os.fork()\n"
         "if pid == 0:\n"
         "    null = os.open(os.devnull, os.O_WRONLY); os.dup2(null, 1); os.dup2(null, 2)\n"
         "    os.execv(sys.argv[1], sys.argv[1:])\n"
         "_, status, usage = os.wait4(pid, 0)\n"
         "print(os.waitstatus_to_exitcode(status), usage.ru_maxrss * 1024)\n")


def replay_peak(bench: str, record: str) -> Optional[Dict[str, float]]:
    """The headless replay's peak resident memory, and its wall time."""
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-S", "-c", _PEAK, bench, "watch", "--replay", record,
                          "--format", "json"], capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - start
    try:
        code, peak = (int(x) for x in out.stdout.split())
    except ValueError:
        return None
    if code not in (0, 1):
        return None
    return {"peak_bytes": float(peak), "seconds": seconds}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=50000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda"))
    ap.add_argument("--threads", type=int, default=1, help="torch.set_num_threads")
    ap.add_argument("--bench", help="tensor-kitchen-bench, to replay the last recording")
    ap.add_argument("--keep", metavar="PATH",
                    help="keep the last watched round's recording here (bench/gui-stall.sh --recording "
                         "opens it in the app); --rounds 1 makes just one")
    ap.add_argument("--control", action="store_true",
                    help="B unwatched too (A/A): how far pairs differ with no watcher at all")
    ap.add_argument("--ablate", choices=("patches",),
                    help="where the cost is: B watched with every patch undone (what the "
                         "watcher's threads cost); the move, wait and step are counted inside "
                         "their wrappers, so there is no observer to take out alone")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    loop = make_loop(args.device, args.steps, args.batch)
    record = os.path.join(tempfile.mkdtemp(prefix="tk-steps-"), "steps.tkwatch")

    def watched() -> float:
        if args.control:
            time.sleep(0.02)
            return loop()
        w = tensorkitchen.watch(record=fresh(record), app=False, announce=False)
        if args.ablate == "patches":
            w._patches.restore()  # type: ignore[attr-defined]
        time.sleep(0.02)  # its threads started: the steady state is measured
        try:
            return loop()
        finally:
            tensorkitchen.unwatch()

    make_loop(args.device, min(args.steps, 2000), args.batch)()  # warm up
    plain: List[float] = []
    seen: List[float] = []
    sizes: List[int] = []
    for i in range(args.rounds):
        if i % 2 == 0:
            plain.append(loop())
            seen.append(watched())
        else:
            seen.append(watched())
            plain.append(loop())
        sizes.append(os.path.getsize(record) if os.path.exists(record) else 0)
    added = [(b - a) / args.steps * 1e6 for a, b in zip(plain, seen)]
    ratios = [b / a for a, b in zip(plain, seen)]
    per_step = statistics.median(sizes) / args.steps
    replay = replay_peak(args.bench, record) if args.bench and not args.control else None
    if replay is not None:
        # What the replay holds for the recording: its peak over that of a recording of a
        # program that did nothing (the bench's own start-up: Qt, LibTorch).
        with open(record, "rb") as f:
            first = f.readline()
        empty = os.path.join(os.path.dirname(record), "empty.tkwatch")
        with open(empty, "wb") as f:
            f.write(first + b'{"type":"bye","t":0.1,"exit_code":0}\n')
        base = replay_peak(args.bench, empty)
        if base is not None:
            replay["growth_bytes"] = replay["peak_bytes"] - base["peak_bytes"]
    result: Dict[str, object] = {
        "torch": torch.__version__, "python": platform.python_version(),
        "device": args.device, "threads": args.threads, "steps": args.steps,
        "rounds": args.rounds, "plain_us_per_step": statistics.median(plain) / args.steps * 1e6,
        "watched_us_per_step": statistics.median(seen) / args.steps * 1e6,
        "added_us_median": statistics.median(added), "added_us_min": min(added),
        "added_us_max": max(added), "added_us_q1": quartiles(added)[0],
        "added_us_q3": quartiles(added)[1], "ratio_median": statistics.median(ratios),
        "control": args.control, "ablate": args.ablate,
        "recording_bytes": statistics.median(sizes), "bytes_per_step": per_step,
        "maxrss_self_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
    if replay is not None:
        result["replay_peak_bytes"] = replay["peak_bytes"]
        result["replay_seconds"] = replay["seconds"]
        result["replay_growth_bytes"] = replay.get("growth_bytes", float("nan"))
        result["replay_growth_over_size"] = replay.get("growth_bytes", float("nan")) / max(1, sizes[-1])
    if args.keep and not args.control and os.path.exists(record):
        shutil.copyfile(record, args.keep)
    print("watch steps: torch %s, Python %s, %s, %d thread(s), %d steps, %d interleaved rounds"
          % (torch.__version__, platform.python_version(), args.device, args.threads,
             args.steps, args.rounds))
    print("  plain %.1f µs/step, %s %.1f µs/step: %+.1f µs (quartiles %+.1f…%+.1f, all "
          "%+.1f…%+.1f), %.3f×"
          % (result["plain_us_per_step"], "plain again" if args.control else "watched",
             result["watched_us_per_step"], result["added_us_median"], result["added_us_q1"],
             result["added_us_q3"], min(added), max(added), result["ratio_median"]))
    print("  recording %.0f bytes per step (%.1f MB for %d steps)"
          % (per_step, statistics.median(sizes) / 1e6, args.steps))
    if replay is not None:
        print("  headless replay: peak %.0f MiB, %.1f MiB over an empty recording's (%.1f× the "
              "recording), %.1f s" % (replay["peak_bytes"] / 2**20,
                                      result["replay_growth_bytes"] / 2**20,
                                      result["replay_growth_over_size"], replay["seconds"]))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
