"""Where a move between devices is intercepted, for the watcher and the console alike.

Tensor.to/cuda/cpu (and copy_) and Module.to/cuda/cpu are replaced by the wrappers made here,
plain Python functions (not a TorchFunctionMode: that costs every op, these only the calls they
wrap). Each calls the original exactly once with the same arguments and returns its result; an
exception from the original passes through as the same object, re-raised with the wrapper's
frame taken off its traceback, so the program sees the traceback plain Python gives.

What a move means belongs to an observer (`MoveObserver`): the watcher (_watch_moves.MoveWatch)
times it around the call and reports it; the console (_console_moves.ConsoleMoves) runs the
call itself through the app's MovePath and records it. Both install with `install_tensor` and
`install_module`, into a `Patches` that undoes them. Installed twice in one process (the
console, then a watcher), the later wrappers wrap the earlier ones: each observer sees a move.
"""
from __future__ import annotations

import functools
from time import perf_counter
from typing import Any, Callable, Dict, List, Optional, Protocol, Tuple

import torch

from . import _frames

# Runs a move the observer began (its `started`): original(obj, *args, **kwargs), once; returns
# its result. The console's goes through MovePath, which refuses what would not fit.
Runner = Callable[[Any, Callable[..., Any], Any, Tuple[Any, ...], Dict[str, Any]], Any]

class MoveObserver(Protocol):
    """What the wrappers tell. `mute` nonzero: the originals only (not watching, or inside a
    module's move: its parameters' moves are not moves of their own). `before`: ask
    tensor_started before each tensor move (the watcher: only where CUDA events time it)."""

    mute: int
    before: bool

    def tensor_started(self, src: torch.Tensor, args: Tuple[Any, ...], kwargs: Dict[str, Any],
                       method: str, target: Optional[torch.device] = None) -> Any: ...

    def tensor_moved(self, api: str, src: torch.Tensor, out: Any, seconds: float, started: Any,
                     args: Tuple[Any, ...], kwargs: Dict[str, Any], skip: int = 0) -> None: ...

    def module_started(self, api: str, module: torch.nn.Module, args: Tuple[Any, ...],
                       kwargs: Dict[str, Any]) -> Any: ...

    def module_moved(self, api: str, module: torch.nn.Module, out: Any, seconds: float,
                     started: Any) -> None: ...


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


# --- what a call asks for, and what it moves -------------------------------------------------

_CPU = torch.device("cpu")
_CUDA = torch.device("cuda")
_NAMED: Dict[str, Optional[torch.device]] = {}  # device names as written, parsed once


def _named(name: str) -> Optional[torch.device]:
    try:
        return _NAMED[name]
    except KeyError:
        pass
    try:
        device: Optional[torch.device] = torch.device(name)
    except Exception:  # a name torch refuses: the call itself says so
        device = None
    if len(_NAMED) < 256:
        _NAMED[name] = device
    return device


def requested(method: str, args: Tuple[Any, ...], kwargs: Dict[str, Any]
              ) -> Optional[torch.device]:
    """The device a .to/.cuda/.cpu call (a tensor's or a module's) asks for, or None when it
    names none (`.to(torch.float64)` converts on the spot). Never raises."""
    if method == "cpu":
        return _CPU
    if method == "cuda":
        d = args[0] if args else kwargs.get("device")
        if d is None:
            return _CUDA
        candidates: Tuple[Any, ...] = (d,)
    else:
        candidates = args
        if "device" in kwargs or "other" in kwargs:
            candidates = (kwargs.get("device"), kwargs.get("other")) + args
    for arg in candidates:
        if isinstance(arg, torch.Tensor):
            return arg.device
        if isinstance(arg, torch.device):
            return arg
        if isinstance(arg, str):
            return _named(arg)
        if isinstance(arg, int) and not isinstance(arg, bool):
            return torch.device("cuda", arg)
    return None


def cuda_start_target(src: torch.Tensor, args: Tuple[Any, ...], kwargs: Dict[str, Any],
                      method: str, target: Optional[torch.device] = None
                      ) -> Optional[torch.device]:
    """The CUDA device a tensor move involves (its source's or its target's), or None."""
    if method in ("to", "cuda"):
        target = requested(method, args, kwargs)
    if src.is_cuda:
        return src.device
    return target if target is not None and target.type == "cuda" else None


def non_blocking(args: Tuple[Any, ...], kwargs: Dict[str, Any], skip: int = 0) -> bool:
    """As passed: the keyword, else the first bool among the positional arguments."""
    if "non_blocking" in kwargs:
        return bool(kwargs["non_blocking"])
    for arg in args[skip:]:
        if isinstance(arg, bool):
            return arg
    return False


def tensor_bytes(t: torch.Tensor) -> int:
    return int(t.numel() * t.element_size())


