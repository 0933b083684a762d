"""Plain Python wrappers around torch's moving methods, the DataLoader and optimizer steps.

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

from . import _frames

if TYPE_CHECKING:  # pragma: no cover
    from ._watcher import Watcher


class Patches:
    """Attributes replaced on torch's classes, restored exactly (or removed) on undo."""

    def __init__(self) -> None:
        self._saved: List[Tuple[Any, str, bool, Any]] = []
        self._undo: List[Callable[[], None]] = []

    def set(self, owner: Any, name: str, new: Any) -> None:
        own = name in owner.__dict__
        self._saved.append((owner, name, own, owner.__dict__.get(name)))
        setattr(owner, name, new)

    def on_undo(self, fn: Callable[[], None]) -> None:
        self._undo.append(fn)

    def restore(self) -> None:
        for fn in reversed(self._undo):
            try:
                fn()
            except Exception:
                pass
        self._undo.clear()
        for owner, name, own, original in reversed(self._saved):
            if own:
                setattr(owner, name, original)
            else:
                try:
                    delattr(owner, name)
                except AttributeError:
                    pass
        self._saved.clear()


def non_blocking(args: Tuple[Any, ...], kwargs: Dict[str, Any], skip: int = 0) -> bool:
    """As passed: the keyword, else the first bool among the positional arguments."""
    if "non_blocking" in kwargs:
        return bool(kwargs["non_blocking"])
    for arg in args[skip:]:
        if isinstance(arg, bool):
            return arg
    return False


