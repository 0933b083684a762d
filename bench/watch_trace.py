#!/usr/bin/env python3
"""What the watcher leaves in a program that does little: start-up and exit time, and memory.

  (a) start-up + exit: a script that only imports torch, run as `python3 s.py` (A) and as
      `python3 -m tensorkitchen --no-app --record F s.py` (B), in interleaved pairs
      (AB BA AB…); the figure is the median of the paired differences B_i - A_i. Each watched
      run's recording must end with `bye` (nothing dropped at exit). Target: ≤ 50 ms.
  (b) memory: a function that makes a 256 MiB tensor and moves it, `w = w.to("meta")`, then
      reports its RSS (VmRSS) and peak (VmHWM); plain and watched. Target: the same RSS.

  python3 bench/watch_trace.py [--pairs 11] [--python /usr/bin/python3]
Prints a table, then one JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, List

PACKAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python")

# The watcher's own phases, timed inside one process the way `python -m tensorkitchen` runs
# them (torch already imported): import, watch(), the script, unwatch().
PHASES_SCRIPT = """
import sys, time
import torch
t0 = time.perf_counter()
import tensorkitchen
from tensorkitchen import _runner
t1 = time.perf_counter()
tensorkitchen.watch(sys.argv[1], None, app=False, excepthook=False, announce=False)
t2 = time.perf_counter()
code = _runner.run(sys.argv[2], [])
t3 = time.perf_counter()
tensorkitchen.unwatch(code)
t4 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3)
"""

MEMORY_SCRIPT = """
import torch

def status(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return -1

def main():
    w = torch.ones(64 << 20)              # 256 MiB of float32, every page touched
    w = w.to("meta")
    return status("VmRSS"), status("VmHWM")

rss, peak = main()
print(rss, peak)
"""


PYCACHE = tempfile.mkdtemp(prefix="tk-bench-pycache-")


def env() -> Dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.path.abspath(PACKAGE)
    e.setdefault("OMP_NUM_THREADS", "1")
    # Compiled bytecode on both sides, as an installed package has it (the warm-up runs write
    # it, to a folder of the bench's own, never into the tree).
    e.pop("PYTHONDONTWRITEBYTECODE", None)
    e["PYTHONPYCACHEPREFIX"] = PYCACHE
    return e


def timed(cmd: List[str], cwd: str) -> float:
    """Wall seconds of one run; its CPU seconds (user + system, all its threads) go to CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env(), capture_output=True, timeout=300)
    seconds = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit("failed: %s\n%s" % (" ".join(cmd), proc.stderr.decode()[-2000:]))
    timed.cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)  # type: ignore[attr-defined]
    return seconds


def fresh(record: str) -> str:
    """`record` gone: a recording is always a new file (one at its name is written beside)."""
    if os.path.lexists(record):
        os.unlink(record)
    return record


def last_type(path: str) -> str:
    with open(path, "rb") as f:
        lines = f.read().splitlines()
    return json.loads(lines[-1])["type"] if lines else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=11)
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    py = args.python
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "s.py")
        with open(script, "w") as f:
            f.write("import torch\n")
        rec = os.path.join(tmp, "s.tkwatch")
        plain_cmd = [py, script]
        watched_cmd = [py, "-m", "tensorkitchen", "--no-app", "--record", rec, script]
        timed(plain_cmd, tmp)  # warm the page cache
        timed(watched_cmd, tmp)
        fresh(rec)
        plain: List[float] = []
        watched: List[float] = []
        cpu_plain: List[float] = []
        cpu_watched: List[float] = []
        for i in range(args.pairs):
            order = (plain_cmd, watched_cmd) if i % 2 == 0 else (watched_cmd, plain_cmd)
            for cmd in order:
                if cmd is watched_cmd:
                    fresh(rec)
                seconds = timed(cmd, tmp)
                (plain if cmd is plain_cmd else watched).append(seconds)
                (cpu_plain if cmd is plain_cmd else cpu_watched).append(timed.cpu)  # type: ignore[attr-defined]
            if last_type(rec) != "bye":
                raise SystemExit("the recording does not end with bye")
        diffs = [w - p for w, p in zip(watched, plain)]
        cpu_diffs = [w - p for w, p in zip(cpu_watched, cpu_plain)]

        phases_py = os.path.join(tmp, "phases.py")
        with open(phases_py, "w") as f:
            f.write(PHASES_SCRIPT)
        phases = []
        for _ in range(args.pairs):
            rec_p = fresh(os.path.join(tmp, "p.tkwatch"))
            out = subprocess.run([py, phases_py, rec_p, script], cwd=tmp,
                                 env=env(), capture_output=True, text=True, timeout=300,
                                 check=True).stdout.split()
            phases.append([float(x) for x in out])
        phase_ms = [1000 * statistics.median(p[i] for p in phases) for i in range(4)]

        mem = os.path.join(tmp, "m.py")
        with open(mem, "w") as f:
            f.write(MEMORY_SCRIPT)
        out_plain = subprocess.run([py, mem], cwd=tmp, env=env(), capture_output=True,
                                   text=True, timeout=300, check=True).stdout.split()
        out_watched = subprocess.run([py, "-m", "tensorkitchen", "--no-app", "--record",
                                      os.path.join(tmp, "m.tkwatch"), mem], cwd=tmp, env=env(),
                                     capture_output=True, text=True, timeout=300,
                                     check=True).stdout.split()
    shutil.rmtree(PYCACHE, ignore_errors=True)
    rss_plain, peak_plain = (int(x) for x in out_plain)
    rss_watched, peak_watched = (int(x) for x in out_watched)
    mib = 1 << 20
    print("start-up + exit, a script that only imports torch (%d interleaved pairs)" % args.pairs)
    print("  plain    median %.3f s" % statistics.median(plain))
    print("  watched  median %.3f s" % statistics.median(watched))
    print("  added    median %+.0f ms (pairs: %s)" % (
        1000 * statistics.median(diffs), " ".join("%+.0f" % (1000 * d) for d in diffs)))
    print("  CPU time (user + system) added, median %+.0f ms" % (1000 * statistics.median(cpu_diffs)))
    print("  the watcher's own phases in the process, medians: import %.1f ms, watch() %.1f ms, "
          "the script %.1f ms, unwatch() %.1f ms" % tuple(phase_ms))
    print("memory after w = w.to('meta') of a 256 MiB tensor, in a function")
    print("  plain    RSS %.1f MiB, peak %.1f MiB" % (rss_plain / mib, peak_plain / mib))
    print("  watched  RSS %.1f MiB, peak %.1f MiB" % (rss_watched / mib, peak_watched / mib))
    print(json.dumps({"pairs": args.pairs, "startup_added_ms": 1000 * statistics.median(diffs),
                      "cpu_added_ms": 1000 * statistics.median(cpu_diffs),
                      "phases_ms": phase_ms,
                      "plain_s": statistics.median(plain),
                      "watched_s": statistics.median(watched),
                      "rss_plain": rss_plain, "rss_watched": rss_watched,
                      "peak_plain": peak_plain, "peak_watched": peak_watched}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
