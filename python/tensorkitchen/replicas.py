"""The training race's MLP trained by N processes with DistributedDataParallel.

    python -m tensorkitchen.replicas --ranks 2 --steps 600 --json
    python -m tensorkitchen.replicas --ranks 3 --batch 126 --socket "$TENSORKITCHEN_SOCKET"

    from tensorkitchen import replicas
    result = replicas.train(ranks=2, steps=100)      # -> ReplicaResult

Each rank is a process started by torch.multiprocessing (spawn) that joins a torch.distributed
group (gloo on 127.0.0.1 for the CPU, nccl with one rank per GPU for cuda), trains its shard
of every global batch (DistributedSampler) and, with --socket, reports its own watch-protocol
stream (docs/watch-protocol.md, "Several processes"). See python/README.md.

Exit codes: 0 done, 2 bad input or a port in use (nothing started), 3 a rank failed (the
others were stopped), 130/143 interrupted (SIGINT/SIGTERM; every rank stopped).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
from typing import Any, Dict, List, NoReturn, Optional

import torch

from . import _transport
from ._replica_launch import Launch, LaunchError, RankFailed, Stopped

__all__ = ["train", "ReplicaResult", "LaunchError", "RankFailed", "Stopped", "main",
           "MAX_RANKS"]

MAX_RANKS = 8
MAX_GRID = 256  # the decision picture's side, in points


@dataclasses.dataclass
class ReplicaResult:
    """What a run measured; `to_dict()` is the launcher's --json (the keys below)."""
    ranks: int
    parallel: str
    backend: str
    device: str
    batch: int
    steps: int
    threads_per_rank: int
    torch: str
    losses: List[float]              # global loss per step: the mean of the ranks' losses
    step_s: List[float]              # the slowest rank's seconds per step
    allreduce_s: List[float]         # mean over ranks per step
    allreduce_bytes: int             # bytes each rank all-reduced per step
    rank_step_s: List[List[float]]   # [rank][step]
    rank_forward_s: List[List[float]]
    rank_backward_s: List[List[float]]
    rank_optimizer_s: List[List[float]]
    rank_allreduce_s: List[List[float]]
    samples_per_s: float             # batch / median(step_s)
    buckets: int = 0                 # DDP's gradient buckets (in step 1)
    parameters: int = 0
    pids: List[int] = dataclasses.field(default_factory=list)
    store: str = "file"              # the rendezvous: a FileStore in the run's private folder
    port: int = 0                    # held on 127.0.0.1 for the run (it names the group)
    startup_s: float = 0.0           # spawn until the last rank's DDP was built
    optimizer_impl: str = ""         # "single-tensor", "foreach" or "fused", as torch.optim picked
    # With grid > 0: the trained model's P(class 1) over a grid × grid picture of [-1.2, 1.2]²,
    # row 0 at the top (rank 0's model, after the last step).
    decision: List[float] = dataclasses.field(default_factory=list)

    def to_dict(self) -> Dict[str, Any]:
        return dataclasses.asdict(self)


