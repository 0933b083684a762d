"""The watcher's wrappers: moves (through _moves, shared with the console), the DataLoader,
optimizer steps, torch.distributed's collectives and reads of values back.

Not a TorchFunctionMode: that costs every op (DESIGN §3); these cost only the calls they wrap.
Each wrapper calls the original exactly once with the same arguments and returns its result;
an exception from the original propagates as the same object with the traceback plain Python
gives (the wrapper's frame taken off), one from the watcher is reported once and the call
goes on unwatched.
"""
from __future__ import annotations

import functools
import sys
from time import perf_counter
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

import torch

from . import _frames, _moves, _protocol
from ._moves import Patches

if TYPE_CHECKING:  # pragma: no cover
    from ._gpu_idle import GpuGaps
    from ._outbox import Outbox
    from ._state import WatchState
    from ._watch_moves import MoveWatch
    from ._watch_steps import StepWatch


def install(state: WatchState, moves: MoveWatch, steps: StepWatch, gaps: Optional[GpuGaps],
            out: Outbox, patches: Patches) -> None:
    """Put every wrapper in place, each telling its observer. Each part is separate: one
    failing leaves the others. A wrapper reads `state.mute` and nothing else when muted."""
    # Tensor and Module moves: _moves, the one place where a move is intercepted (the console's
    # too); the watcher times them with perf_counter or CUDA events (MoveWatch.tensor_started).
    parts: List[Tuple[str, Callable[[], None]]] = [
        ("tensor", lambda: _moves.install_tensor(moves, patches, gate=state)),
        ("module", lambda: _moves.install_module(moves, patches, gate=state)),
        ("dataloader", lambda: _install_dataloader(state, steps, patches)),
        ("optimizer", lambda: _install_optimizer(state, steps, patches)),
        ("collectives", lambda: _install_collectives(state, steps, patches)),
        ("calls", lambda: _install_calls(state, patches)),
        ("compile", lambda: _install_compile(gaps, patches)),
        ("graph_capture", lambda: _install_graph_capture(state, patches))]
    for name, part in parts:
        try:
            part()
        except Exception as exc:
            out.notice("tensorkitchen: could not watch %s: %r" % (name, exc))


def _install_dataloader(w: WatchState, steps: StepWatch, patches: Patches) -> None:
    from torch.utils.data import dataloader
    Iter = dataloader._BaseDataLoaderIter
    orig = Iter.__dict__["__next__"]
    wrapper = steps.wrap_next(orig)
    functools.update_wrapper(wrapper, orig, updated=())
    patches.set(Iter, "__next__", wrapper)
    # Where each DataLoader is made: the line its fix (num_workers=, pin_memory=) goes on.
    init = dataloader.DataLoader.__dict__["__init__"]
    made = steps.wrap_loader_init(init)
    functools.update_wrapper(made, init, updated=())
    patches.set(dataloader.DataLoader, "__init__", made)


def describe_dataset(message: Dict[str, Any], dataset: Any) -> None:
    """A data_wait's dataset: its class and, for a TensorDataset, its bytes (the whole that
    per_batch_move would move once)."""
    if dataset is None:
        return
    message["dataset"] = type(dataset).__name__[:64]
    if isinstance(dataset, torch.utils.data.TensorDataset):
        try:
            message["dataset_bytes"] = sum(_moves.tensor_bytes(t) for t in dataset.tensors)
        except Exception:
            pass  # a subclass's own `tensors`: the wait is still sent, without a size


# torch.distributed's collectives as a program calls them (dist.all_reduce(t)); DDP's gradient
# all-reduce runs in its C++ reducer and is not among them.
COLLECTIVES = ("all_reduce", "broadcast", "reduce", "all_gather", "all_gather_into_tensor",
               "gather", "scatter", "reduce_scatter", "reduce_scatter_tensor", "all_to_all",
               "all_to_all_single", "barrier")