def cuda_target(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Optional[torch.device]:
    """The CUDA device a to()/cuda() call names, or None when it names none."""
    candidates = list(args)
    if "device" in kwargs:
        candidates.insert(0, kwargs["device"])
    for arg in candidates:
        if isinstance(arg, torch.Tensor):
            return arg.device if arg.is_cuda else None
        if isinstance(arg, torch.device):
            return arg if arg.type == "cuda" else None
        if isinstance(arg, str):
            return torch.device(arg) if arg.startswith("cuda") else None
        if isinstance(arg, int) and not isinstance(arg, bool):
            return torch.device("cuda", arg)
    return None


def install(w: Watcher, patches: Patches) -> None:
    """Put every wrapper in place. Each part is separate: one failing leaves the others."""
    for part in (_install_tensor, _install_module, _install_dataloader, _install_optimizer,
                 _install_collectives, _install_calls):
        try:
            part(w, patches)
        except Exception as exc:
            w.notice("tensorkitchen: could not watch %s: %r" % (part.__name__[9:], exc))


def _install_tensor(w: Watcher, patches: Patches) -> None:
    Tensor = torch.Tensor
    to_orig = Tensor.to
    cuda_orig = Tensor.cuda
    cpu_orig = Tensor.cpu
    copy_orig = Tensor.copy_
    pc = perf_counter  # a closure variable: the cheapest lookup on the hot path
    hide = _frames.hide_frame

    # Each wrapper: the original called once, its exception re-raised with this frame taken
    # off its traceback (a bare `raise` adds none), and the watcher's part around it, which
    # cannot raise (Watcher.cuda_started, Watcher.tensor_moved) and costs nothing more than
    # two checks when no device is crossed (a `.to(device)` already there is the common case).
    def make(api: str, orig: Callable[..., Any], method: str, skip: int) -> Callable[..., Any]:
        # skip: leading positional arguments that are not non_blocking (cuda's device).
        def wrapper(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
            watching = not w.mute
            events = w.cuda_started(self, args, kwargs, method) if watching and w.cuda else None
            t0 = pc()
            try:
                out = orig(self, *args, **kwargs)
            except BaseException as exc:
                hide(exc)
                raise
            if watching and out is not self:
                w.tensor_moved(api, self, out, pc() - t0, events, args, kwargs, skip)
            return out
        return wrapper

    def copy_(self: torch.Tensor, src: Any, *args: Any, **kwargs: Any) -> Any:
        watching = not w.mute and isinstance(src, torch.Tensor) and self.device != src.device
        events = w.cuda_started(src, args, kwargs, "copy_", self.device) \
            if watching and w.cuda else None
        t0 = pc()
        try:
            out = copy_orig(self, src, *args, **kwargs)
        except BaseException as exc:
            hide(exc)
            raise
        if watching:
            w.tensor_moved("Tensor.copy_", src, self, pc() - t0, events, args, kwargs)
        return out

    to = make("Tensor.to", to_orig, "to", 0)
    cuda = make("Tensor.cuda", cuda_orig, "cuda", 1)
    cpu = make("Tensor.cpu", cpu_orig, "cpu", 0)
    for name, fn, orig in (("to", to, to_orig), ("cuda", cuda, cuda_orig),
                           ("cpu", cpu, cpu_orig), ("copy_", copy_, copy_orig)):
        functools.update_wrapper(fn, orig, updated=())
        patches.set(Tensor, name, fn)


def cuda_start_target(src: torch.Tensor, args: Tuple[Any, ...], kwargs: Dict[str, Any],
                      method: str, target: Optional[torch.device] = None
                      ) -> Optional[torch.device]:
    """The CUDA device a move involves (its source's or its target's), or None."""
    if method == "to":
        target = cuda_target(args, kwargs)
    elif method == "cuda":
        target = cuda_target(args, kwargs) or torch.device("cuda")
    if src.is_cuda:
        return src.device
    return target if target is not None and target.type == "cuda" else None


def module_device(module: torch.nn.Module) -> Optional[torch.device]:
    """The device of a module's first parameter (or buffer); None when it has neither."""
    for p in module.parameters():
        return p.device
    for b in module.buffers():
        return b.device
    return None


def module_size(module: torch.nn.Module, limit: int = 100000) -> Tuple[int, int]:
    """(bytes, parameter count) of parameters and buffers; at most `limit` tensors looked at."""
    nbytes = 0
    params = 0
    for i, p in enumerate(module.parameters()):
        if i >= limit:
            break
        n = p.numel()
        params += n
        nbytes += n * p.element_size()
    for i, b in enumerate(module.buffers()):
        if i >= limit:
            break
        nbytes += b.numel() * b.element_size()
    return nbytes, params


def _install_module(w: Watcher, patches: Patches) -> None:
    Module = torch.nn.Module
    pc = perf_counter  # a closure variable: the cheapest lookup on the hot path

    hide = _frames.hide_frame

    def make(api: str, orig: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(self: torch.nn.Module, *args: Any, **kwargs: Any) -> Any:
            if w.mute:
                try:
                    return orig(self, *args, **kwargs)
                except BaseException as exc:
                    hide(exc)
                    raise
            started = w.module_move_started(api, self, args, kwargs)
            # Inside, the tensor moves Module.to makes are not reported apart. One counter for
            # all threads (cheaper than a thread-local on every Tensor.to): another thread's
            # tensor moves during a module move go unreported.
            w.mute += 1
            t0 = pc()
            try:
                out = orig(self, *args, **kwargs)
            except BaseException as exc:
                w.mute -= 1
                hide(exc)
                raise
            seconds = pc() - t0
            w.mute -= 1
            if started is not None:
                w.module_moved(api, self, seconds, started)
            return out
        functools.update_wrapper(wrapper, orig, updated=())
        return wrapper

    for name in ("to", "cuda", "cpu"):
        orig = Module.__dict__[name]
        patches.set(Module, name, make("Module." + name, orig))


def _install_dataloader(w: Watcher, patches: Patches) -> None:
    from torch.utils.data import dataloader
    Iter = dataloader._BaseDataLoaderIter
    orig = Iter.__dict__["__next__"]

    pc = perf_counter

    hide = _frames.hide_frame

    def __next__(self: Any) -> Any:
        t0 = pc()
        try:
            out = orig(self)  # StopIteration passes through: the end of an epoch is no wait
        except BaseException as exc:
            hide(exc)
            raise
        if not w.mute:
            w.data_wait(self, pc() - t0)
        return out

    functools.update_wrapper(__next__, orig, updated=())
    patches.set(Iter, "__next__", __next__)


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


def _install_collectives(w: Watcher, patches: Patches) -> None:
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
                w.collective(op, pc() - t0, args, kwargs, out)
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
CALLS = ("item", "tolist", "numpy", "__repr__", "__format__", "pin_memory")
MAX_CALL_KEYS = 256  # (code, line, what) counted in a step; the user's 32 of them are sent


def _install_calls(w: Watcher, patches: Patches) -> None:
    Tensor = torch.Tensor
    pc = perf_counter
    hide = _frames.hide_frame
    getframe = sys._getframe
    limit = MAX_CALL_KEYS

    # The hot path of a loop that reads values back (a metric per element): counted by the
    # caller's code object and line in a dict the step takes, with nothing else done here;
    # whose code it is (the user's, or torch's own) is decided once per line when the step ends.
    # A read is timed only for a CUDA tensor (on the CPU nothing waits); pin_memory() always
    # (its copy is the cost, and it is made from the CPU).
    def make(what: str, orig: Callable[..., Any], meta_too: bool) -> Callable[..., Any]:
        always = what == "pin_memory"

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
                return out  # a meta tensor's repr: no data, no wait
            # Counted even before start() and inside a module's move (none is made there):
            # only a step message, sent while watching, takes the counts.
            try:
                frame = getframe(1)
                code = frame.f_code
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
            patches.set(Tensor, name, make(name, orig, name in ("__repr__", "__format__")))
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


def _install_optimizer(w: Watcher, patches: Patches) -> None:
    from torch.optim import optimizer as optim_module
    register = getattr(optim_module, "register_optimizer_step_post_hook", None)
    if register is not None:
        # torch 2.x: a global hook after every optimizer's step.
        handle = register(lambda opt, args, kwargs: w.optimizer_step(opt) if w.enabled else None)
        patches.on_undo(handle.remove)
        return
    # torch 1.13: Optimizer.__init__ wraps each class's step so that it calls
    # self._optimizer_step_code() after the step (an entry point kept for the profiler).
    Optimizer = optim_module.Optimizer
    orig = Optimizer.__dict__["_optimizer_step_code"]

    hide = _frames.hide_frame

    def _optimizer_step_code(self: Any) -> Any:
        try:
            out = orig(self)
        except BaseException as exc:
            hide(exc)
            raise
        if w.enabled:
            w.optimizer_step(self)
        return out

    functools.update_wrapper(_optimizer_step_code, orig, updated=())
    patches.set(Optimizer, "_optimizer_step_code", _optimizer_step_code)


def caller_frame(depth: int) -> Any:
    try:
        return sys._getframe(depth + 1)
    except ValueError:
        return None