def _check(ranks: int, device: str, parallel: str, width: int, depth: int, batch: int,
           steps: int, lr: float, optimizer: str, points: int, threads: int, port: int,
           timeout: float, socket: Optional[str], grid: int = 0) -> int:
    """Raise LaunchError with a one-line message for bad input; return the GPU count."""
    if device not in ("cpu", "cuda"):
        raise LaunchError("--device must be cpu or cuda (got %r)." % device)
    if parallel not in ("ddp", "dp", "none"):
        raise LaunchError("--parallel must be ddp, dp or none (got %r)." % parallel)
    if optimizer not in ("adam", "sgd"):
        raise LaunchError("--optimizer must be adam or sgd (got %r)." % optimizer)
    gpus = torch.cuda.device_count() if torch.cuda.is_available() else 0
    if parallel == "dp":
        if gpus < 2:
            raise LaunchError(
                "nn.DataParallel needs two GPUs or more; this machine has %d, so the guide's "
                "`if torch.cuda.device_count() > 1:` skips it and the model trains on one "
                "device." % gpus)
    elif parallel == "none":
        if ranks != 1:
            raise LaunchError("--parallel none trains in one process: --ranks must be 1 "
                              "(got %d)." % ranks)
        if device == "cuda" and gpus < 1:
            raise LaunchError("--device cuda needs a GPU; this machine has none.")
    else:
        if ranks < 1:
            raise LaunchError("--ranks must be at least 1 (got %d)." % ranks)
        if ranks > MAX_RANKS:
            raise LaunchError("--ranks %d is more than %d, the most this launcher starts."
                              % (ranks, MAX_RANKS))
        if device == "cuda" and ranks > gpus:
            raise LaunchError("--ranks %d on cuda needs %d GPUs (one per rank); this machine "
                              "has %d." % (ranks, ranks, gpus))
    for name, value, low in (("--width", width, 1), ("--depth", depth, 0), ("--steps", steps, 1),
                             ("--points", points, 2), ("--threads", threads, 1),
                             ("--batch", batch, 1)):
        if value < low:
            raise LaunchError("%s must be at least %d (got %d)." % (name, low, value))
    if not lr > 0:
        raise LaunchError("--lr must be greater than 0 (got %g)." % lr)
    if not timeout > 0:
        raise LaunchError("--timeout must be greater than 0 seconds (got %g)." % timeout)
    if not 0 <= port <= 65535:
        raise LaunchError("--port must be 0 to 65535 (got %d)." % port)
    if not 0 <= grid <= MAX_GRID:
        raise LaunchError("--grid must be 0 to %d (got %d)." % (MAX_GRID, grid))
    world = ranks if parallel == "ddp" else 1
    if batch % world:
        low, high = batch - batch % world, batch - batch % world + world
        choice = "%d or %d" % (low, high) if low > 0 else "%d" % high
        raise LaunchError("The global batch %d does not split evenly over %d ranks: use a "
                          "multiple of %d (%s)." % (batch, world, world, choice))
    if batch > points:
        raise LaunchError("The global batch %d is larger than the data set (%d points)."
                          % (batch, points))
    if socket:
        if not os.path.exists(socket):
            raise LaunchError("No app listening at %s." % socket)
        if not _transport._folder_is_private(socket):
            raise LaunchError("Refusing %s: its folder is not the user's own with mode 0700."
                              % socket)
    return gpus