def collective_bytes(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> int:
    """The bytes of the tensors a collective was given (its first tensor or list of them)."""
    for arg in list(args[:2]) + list(kwargs.values()):
        if isinstance(arg, torch.Tensor):
            return int(arg.numel() * arg.element_size())
        if isinstance(arg, (list, tuple)) and arg and isinstance(arg[0], torch.Tensor):
            return int(sum(t.numel() * t.element_size() for t in arg[:4096]
                           if isinstance(t, torch.Tensor)))
    return 0


def _install_collectives(w: WatchState, steps: StepWatch, patches: Patches) -> None:
    dist = sys.modules.get("torch.distributed")
    if dist is None or not dist.is_available():
        return
    pc = perf_counter
    hide = _frames.hide_frame

    def make(op: str, orig: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            watching = not w.mute
            t0 = pc()
            try:
                out = orig(*args, **kwargs)
            except BaseException as exc:
                hide(exc)
                raise
            if watching:
                steps.collective(op, pc() - t0, args, kwargs, out)
            return out
        return wrapper

    for op in COLLECTIVES:
        orig = getattr(dist, op, None)
        if callable(orig):
            fn = make(op, orig)
            functools.update_wrapper(fn, orig, updated=())
            patches.set(dist, op, fn)


# What makes the host wait for a device's queued work (source text 004: synchronize): reading a
# value (item, tolist, numpy), printing or formatting a tensor, torch.cuda.synchronize. A
# device-to-CPU .cpu()/.to() is one too, and already a move. And pin_memory(), a copy each call.
# Counted only where the user's own line calls it (torch's internal calls, such as an optimizer
# reading its step or the DataLoader pinning a batch, are not theirs).
CALLS = _protocol.READ_BACKS
MAX_CALL_KEYS = 256  # (code, line, what) counted in a step; the user's 32 of them are sent


def _install_calls(w: WatchState, patches: Patches) -> None:
    Tensor = torch.Tensor
    pc = perf_counter
    hide = _frames.hide_frame
    getframe = sys._getframe
    limit = MAX_CALL_KEYS
    user_files = _frames.user_files

    # The hot path of a loop that reads values back (a metric per element): counted by the
    # caller's code object and line in a dict the step takes, with nothing else done here. A
    # file already known not to be the user's (torch's: Adam reads each parameter's step) is
    # skipped at once; any other is decided once per line when the step ends.
    # A read is timed only for a CUDA tensor (on the CPU nothing waits); pin_memory() always
    # (its copy is the cost, and it is made from the CPU).
    def make(what: str, orig: Callable[..., Any], meta_too: bool) -> Callable[..., Any]:
        always = what == "pin_memory"
        repeats = what == "repeat_interleave"

        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            cuda = w.cuda and self.is_cuda
            timed = cuda or always
            t0 = pc() if timed else 0.0
            try:
                out = orig(self, *args, **kwargs)
            except BaseException as exc:
                hide(exc)
                raise
            if meta_too and self.is_meta:
                return out  # a meta tensor: no data, no wait
            if repeats and not _repeats_wait(args, kwargs):
                return out  # repeats as a number, or the output's size given: no wait
            # Counted even before start() and inside a module's move (none is made there):
            # only a step message, sent while watching, takes the counts.
            try:
                frame = getframe(1)
                code = frame.f_code
                if user_files.get(code.co_filename) is False:
                    return out  # torch's own (an optimizer reading its step): never counted
                # id(code), not code (its hash reads its contents; the value keeps it alive),
                # and the instruction, not f_lineno (computed from the line table each time):
                # the line is found once, when the step ends.
                key = (id(code), frame.f_lasti, what)
                counts = w.call_counts
                seen = counts.get(key)
                if seen is None:
                    if len(counts) < limit:
                        counts[key] = [1, pc() - t0 if timed else 0.0, cuda, code]
                else:
                    seen[0] += 1
                    if timed:
                        seen[1] += pc() - t0
            except Exception:
                pass  # (no caller frame: called from a thread's C entry) not counted
            return out
        functools.update_wrapper(wrapper, orig, updated=())
        return wrapper

    for name in CALLS:
        orig = Tensor.__dict__.get(name) or getattr(Tensor, name, None)
        if callable(orig):
            patches.set(Tensor, name, make(name, orig, name not in ("item", "tolist", "numpy",
                                                                     "pin_memory")))
    cuda = sys.modules.get("torch.cuda")
    sync_orig = getattr(cuda, "synchronize", None)
    if not callable(sync_orig):
        return

    def synchronize(*args: Any, **kwargs: Any) -> Any:
        t0 = pc()
        try:
            out = sync_orig(*args, **kwargs)
        except BaseException as exc:
            hide(exc)
            raise
        try:  # counted as the tensor reads are (bounded, before start() too)
            seconds = pc() - t0
            frame = getframe(1)
            key = (id(frame.f_code), frame.f_lasti, "synchronize")
            counts = w.call_counts
            seen = counts.get(key)
            if seen is None:
                if len(counts) < limit:
                    counts[key] = [1, seconds, True, frame.f_code]
            else:
                seen[0] += 1
                seen[1] += seconds
        except Exception:
            pass
        return out

    functools.update_wrapper(synchronize, sync_orig, updated=())
    patches.set(cuda, "synchronize", synchronize)


def _repeats_wait(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> bool:
    """repeat_interleave waits for the device when its repeats are a tensor and the output's
    size is not given: it has to add the repeats up first."""
    if kwargs.get("output_size") is not None:
        return False
    return isinstance(args[0] if args else kwargs.get("repeats"), torch.Tensor)


def call_lines(counts: Dict[Tuple[int, int, str], List[Any]], limit: int
               ) -> List[Dict[str, Any]]:
    """A step's counted calls (_install_calls), those the user's own lines made: at most
    `limit` of them, each with its file and line, found here once per step."""
    out: List[Dict[str, Any]] = []
    for (_, lasti, what), (n, seconds, cuda, code) in list(counts.items()):
        file = code.co_filename
        if not _frames.is_user_file(file):
            continue  # torch's own (an optimizer reading its step, a tensor's repr)
        line = _frames.line_at(code, lasti)
        if line is None:
            continue
        call: Dict[str, Any] = {"file": _frames.abs_file(file), "line": line, "what": what,
                                "n": n, "seconds": seconds, "device": "cuda" if cuda else "cpu"}
        _frames.cells.place(call, file)
        out.append(call)
        if len(out) >= limit:
            break
    return out


def add_calls(message: Dict[str, Any], counts: Dict[Tuple[int, int, str], List[Any]], limit: int,
              step: Optional[int] = None) -> None:
    """The user's counted calls into `message` as `calls` (a step's, or bye's with the number
    of the step they were counted in), when there are any."""
    calls = call_lines(counts, limit) if counts else None
    if calls:
        message["calls"] = calls
        if step is not None:
            message["step"] = step


def _install_optimizer(w: WatchState, steps: StepWatch, patches: Patches) -> None:
    from torch.optim import optimizer as optim_module
    register = getattr(optim_module, "register_optimizer_step_post_hook", None)
    if register is not None:
        # torch 2.x: a global hook after every optimizer's step.
        handle = register(steps.step_hook(None))
        patches.on_undo(handle.remove)
        return
    # torch 1.13: Optimizer.__init__ wraps each class's step so that it calls
    # self._optimizer_step_code() after the step (an entry point kept for the profiler).
    Optimizer = optim_module.Optimizer
    orig = Optimizer.__dict__["_optimizer_step_code"]
    wrapper = steps.step_hook(orig)
    functools.update_wrapper(wrapper, orig, updated=())
    patches.set(Optimizer, "_optimizer_step_code", wrapper)


def _install_compile(gaps: Optional[GpuGaps], patches: Patches) -> None:
    """torch.compile tells the GPU-idle timing to add no global module hook from then on."""
    orig = getattr(torch, "compile", None)
    if orig is None or gaps is None:
        return

    def compile(*args: Any, **kwargs: Any) -> Any:
        gaps.compiled()
        return orig(*args, **kwargs)

    functools.update_wrapper(compile, orig)
    patches.set(torch, "compile", compile)


def _install_graph_capture(w: WatchState, patches: Patches) -> None:
    """Counts CUDA graph captures (torch.cuda.graph and make_graphed_callables both go through
    CUDAGraph.capture_begin and capture_end): while one runs the watcher neither records nor
    queries a CUDA event."""
    if not w.cuda:
        return
    from torch.cuda import graphs
    Graph = graphs.CUDAGraph
    begin, end = Graph.__dict__["capture_begin"], Graph.__dict__["capture_end"]
    hide = _frames.hide_frame

    def capture_begin(self: Any, *args: Any, **kwargs: Any) -> Any:
        with w.capture_lock:  # no query of the sampler's in flight as the capture begins
            w.capturing += 1
        try:
            return begin(self, *args, **kwargs)
        except BaseException as exc:
            w.capturing = max(0, w.capturing - 1)
            hide(exc)
            raise

    def capture_end(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return end(self, *args, **kwargs)
        except BaseException as exc:
            hide(exc)
            raise
        finally:
            w.capturing = max(0, w.capturing - 1)

    functools.update_wrapper(capture_begin, begin)
    functools.update_wrapper(capture_end, end)
    patches.set(Graph, "capture_begin", capture_begin)
    patches.set(Graph, "capture_end", capture_end)


def caller_frame(depth: int) -> Any:
    try:
        return sys._getframe(depth + 1)
    except ValueError:
        return None