def storage_bytes(t: torch.Tensor) -> int:
    """The bytes of the storage `t` views (its whole dataset, when it is a batch sliced from
    one); 0 when it has none that can be asked."""
    try:
        untyped = getattr(t, "untyped_storage", None)
        if untyped is not None:
            return int(untyped().nbytes())
        return int(t.storage().nbytes())  # torch 1.x: no untyped_storage; storage() is silent
    except Exception:
        return 0  # a sparse or a tensor subclass's: not a slice we can size


def dtype_name(dtype: torch.dtype) -> str:
    """As messages name it: "float32", not "torch.float32"."""
    text = str(dtype)
    return text[6:] if text.startswith("torch.") else text


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


# --- the wrappers ------------------------------------------------------------------------------

# Tensor's move methods, each with the leading positional arguments that are not non_blocking
# (cuda's device).
SKIPS = (("to", 0), ("cuda", 1), ("cpu", 0))

def install_tensor(o: MoveObserver, patches: Patches, runner: Optional[Runner] = None,
                   copies: bool = True, gate: Any = None) -> None:
    """Tensor.to/cuda/cpu, and copy_ when `copies`, wrapped for `o`. With a `runner`, a move
    `o` began runs through it, and `o` hears of a result that is the tensor itself too (the
    console records `x.to("cpu")` of a CPU tensor: a move to where it already is). `gate`:
    what holds the `mute` the wrappers read (the watcher's state; `o` when not given)."""
    Tensor = torch.Tensor
    g = o if gate is None else gate
    pc = perf_counter  # closure variables: the cheapest lookups on the hot path
    hide = _frames.hide_frame
    same_too = runner is not None

    # The observer's part around the call cannot raise, and costs two checks when it is muted
    # or no device is crossed (a `.to(device)` already there is the common case).
    def make(api: str, orig: Callable[..., Any], method: str, skip: int) -> Callable[..., Any]:
        # skip: leading positional arguments that are not non_blocking (cuda's device).
        def wrapper(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
            watching = not g.mute
            started = o.tensor_started(self, args, kwargs, method) \
                if watching and o.before else None
            t0 = pc()
            try:
                if started is None or runner is None:
                    out = orig(self, *args, **kwargs)
                else:
                    out = runner(started, orig, self, args, kwargs)
            except BaseException as exc:
                hide(exc)  # a bare `raise` adds no frame: the user's traceback is Python's
                raise
            if watching and (out is not self or same_too):
                o.tensor_moved(api, self, out, pc() - t0, started, args, kwargs, skip)
            return out
        functools.update_wrapper(wrapper, orig, updated=())
        return wrapper

    copy_orig = Tensor.copy_

    def copy_(self: torch.Tensor, src: Any, *args: Any, **kwargs: Any) -> Any:
        watching = not g.mute and isinstance(src, torch.Tensor) and self.device != src.device
        started = o.tensor_started(src, args, kwargs, "copy_", self.device) \
            if watching and o.before else None
        t0 = pc()
        try:
            out = copy_orig(self, src, *args, **kwargs)
        except BaseException as exc:
            hide(exc)
            raise
        if watching:
            o.tensor_moved("Tensor.copy_", src, self, pc() - t0, started, args, kwargs)
        return out

    for name, skip in SKIPS:
        patches.set(Tensor, name, make("Tensor." + name, getattr(Tensor, name), name, skip))
    if copies:
        functools.update_wrapper(copy_, copy_orig, updated=())
        patches.set(Tensor, "copy_", copy_)


def install_module(o: MoveObserver, patches: Patches, runner: Optional[Runner] = None,
                   gate: Any = None) -> None:
    """Module.to/cuda/cpu wrapped for `o`; a move `o` began runs through `runner` if given.
    `gate` as for install_tensor."""
    Module = torch.nn.Module
    g = o if gate is None else gate
    pc = perf_counter
    hide = _frames.hide_frame

    def make(api: str, orig: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(self: torch.nn.Module, *args: Any, **kwargs: Any) -> Any:
            if g.mute:
                try:
                    return orig(self, *args, **kwargs)
                except BaseException as exc:
                    hide(exc)
                    raise
            started = o.module_started(api, self, args, kwargs)
            # Inside, the tensor moves Module.to makes are not moves of their own. One counter
            # for all threads (cheaper than a thread-local on every Tensor.to): another
            # thread's tensor moves during a module move go unseen.
            g.mute += 1
            t0 = pc()
            try:
                if started is None or runner is None:
                    out = orig(self, *args, **kwargs)
                else:
                    out = runner(started, orig, self, args, kwargs)
            except BaseException as exc:
                g.mute -= 1
                hide(exc)
                raise
            seconds = pc() - t0
            g.mute -= 1
            if started is not None:
                o.module_moved(api, self, out, seconds, started)
            return out
        functools.update_wrapper(wrapper, orig, updated=())
        return wrapper

    for name in ("to", "cuda", "cpu"):
        orig = Module.__dict__.get(name) or getattr(Module, name)
        patches.set(Module, name, make("Module." + name, orig))
