"""The console's moves and mixes of devices, for one statement at a time.

A move is intercepted where the watcher's is (_moves, installed here at import, for the whole
process): this is the console's side of it. A .to() the user's own console line makes runs
through the app's MovePath (`_tk_move`, which refuses what would not fit and times the call
between synchronised devices) and is recorded for the statement's report; library code's own
.to() (an optimizer's) is not the user's move and runs untouched. Calls that mix devices where
PyTorch lets them through are named by a TorchFunctionMode, entered only while a tensor off the
CPU may take part.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

import torch
from torch.overrides import TorchFunctionMode

from . import _frames, _moves

FILENAME = "<console>"  # what the user's lines are compiled as (how the console knows them)
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep  # the package's files: the console's

# MovePath: (call, source device, target device, bytes, name) -> seconds; it runs `call`.
MovePath = Callable[[Callable[[], None], str, str, int, str], float]


def _user_line() -> Optional[int]:
    # The console line that made the call, or None when the caller is library code (an
    # optimizer's or clip_grad_norm_'s own .to() is not the user's move). Only the console's
    # machinery is skipped: the package's files and, in torch 1.13, a mode's hop through
    # overrides.py.
    f: Any = sys._getframe(2)
    while f is not None and (f.f_code.co_filename.startswith(HERE)
                             or f.f_code.co_filename.endswith("torch/overrides.py")):
        f = f.f_back
    return f.f_lineno if f is not None and f.f_code.co_filename == FILENAME else None


def _console_line() -> int:
    # The console line a call comes from, however deep in library code (a model's forward).
    f: Any = sys._getframe(2)
    while f is not None and f.f_code.co_filename != FILENAME:
        f = f.f_back
    return f.f_lineno if f is not None else 0


# What a mix of devices is told by: PyTorch's operator names as the user wrote them.
_OPERATORS = {"__matmul__": "@", "__rmatmul__": "@", "__add__": "+", "__radd__": "+",
              "__iadd__": "+=", "__mul__": "*", "__rmul__": "*", "__imul__": "*=",
              "__sub__": "-", "__rsub__": "-", "__truediv__": "/", "__rtruediv__": "/"}


def _devices_of(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Set[str]:
    # PyTorch's rule: a 0-dim CPU tensor may stand beside a tensor on any device.
    devs = set()
    for a in (*args, *kwargs.values()):
        for t in (a if isinstance(a, (list, tuple)) else (a,)):
            if isinstance(t, torch.Tensor):
                d = t.device
                if d.type != "cpu" or t.dim() != 0:
                    devs.add(str(d))
    return devs


class MixWatch(TorchFunctionMode):
    # Entered only while a tensor off the CPU may take part (see _console.execute): a mode costs
    # every torch call a few microseconds, which a loop of small ops on the CPU should not pay.
    # Names each torch call that took tensors on two devices and did not raise (PyTorch's
    # Python meta kernels let `cpu @ meta` and `Linear(meta)` through; a GPU would not).
    def __init__(self) -> None:
        super().__init__()
        self.mixes: List[Tuple[str, List[str], int]] = []
        self.seen: Set[Tuple[str, Tuple[str, ...]]] = set()
        self.active = False

    def __torch_function__(self, func: Any, types: Any, args: Tuple[Any, ...] = (),
                           kwargs: Optional[Dict[str, Any]] = None) -> Any:
        kwargs = kwargs or {}
        try:
            if func in _NO_MIX:
                return func(*args, **kwargs)
            devs = _devices_of(args, kwargs)
            out = func(*args, **kwargs)
        except BaseException as exc:
            _frames.hide_frame(exc)  # the console's watch is not part of the user's traceback
            raise
        if len(devs) > 1:
            name = getattr(func, "__name__", "?")
            key = (name, tuple(sorted(devs)))
            if key not in self.seen and len(self.seen) < 8:
                self.seen.add(key)
                self.mixes.append((_OPERATORS.get(name, name), sorted(devs), _console_line()))
        return out


class Recorder:
    # One statement's moves: every .to() the user's own lines made, measured by MovePath.
    def __init__(self, ns: Optional[Dict[str, Any]] = None) -> None:
        self.ns: Dict[str, Any] = ns if ns is not None else {}
        self.moves: List[Dict[str, Any]] = []
        self.watch = MixWatch()

    def watch_devices(self) -> None:
        if not self.watch.active:
            self.watch.__enter__()
            self.watch.active = True

    def unwatch(self) -> None:
        if self.watch.active:
            self.watch.active = False
            self.watch.__exit__(None, None, None)

    def name_of(self, obj: Any) -> str:
        # The user's name for what moves, for the memory check's message.
        for k, v in self.ns.items():
            if v is obj and not k.startswith("_"):
                return k
        return "the tensor"


class _Started:
    # A user's move, begun: what MovePath is told, and the seconds it measured.
    __slots__ = ("line", "requested", "src_dev", "nbytes", "name", "seconds")

    def __init__(self, line: int, requested: Optional[str], src_dev: str, nbytes: int,
                 name: str) -> None:
        self.line = line
        self.requested = requested
        self.src_dev = src_dev
        self.nbytes = nbytes
        self.name = name
        self.seconds = 0.0


class ConsoleMoves:
    """The console's side of the move hooks (_moves.MoveObserver): muted outside a statement;
    during one, a move its own line makes is run by MovePath and recorded."""

    before = True  # every move is asked about first: whose line made it

    def __init__(self) -> None:
        self.mute = 1  # nonzero outside a statement, and inside a move (its inner moves)
        self.recorder: Optional[Recorder] = None
        self.move_path: Optional[MovePath] = None

    def begin(self, rec: Recorder, move_path: Optional[MovePath]) -> None:
        self.recorder = rec
        self.move_path = move_path
        self.mute = 0

    def end(self) -> Optional[Recorder]:
        # Also after a Ctrl+C that landed in the console's own lines: back to muted, whatever
        # count a move left behind.
        rec, self.recorder = self.recorder, None
        self.mute = 1
        return rec

    def tensor_started(self, src: torch.Tensor, args: Tuple[Any, ...], kwargs: Dict[str, Any],
                       method: str, target: Optional[torch.device] = None
                       ) -> Optional[_Started]:
        rec = self.recorder
        line = _user_line() if rec is not None else None
        if rec is None or line is None:
            return None
        requested = _moves.requested(method, args, kwargs)
        return _Started(line, str(requested) if requested is not None else None,
                        str(src.device), _moves.tensor_bytes(src), rec.name_of(src))

    def tensor_moved(self, api: str, src: torch.Tensor, out: Any, seconds: float,
                     started: Optional[_Started], args: Tuple[Any, ...],
                     kwargs: Dict[str, Any], skip: int = 0) -> None:
        rec = self.recorder
        if started is None or rec is None:
            return
        # x.to(torch.float64) converts on the spot: not a move between devices.
        if isinstance(out, torch.Tensor) and (started.requested is not None
                                              or out.device != src.device):
            rec.moves.append(dict(module=False, src=src, out=out, line=started.line,
                                  seconds=started.seconds,
                                  requested=started.requested or str(out.device),
                                  src_dev=started.src_dev, out_dev=str(out.device),
                                  nbytes=started.nbytes))
            if out.device.type != "cpu":
                rec.watch_devices()  # from here on a mix of devices is possible

    def module_started(self, api: str, module: torch.nn.Module, args: Tuple[Any, ...],
                       kwargs: Dict[str, Any]) -> Optional[_Started]:
        rec = self.recorder
        line = _user_line() if rec is not None else None
        if rec is None or line is None:
            return None
        device = _moves.module_device(module)
        requested = _moves.requested(api[7:], args, kwargs)  # "Module.to" → "to"
        return _Started(line, str(requested) if requested is not None else None,
                        str(device) if device is not None else "cpu",
                        _moves.module_size(module)[0], rec.name_of(module))

    def module_moved(self, api: str, module: torch.nn.Module, out: Any, seconds: float,
                     started: _Started) -> None:
        rec = self.recorder
        if rec is None:
            return
        device = _moves.module_device(module)
        out_dev = str(device) if device is not None else started.src_dev
        rec.moves.append(dict(module=True, src=module, out=out, line=started.line,
                              seconds=started.seconds, requested=started.requested or out_dev,
                              src_dev=started.src_dev, out_dev=out_dev, nbytes=started.nbytes))
        if out_dev != "cpu":
            rec.watch_devices()

    def run(self, started: _Started, orig: Callable[..., Any], obj: Any,
            args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Any:
        # The move itself, inside MovePath: a refusal is a RuntimeError in the user's line.
        # Each frame here takes itself off a passing exception, as the wrapper does.
        box: List[Any] = []

        def call() -> None:
            try:
                box.append(orig(obj, *args, **kwargs))
            except BaseException as exc:
                _frames.hide_frame(exc)
                raise

        move_path = self.move_path
        self.mute += 1  # a move inside it (a mode's hop back into Tensor.to) is not another
        try:
            if move_path is None:
                call()
            else:
                started.seconds = move_path(call, started.src_dev,
                                            started.requested or started.src_dev,
                                            started.nbytes, started.name)
        except BaseException as exc:
            _frames.hide_frame(exc)
            raise
        finally:
            self.mute -= 1
        return box[0]


MOVES = ConsoleMoves()
# For the whole process, never undone: the console's interpreter lives as long as the app.
_moves.install_tensor(MOVES, _moves.Patches(), runner=MOVES.run, copies=False)
_moves.install_module(MOVES, _moves.Patches(), runner=MOVES.run)

# Calls that take tensors on two devices by design: moves and copies, and indexing, where a
# CPU index tensor may index a tensor on any device. (After the install above: a mode is
# handed torch.Tensor.to as it is now, the console's wrapper.)
_NO_MIX = {torch.Tensor.to, torch.Tensor.cuda, torch.Tensor.cpu, torch.Tensor.copy_,
           torch.Tensor.__getitem__, torch.Tensor.__setitem__, torch.Tensor.index_put_,
           torch.Tensor.index_put, torch.Tensor.type_as, torch.Tensor.set_, torch.Tensor.new_tensor}