def train(ranks: int = 2, *, device: str = "cpu", parallel: str = "ddp", width: int = 64,
          depth: int = 2, batch: int = 128, steps: int = 600, seed: int = 0, lr: float = 0.01,
          optimizer: str = "adam", points: int = 2048, threads: Optional[int] = None,
          port: int = 0, timeout: float = 60.0, socket: Optional[str] = None,
          argv: Optional[List[str]] = None, grid: int = 0) -> ReplicaResult:
    """Train the race's MLP with `ranks` DDP processes (or, parallel="dp", one DataParallel
    process over every GPU; parallel="none", one process and a plain model: the race's Python
    lane) and return what they measured.

    Raises LaunchError (bad input, port in use; nothing started), RankFailed (a rank raised,
    died or stalled; the others were stopped) or Stopped (SIGINT/SIGTERM). Called from a
    script, keep the call under `if __name__ == "__main__":` (spawn imports the main module).
    """
    if threads is None:
        threads = max(1, (os.cpu_count() or 1) // max(1, ranks))
    gpus = _check(ranks, device, parallel, width, depth, batch, steps, lr, optimizer, points,
                  threads, port, timeout, socket, grid)
    nprocs = ranks if parallel == "ddp" else 1
    backend = "none" if parallel != "ddp" else ("nccl" if device == "cuda" else "gloo")
    spec: Dict[str, Any] = dict(
        ranks=nprocs, device=device, parallel=parallel, width=width, depth=depth, batch=batch,
        steps=steps, seed=seed, lr=lr, optimizer=optimizer, points=points, threads=threads,
        port=port, timeout=float(timeout), socket=socket, backend=backend, gpus=gpus, grid=grid,
        argv=list(sys.argv if argv is None else argv))
    launch = Launch(spec, nprocs)
    results = launch.run()
    return _result(spec, results, launch.spawned_at)


def _result(spec: Dict[str, Any], results: List[Dict[str, Any]],
            spawned_at: float) -> ReplicaResult:
    per = [r["steps"] for r in results]
    n = spec["ranks"]
    steps = spec["steps"]
    losses = [sum(p["loss"][k] for p in per) / n for k in range(steps)]
    step_s = [max(p["seconds"][k] for p in per) for k in range(steps)]
    allreduce_s = [sum(p["allreduce_s"][k] for p in per) / n for k in range(steps)]
    median = statistics.median(step_s)
    return ReplicaResult(
        ranks=n, parallel=spec["parallel"], backend=spec["backend"], device=spec["device"],
        batch=spec["batch"], steps=steps, threads_per_rank=spec["threads"],
        torch=str(torch.__version__), losses=losses, step_s=step_s, allreduce_s=allreduce_s,
        allreduce_bytes=int(results[0]["allreduce_bytes"]),
        rank_step_s=[p["seconds"] for p in per], rank_forward_s=[p["forward_s"] for p in per],
        rank_backward_s=[p["backward_s"] for p in per],
        rank_optimizer_s=[p["optimizer_s"] for p in per],
        rank_allreduce_s=[p["allreduce_s"] for p in per],
        samples_per_s=spec["batch"] / median if median > 0 else 0.0,
        buckets=int(results[0]["buckets"]), parameters=int(results[0]["params"]),
        pids=[int(r["pid"]) for r in results], store=spec["store"], port=spec["port"],
        startup_s=max(r["ready"] for r in results) - spawned_at,
        optimizer_impl=str(results[0].get("optimizer_impl", "")),
        decision=[float(v) for v in results[0].get("decision", [])])


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, like every other refusal (the app shows the launcher's last stderr line).
        self.exit(2, "tensorkitchen.replicas: %s (see --help)\n" % message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="python -m tensorkitchen.replicas",
        description="Train the race's two-spirals MLP with N DistributedDataParallel "
                    "processes on this machine (gloo on 127.0.0.1, or nccl with one rank per GPU).")
    p.add_argument("--ranks", type=int, default=2, help="processes, 1..8 (default 2)")
    p.add_argument("--device", default="cpu", help="cpu (gloo) or cuda (nccl, rank r on cuda:r)")
    p.add_argument("--parallel", default="ddp",
                   help="ddp; dp: nn.DataParallel in one process; none: one process, a plain "
                        "model (what a one-device PyTorch program runs)")
    p.add_argument("--width", type=int, default=64)
    p.add_argument("--depth", type=int, default=2)
    p.add_argument("--batch", type=int, default=128, help="the GLOBAL batch (split over ranks)")
    p.add_argument("--steps", type=int, default=600)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lr", type=float, default=0.01)
    p.add_argument("--optimizer", default="adam", help="adam or sgd (momentum 0.9)")
    p.add_argument("--points", type=int, default=2048)
    p.add_argument("--threads", type=int, default=None,
                   help="torch threads per rank (default: CPUs // ranks, at least 1)")
    p.add_argument("--port", type=int, default=0,
                   help="a port on 127.0.0.1 held for the run, naming its group (default 0: a "
                        "free one); the ranks meet through a FileStore, nothing listens on it")
    p.add_argument("--timeout", type=float, default=60.0, help="every collective's timeout (s)")
    p.add_argument("--socket", default=None,
                   help="the app's watch socket: each rank sends its own stream there")
    p.add_argument("--grid", type=int, default=0,
                   help="with --json: the trained model's decision over a GRID x GRID picture")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        result = train(args.ranks, device=args.device, parallel=args.parallel,
                       width=args.width, depth=args.depth, batch=args.batch, steps=args.steps,
                       seed=args.seed, lr=args.lr, optimizer=args.optimizer, points=args.points,
                       threads=args.threads, port=args.port, timeout=args.timeout,
                       socket=args.socket, grid=args.grid, argv=["tensorkitchen.replicas"] + list(
                           sys.argv[1:] if argv is None else argv))
    except LaunchError as exc:
        sys.stderr.write("tensorkitchen.replicas: %s\n" % exc)
        return exc.exit_code
    except RankFailed as exc:
        sys.stderr.write("%s\n" % exc)
        return exc.exit_code
    except Stopped as exc:
        sys.stderr.write("tensorkitchen.replicas: %s; every rank was stopped.\n" % exc)
        return exc.exit_code
    if args.json:
        sys.stdout.write(json.dumps(result.to_dict()) + "\n")
    else:
        sys.stdout.write("%d rank(s) over %s: final loss %.4f, %.0f samples/s, step %.3f ms "
                         "(all-reduce %.3f ms, %d bytes)\n" % (
                             result.ranks, result.backend, result.losses[-1],
                             result.samples_per_s, statistics.median(result.step_s) * 1e3,
                             statistics.median(result.allreduce_s) * 1e3,
                             result.allreduce_bytes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
