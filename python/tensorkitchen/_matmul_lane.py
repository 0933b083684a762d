"""The matmul race's Python lane: `a @ b` timed by torch.utils.benchmark in this interpreter.

The app starts one process per Python lane (`python -m tensorkitchen._matmul_lane --threads N`)
and asks for one point at a time, so the lane pays what a user's Python pays per call (the
interpreter, the dispatcher's Python binding) and nothing the app adds. Protocol, one JSON
object per line: this process first writes {"hello": …}; then for each request read from stdin,
{"n", "device", "dtype", "mode", "min_run_time"}, it writes one reply, the point's figures or
{"error": "…"}. It ends at the end of stdin.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import IO, Any, Callable, Dict, List, Optional

import torch
import torch.utils.benchmark as benchmark

Message = Dict[str, Any]

MODES = ("compute", "end-to-end", "naive")
MAX_N = 65536  # the race's own limit (MatmulBench::kMaxN)


def _wall() -> float:
    # A clock of our own: torch.utils.benchmark swaps its default timer for one that
    # synchronises CUDA, and naive mode is the lane that does not.
    return time.perf_counter()


def parse_request(line: str) -> Message:
    """The request's fields, checked; ValueError says what is wrong with it."""
    try:
        req = json.loads(line)
    except ValueError as e:
        raise ValueError("not JSON: %s" % e) from None
    if not isinstance(req, dict):
        raise ValueError("a request is a JSON object")
    n = req.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_N:
        raise ValueError("n must be a whole number from 1 to %d" % MAX_N)
    dtype = req.get("dtype")
    if not isinstance(dtype, str) or not isinstance(getattr(torch, dtype, None), torch.dtype):
        raise ValueError("unknown dtype %r" % (dtype,))
    device = req.get("device")
    if not isinstance(device, str):
        raise ValueError("device must be a string")
    mode = req.get("mode", "compute")
    if mode not in MODES:
        raise ValueError("mode must be one of %s" % ", ".join(MODES))
    min_run_time = req.get("min_run_time")
    if (not isinstance(min_run_time, (int, float)) or isinstance(min_run_time, bool)
            or not math.isfinite(min_run_time) or not 0 < min_run_time <= 60):
        raise ValueError("min_run_time must be seconds in (0, 60]")
    return {"n": n, "dtype": dtype, "device": device, "mode": mode,
            "min_run_time": float(min_run_time)}


def time_point(req: Message) -> Message:
    """One point, as the C++ lane times it: the same A and B (seed 0), a cold call timed
    alone, then torch.utils.benchmark's blocked_autorange."""
    n, device, mode = req["n"], torch.device(req["device"]), req["mode"]
    dtype = getattr(torch, req["dtype"])
    g = torch.Generator().manual_seed(0)
    a = torch.randn(n, n, generator=g, dtype=dtype)
    b = torch.randn(n, n, generator=g, dtype=dtype)
    end_to_end = mode == "end-to-end" and device.type != "cpu"
    if end_to_end:
        stmt = "(a.to(device) @ b.to(device)).cpu()"
    else:
        a, b = a.to(device), b.to(device)
        stmt = "a @ b"
    sync = device.type == "cuda" and mode != "naive"

    def clock() -> float:
        if sync:
            torch.cuda.synchronize(device)
        return _wall()

    threads = torch.get_num_threads()
    scope = {"a": a, "b": b, "device": device}
    timer = benchmark.Timer(stmt=stmt, globals=scope, num_threads=threads, timer=clock)
    cpu_before = time.process_time()
    def first_call() -> None:
        if end_to_end:
            (a.to(device) @ b.to(device)).cpu()
        else:
            a @ b

    with torch.no_grad():
        start = clock()
        first_call()  # the cold call: what the first `a @ b` of a program pays
        cold = clock() - start
        m = timer.blocked_autorange(min_run_time=req["min_run_time"])
    return {"n": n, "median_s": m.median, "iqr_s": m.iqr, "cold_s": cold,
            "number_per_run": m.number_per_run, "blocks": len(m.times), "threads": threads,
            "cpu_s": time.process_time() - cpu_before}


def serve(read: IO[str], write: Callable[[Message], None]) -> None:
    for line in read:
        if not line.strip():
            continue
        try:
            reply = time_point(parse_request(line))
        except Exception as e:  # every failure is the app's to show, in the reply
            reply = {"error": ("%s: %s" % (type(e).__name__, e)).strip()}
        write(reply)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tensorkitchen._matmul_lane")
    parser.add_argument("--threads", type=int, default=0,
                        help="torch.set_num_threads (0: what python3 gives)")
    args = parser.parse_args(argv)
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    out = sys.stdout

    def write(message: Message) -> None:
        out.write(json.dumps(message) + "\n")
        out.flush()

    write({"hello": 1, "pid": os.getpid(), "torch": torch.__version__,
           "python": sys.version.split()[0], "threads": torch.get_num_threads()})
    serve(sys.stdin, write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
