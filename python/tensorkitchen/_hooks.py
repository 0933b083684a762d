"""Plain Python wrappers around torch's moving methods, the DataLoader and optimizer steps.

Not a TorchFunctionMode: that costs every op (DESIGN §3); these cost only the calls they wrap.
Each wrapper calls the original exactly once with the same arguments and returns its result;
an exception from the original propagates untouched, one from the watcher is reported once.
"""
from __future__ import annotations

import functools
import sys
import threading
from time import perf_counter
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

import torch

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


def _non_blocking(args: Tuple[Any, ...], kwargs: Dict[str, Any], skip: int = 0) -> bool:
    """As passed: the keyword, else the first bool among the positional arguments."""
    if "non_blocking" in kwargs:
        return bool(kwargs["non_blocking"])
    for arg in args[skip:]:
        if isinstance(arg, bool):
            return arg
    return False


def _cuda_target(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Optional[torch.device]:
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


def install(w: "Watcher", patches: Patches) -> None:
    """Put every wrapper in place. Each part is separate: one failing leaves the others."""
    for part in (_install_tensor, _install_module, _install_dataloader, _install_optimizer):
        try:
            part(w, patches)
        except Exception as exc:
            w.notice("tensorkitchen: could not watch %s: %r" % (part.__name__[9:], exc))


def _install_tensor(w: "Watcher", patches: Patches) -> None:
    Tensor = torch.Tensor
    to_orig = Tensor.to
    cuda_orig = Tensor.cuda
    cpu_orig = Tensor.cpu
    copy_orig = Tensor.copy_
    pc = perf_counter  # a closure variable: the cheapest lookup on the hot path

    def to(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        if w.mute:
            return to_orig(self, *args, **kwargs)
        events = None
        if w.cuda and (self.is_cuda or _cuda_target(args, kwargs) is not None):
            events = w.cuda_start(self, _cuda_target(args, kwargs))
        t0 = pc()
        out = to_orig(self, *args, **kwargs)
        seconds = pc() - t0
        if out is not self:
            w.tensor_moved("Tensor.to", self, out, _non_blocking(args, kwargs), seconds, events)
        return out

    def cuda(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        if w.mute:
            return cuda_orig(self, *args, **kwargs)
        events = w.cuda_start(self, _cuda_target(args, kwargs) or torch.device("cuda")) \
            if w.cuda else None
        t0 = pc()
        out = cuda_orig(self, *args, **kwargs)
        seconds = pc() - t0
        if out is not self:
            w.tensor_moved("Tensor.cuda", self, out, _non_blocking(args, kwargs, 1), seconds,
                           events)
        return out

    def cpu(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        if w.mute:
            return cpu_orig(self, *args, **kwargs)
        events = w.cuda_start(self, None) if w.cuda and self.is_cuda else None
        t0 = pc()
        out = cpu_orig(self, *args, **kwargs)
        seconds = pc() - t0
        if out is not self:
            w.tensor_moved("Tensor.cpu", self, out, False, seconds, events)
        return out

    def copy_(self: torch.Tensor, src: Any, *args: Any, **kwargs: Any) -> Any:
        if w.mute or not isinstance(src, torch.Tensor) \
                or self.device == src.device:
            return copy_orig(self, src, *args, **kwargs)
        events = w.cuda_start(src, self.device) if w.cuda else None
        t0 = pc()
        out = copy_orig(self, src, *args, **kwargs)
        seconds = pc() - t0
        w.tensor_moved("Tensor.copy_", src, self, _non_blocking(args, kwargs), seconds, events)
        return out

    for name, fn, orig in (("to", to, to_orig), ("cuda", cuda, cuda_orig),
                           ("cpu", cpu, cpu_orig), ("copy_", copy_, copy_orig)):
        functools.update_wrapper(fn, orig, updated=())
        patches.set(Tensor, name, fn)


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


def _install_module(w: "Watcher", patches: Patches) -> None:
    Module = torch.nn.Module
    pc = perf_counter  # a closure variable: the cheapest lookup on the hot path

    def make(api: str, orig: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(self: torch.nn.Module, *args: Any, **kwargs: Any) -> Any:
            if w.mute:
                return orig(self, *args, **kwargs)
            before = w.safe(module_device, self)
            events = None
            if w.cuda:
                target = _cuda_target(args, kwargs) if api == "Module.to" else None
                if api == "Module.cuda":
                    target = _cuda_target(args, kwargs) or torch.device("cuda")
                if target is not None or (before is not None and before.type == "cuda"):
                    events = w.cuda_start(None, target or before)
            # Inside, the tensor moves Module.to makes are not reported apart. One counter for
            # all threads (cheaper than a thread-local on every Tensor.to): another thread's
            # tensor moves during a module move go unreported.
            w.mute += 1
            t0 = pc()
            try:
                out = orig(self, *args, **kwargs)
            finally:
                w.mute -= 1
            seconds = pc() - t0
            w.module_moved(api, self, before, _non_blocking(args, kwargs, 0), seconds, events)
            return out
        functools.update_wrapper(wrapper, orig, updated=())
        return wrapper

    for name in ("to", "cuda", "cpu"):
        orig = Module.__dict__[name]
        patches.set(Module, name, make("Module." + name, orig))


def _install_dataloader(w: "Watcher", patches: Patches) -> None:
    from torch.utils.data import dataloader
    Iter = dataloader._BaseDataLoaderIter
    orig = Iter.__dict__["__next__"]

    pc = perf_counter

    def __next__(self: Any) -> Any:
        if w.mute:
            return orig(self)
        t0 = pc()
        out = orig(self)  # StopIteration passes through: the end of an epoch is no wait
        w.data_wait(self, pc() - t0)
        return out

    functools.update_wrapper(__next__, orig, updated=())
    patches.set(Iter, "__next__", __next__)


def _install_optimizer(w: "Watcher", patches: Patches) -> None:
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

    def _optimizer_step_code(self: Any) -> Any:
        out = orig(self)
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
