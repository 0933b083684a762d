"""One replica rank: the race's two-spirals MLP under DistributedDataParallel on its shard.

Runs in a process that `tensorkitchen.replicas` spawned. Data, model and batch order mirror
bench/torch_train.py (which gives the C++ trainer's losses bit for bit), so N ranks with a
global batch B see, together, exactly the single process's batches.
"""
from __future__ import annotations

import datetime
import json
import math
import os
import signal
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import torch
import torch.distributed as dist
import torch.nn.functional as F

from . import _hello, _transport

Message = Dict[str, Any]


def make_data(points: int, seed: int) -> Tuple[torch.Tensor, torch.Tensor]:
    """The race's two spirals, drawn from one seeded generator (as bench/torch_train.py)."""
    g = torch.Generator().manual_seed(seed)
    xs, ys = [], []
    turns = 3 * math.pi
    for k in range(2):
        t = torch.sqrt(torch.rand(points // 2, generator=g)) * turns
        angle = t + k * math.pi
        px = t * torch.cos(angle) / turns + torch.randn(points // 2, generator=g) * 0.05
        py = t * torch.sin(angle) / turns + torch.randn(points // 2, generator=g) * 0.05
        xs.append(torch.stack([px, py], 1))
        ys.append(torch.full((points // 2,), k, dtype=torch.int64))
    return torch.cat(xs).float(), torch.cat(ys)


def decision_grid(model: torch.nn.Module, size: int, device: torch.device,
                  extent: float = 1.2) -> List[float]:
    """What the model learned: P(class 1) over a size × size grid of [-extent, extent]², row 0
    at the top (+y), as the app's C++ lanes draw it (Trainer::decision)."""
    plain = getattr(model, "module", model)  # inside DDP or DataParallel
    with torch.no_grad():
        axis = torch.linspace(-extent, extent, size)
        rows, cols = torch.meshgrid(axis.flip(0), axis, indexing="ij")
        points = torch.stack([cols.reshape(-1), rows.reshape(-1)], 1).to(device)
        p = torch.softmax(plain(points), 1)[:, 1].cpu()
    return [round(float(v), 6) for v in p.tolist()]


def make_model(width: int, depth: int, seed: int) -> torch.nn.Sequential:
    torch.manual_seed(seed)
    layers: List[torch.nn.Module] = []
    width_in = 2
    for _ in range(depth):
        layers += [torch.nn.Linear(width_in, width), torch.nn.ReLU()]
        width_in = width
    layers.append(torch.nn.Linear(width_in, 2))
    return torch.nn.Sequential(*layers)


def make_optimizer(name: str, model: torch.nn.Module, lr: float) -> torch.optim.Optimizer:
    if name == "sgd":
        return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    return torch.optim.Adam(model.parameters(), lr=lr)


def optimizer_implementation(opt: torch.optim.Optimizer) -> str:
    """How torch.optim runs this optimizer's step, as it picks it by default: "fused",
    "foreach" (one kernel per operation over every parameter; CUDA's default since torch 2.0)
    or "single-tensor" (a loop over the parameters; the CPU's default, and every device's
    before 2.0)."""
    group = opt.param_groups[0]
    if group.get("fused"):
        return "fused"
    foreach = group.get("foreach")
    if foreach is None:
        import torch.optim.optimizer as optimizer_module
        pick = getattr(optimizer_module, "_default_to_fused_or_foreach", None)
        if pick is None:
            return "single-tensor"
        params = [p for g in opt.param_groups for p in g["params"]]
        try:
            fused, foreach = pick(params, differentiable=False, use_fused=False)
        except Exception:  # a private helper changed: say nothing rather than guess
            return ""
        if fused:
            return "fused"
    return "foreach" if foreach else "single-tensor"


class Shard:
    """This rank's batches: DistributedSampler's indices, cut into per-rank batches.

    The sampler's permutation (seed + 1000 + epoch) is the trainer's order and rank r takes
    order[r::N], so step k's N batches together are the trainer's k-th batch."""

    def __init__(self, dataset: Any, world: int, rank: int, seed: int, per_rank: int) -> None:
        from torch.utils.data.distributed import DistributedSampler
        self.sampler: Any = DistributedSampler(dataset, num_replicas=world, rank=rank, shuffle=True,
                                          seed=seed + 1000, drop_last=True)
        self.per_rank = per_rank
        self.epoch = -1
        self.indices = torch.empty(0, dtype=torch.int64)
        self.cursor = 0

    def next(self) -> torch.Tensor:
        if self.epoch < 0 or self.cursor + self.per_rank > len(self.indices):
            self.epoch += 1
            self.sampler.set_epoch(self.epoch)
            self.indices = torch.tensor(list(iter(self.sampler)), dtype=torch.int64)
            self.cursor = 0
        idx = self.indices[self.cursor:self.cursor + self.per_rank]
        self.cursor += self.per_rank
        return idx


class AllreduceTimer:
    """A DDP communication hook doing what torch's allreduce_hook does (divide by the world
    size, all_reduce asynchronously, return its future), timing each bucket from the hook's
    call to its future's completion."""

    def __init__(self, world: int) -> None:
        self.world = world
        self.seconds = 0.0   # this step's, summed over buckets
        self.bytes = 0
        self.buckets = 0

    def reset(self) -> None:
        self.seconds, self.bytes, self.buckets = 0.0, 0, 0

    def hook(self) -> Any:
        """The function for register_comm_hook (DDP wants a named plain function)."""
        timer = self

        # No annotations: DDP refuses a hook whose annotations are not GradBucket/Future (and
        # `from __future__ import annotations` would make them strings).
        def allreduce_timed_hook(state, bucket):
            t0 = time.perf_counter()
            tensor = bucket.buffer()
            tensor.div_(timer.world)
            timer.bytes += tensor.numel() * tensor.element_size()
            timer.buckets += 1
            fut = dist.all_reduce(tensor, async_op=True).get_future()

            def done(f):
                timer.seconds += time.perf_counter() - t0
                return f.value()[0]
            return fut.then(done)
        return allreduce_timed_hook


def _write_json(path: str, data: Dict[str, Any]) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f)
    os.replace(tmp, path)  # the launcher never reads half a file


def run_rank(rank: int, spec: Dict[str, Any], progress: Any, folder: str) -> None:
    """Entry point of a spawned rank (torch.multiprocessing passes `rank` first).

    progress[rank] is the step this rank is in (0 while starting), read by the launcher to say
    where a rank died. Errors go to <folder>/error-<rank>.json, results to result-<rank>.json.
    """
    # The launcher owns Ctrl-C; its death (PR_SET_PDEATHSIG: SIGINT) must end this rank even
    # inside a collective, where a Python handler would wait for the collective's timeout.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    transport: Optional[_transport.Transport] = None
    code = 0
    try:
        transport = _open_stream(rank, spec)
        result = _train(rank, spec, progress, transport)
        _write_json(os.path.join(folder, "result-%d.json" % rank), result)
        if transport is not None:
            transport.put_forced({"type": "bye", "t": _clock(spec), "exit_code": 0})
            transport.close()
            transport = None
        if dist.is_initialized():
            dist.destroy_process_group()
    except Exception as exc:
        first = (str(exc).strip().splitlines() or [""])[0][:500]
        _write_json(os.path.join(folder, "error-%d.json" % rank),
                    {"exception": type(exc).__name__, "message": first,
                     "step": int(progress[rank]), "t": time.monotonic()})
        if transport is not None:
            transport.put_forced({"type": "bye", "t": _clock(spec), "exit_code": 1})
            transport.close()
        code = 1
    # The rank's work is on disk. Leave without the interpreter's finalisation: under torch 2.x
    # the DDP reducer's Python comm hook can outlive destroy_process_group and be released on a
    # gloo thread while Python shuts down, which aborts the rank ("terminate called without an
    # active exception", seen on CI) after it finished.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _clock(spec: Dict[str, Any]) -> float:
    return max(0.0, time.monotonic() - spec["_t0"])


def _open_stream(rank: int, spec: Dict[str, Any]) -> Optional[_transport.Transport]:
    spec["_t0"] = time.monotonic()
    path = spec.get("socket")
    if not path:
        return None
    sock, why = _transport.connect(path)
    if sock is None:
        sys.stderr.write("tensorkitchen.replicas: rank %d sends nothing: %s\n" % (rank, why))
        return None
    transport = _transport.Transport(sock, None, lambda: _clock(spec))
    hello, _ = _hello.hello_message("tensorkitchen.replicas", spec["argv"],
                                    spec["device"] == "cuda")
    world = spec["ranks"] if spec["parallel"] == "ddp" else 1
    hello.update({"rank": rank, "world_size": world, "backend": spec["backend"],
                  "group": spec["group"], "device": _device_name(spec, rank),
                  "threads": spec["threads"], "parallel": spec["parallel"]})
    transport.put_forced(hello)
    transport.start()
    return transport


def _device_name(spec: Dict[str, Any], rank: int) -> str:
    if spec["device"] == "cuda":
        return "cuda:%d" % rank
    return "cpu"


def _init_group(rank: int, spec: Dict[str, Any]) -> None:
    timeout = datetime.timedelta(seconds=spec["timeout"])
    # gloo's sockets and nccl's bootstrap on loopback only (both pick another interface
    # by default).
    os.environ["GLOO_SOCKET_IFNAME"] = "lo"
    os.environ["NCCL_SOCKET_IFNAME"] = "lo"
    # The rendezvous: a FileStore in the run's private folder (the launcher's Store), never a
    # TCP store; no MASTER_ADDR or MASTER_PORT is read.
    store = dist.FileStore(spec["store_path"], spec["ranks"])
    dist.init_process_group(spec["backend"], store=store, rank=rank, world_size=spec["ranks"],
                            timeout=timeout)


def _train(rank: int, spec: Dict[str, Any], progress: Any,
           transport: Optional[_transport.Transport]) -> Dict[str, Any]:
    torch.set_num_threads(spec["threads"])
    ddp = spec["parallel"] == "ddp"
    world = spec["ranks"] if ddp else 1
    device = torch.device(_device_name(spec, rank) if ddp else "cuda:0") \
        if spec["device"] == "cuda" else torch.device("cpu")
    if device.type == "cuda":
        torch.cuda.set_device(device)
    x, y = make_data(spec["points"], spec["seed"])
    per_rank = spec["batch"] // world
    shard = Shard(torch.utils.data.TensorDataset(x, y), world, rank if ddp else 0,
                  spec["seed"], per_rank)
    model: torch.nn.Module = make_model(spec["width"], spec["depth"], spec["seed"]).to(device)
    timer = AllreduceTimer(world)
    ready = time.time()
    if ddp:
        _init_group(rank, spec)
        from torch.nn.parallel import DistributedDataParallel
        model = DistributedDataParallel(model, device_ids=[device.index] if device.type == "cuda"
                                        else None)
        model.register_comm_hook(None, timer.hook())
        ready = time.time()
    elif spec["parallel"] == "dp":
        model = torch.nn.DataParallel(model)
    # parallel "none": the model as a plain PyTorch program trains it, in this one process.
    opt = make_optimizer(spec["optimizer"], model, spec["lr"])
    implementation = optimizer_implementation(opt)
    params = sum(p.numel() for p in model.parameters())
    param_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
    steps: Dict[str, List[float]] = {k: [] for k in (
        "loss", "seconds", "forward_s", "backward_s", "optimizer_s", "allreduce_s")}
    allreduce_bytes = 0
    cuda = device.type == "cuda"
    opt_name = type(opt).__name__
    for n in range(1, spec["steps"] + 1):
        progress[rank] = n
        timer.reset()
        t0 = time.perf_counter()
        idx = shard.next()
        xb, yb = x.index_select(0, idx).to(device), y.index_select(0, idx).to(device)
        loss = F.cross_entropy(model(xb), yb)
        if cuda:
            torch.cuda.synchronize(device)
        t1 = time.perf_counter()
        loss.backward()
        if cuda:
            torch.cuda.synchronize(device)
        t2 = time.perf_counter()
        opt.step()
        opt.zero_grad()
        value = loss.item()
        t3 = time.perf_counter()
        allreduce_bytes = timer.bytes
        for key, v in (("loss", value), ("seconds", t3 - t0), ("forward_s", t1 - t0),
                       ("backward_s", t2 - t1), ("optimizer_s", t3 - t2),
                       ("allreduce_s", timer.seconds)):
            steps[key].append(v)
        if transport is not None:
            if n == 1:
                transport.put({"type": "notice", "t": _clock(spec), "text": _notice(
                    spec, world, timer.buckets, params, param_bytes,
                    "%s (%s)" % (opt_name, implementation or "torch.optim"))})
            transport.put({
                "type": "step", "t": _clock(spec), "n": n, "optimizer": opt_name,
                "seconds": t3 - t0, "wait_s": 0.0, "copy_s": 0.0, "bytes": 0, "moves": 0,
                "rank": rank, "loss": value, "samples": per_rank, "forward_s": t1 - t0,
                "backward_s": t2 - t1, "optimizer_s": t3 - t2, "allreduce_s": timer.seconds,
                "allreduce_bytes": timer.bytes})
    result = {"rank": rank, "pid": os.getpid(), "ready": ready, "buckets": timer.buckets,
              "params": params, "param_bytes": param_bytes, "allreduce_bytes": allreduce_bytes,
              "optimizer_impl": implementation, "steps": steps}
    if rank == 0 and spec.get("grid"):
        result["decision"] = decision_grid(model, spec["grid"], device)
    return result


def _notice(spec: Dict[str, Any], world: int, buckets: int, params: int, nbytes: int,
            optimizer: str) -> str:
    if spec["parallel"] == "none":
        return "Python PyTorch %s in one process on %s: autograd and torch.optim.%s" % (
            torch.__version__, spec["device"], optimizer)
    if spec["parallel"] == "dp":
        return ("DataParallel on %d GPUs in one process: the batch of %d is scattered, the "
                "outputs gathered on cuda:0" % (spec["gpus"], spec["batch"]))
    return "DDP on %s: %d rank%s over %s, %d bucket(s), %s parameters (%s bytes) " \
        "all-reduced per step" % (spec["device"], world, "" if world == 1 else "s",
                                  spec["backend"], buckets, format(params, ","),
                                  format(nbytes, ","))
