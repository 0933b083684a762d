"""DDP × N on this machine: python -m tensorkitchen.replicas for N = 1, 2, 3, 4, side by side.

    PYTHONPATH=python python3 bench/replicas_sweep.py [--ranks 1,2,3,4] [--steps 600]
        [--batch 96] [--rounds 2] [--threads T] [--json]

Each round runs every N once (interleaved, so a busy spell hits all N alike); a row is the
median over rounds of each run's medians. Columns: the slowest rank's step, its forward /
backward / all-reduce parts (rank medians, averaged over ranks), bytes all-reduced per rank per
step, samples/s of the group and its ratio to N = 1, the all-reduce share of a step, and the
spawn start-up (spawn until the last rank's DDP is built). The global batch must split over
every N (96 does for 1, 2, 3, 4).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

p = argparse.ArgumentParser()
p.add_argument("--ranks", default="1,2,3,4")
p.add_argument("--steps", type=int, default=600)
p.add_argument("--batch", type=int, default=96)
p.add_argument("--rounds", type=int, default=2)
p.add_argument("--threads", type=int, default=None, help="torch threads per rank (default: "
               "the launcher's, CPUs // N)")
p.add_argument("--json", action="store_true")
a = p.parse_args()
ranks = [int(n) for n in a.ranks.split(",")]

runs = {n: [] for n in ranks}
for _ in range(a.rounds):
    for n in ranks:
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "tensorkitchen.replicas", "--ranks", str(n),
                               "--batch", str(a.batch), "--steps", str(a.steps), "--json"]
                              + (["--threads", str(a.threads)] if a.threads else []),
                              capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            sys.exit("N=%d failed: %s" % (n, proc.stderr.strip()))
        out = json.loads(proc.stdout)
        out["wall_s"] = time.perf_counter() - t0
        runs[n].append(out)

med = statistics.median


def per_rank(out, key):
    return statistics.mean(med(r) for r in out[key])


rows = []
for n in ranks:
    rs = runs[n]
    step = med([med(r["step_s"]) for r in rs])
    allreduce = med([med(r["allreduce_s"]) for r in rs])
    rows.append({"ranks": n, "threads_per_rank": rs[0]["threads_per_rank"],
                 "step_s": step, "forward_s": med([per_rank(r, "rank_forward_s") for r in rs]),
                 "backward_s": med([per_rank(r, "rank_backward_s") for r in rs]),
                 "allreduce_s": allreduce, "allreduce_bytes": rs[0]["allreduce_bytes"],
                 "samples_per_s": med([r["samples_per_s"] for r in rs]),
                 "allreduce_share": allreduce / step if step else 0.0,
                 "startup_s": med([r["startup_s"] for r in rs]),
                 "wall_s": med([r["wall_s"] for r in rs]),
                 "final_loss": rs[0]["losses"][-1], "store": rs[0]["store"]})
base = rows[0]["samples_per_s"] if rows and rows[0]["ranks"] == 1 else None
for r in rows:
    r["vs_1"] = r["samples_per_s"] / base if base else None

if a.json:
    print(json.dumps({"torch": runs[ranks[0]][0]["torch"], "cpus": os.cpu_count(),
                      "steps": a.steps, "batch": a.batch, "rounds": a.rounds, "rows": rows}))
else:
    print("torch %s, %d CPUs, batch %d, %d steps, median of %d rounds"
          % (runs[ranks[0]][0]["torch"], os.cpu_count(), a.batch, a.steps, a.rounds))
    print("| N | threads/rank | step | forward | backward | all-reduce | bytes/step | samples/s "
          "| vs N=1 | all-reduce share | start-up |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %d | %d | %.3f ms | %.3f ms | %.3f ms | %.3f ms | %d | %.0f | %s | %.0f %% | %.2f s |"
              % (r["ranks"], r["threads_per_rank"], r["step_s"] * 1e3, r["forward_s"] * 1e3,
                 r["backward_s"] * 1e3, r["allreduce_s"] * 1e3, r["allreduce_bytes"],
                 r["samples_per_s"], "%.2f×" % r["vs_1"] if r["vs_1"] else "-",
                 100 * r["allreduce_share"], r["startup_s"]))
