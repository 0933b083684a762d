"""The watcher's steps: DataLoader waits, optimizer steps (with the reads back counted in them)
and torch.distributed's collectives, counted on the program's thread into the window; and the
window itself, taken and encoded by the sender thread (or at close and at a cell's end)."""
from __future__ import annotations

import sys
import threading
import time
import weakref
from time import perf_counter
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import _frames, _gpu_idle, _hooks, _protocol
from ._outbox import Message, Outbox
from ._sampler import FunctionEnds, Sampler
from ._state import Totals, WatchState

_monotonic = time.monotonic
_getframe = sys._getframe
_MAX_EVENTS = _protocol.MAX_WINDOW_EVENTS
_MAX_LOADERS = 256  # DataLoaders whose making place is kept; past it the freed ones go
# The first optimizer steps always sample the names where the step was made: a short run (30
# steps inside main()) may start and end between two of the sampler's half-second turns, and
# its model and batches, in main()'s frame, are gone by the end-of-program sample.
EARLY_STEPS = 3


class StepWatch:
    """Never raises into the program: a failure is said once."""

    def __init__(self, state: WatchState, out: Outbox, sampler: Sampler,
                 gaps: Optional[_gpu_idle.GpuGaps]) -> None:
        self._state = state
        self._out = out
        self._sampler = sampler
        self.gaps = gaps
        self._encoding = threading.Lock()
        # [wait_s, copy_s, bytes, moves] of the step running when the next window begins.
        self._carry: List[Any] = [0.0, 0.0, 0, 0]
        # Each DataLoader's making place, by its index sampler (what its iterators hold of it),
        # as {"loader_file", "loader_line", "loader_cell", "loader_settings"}: the program's
        # thread only.
        self._loaders: Dict[int, Tuple[Any, Message]] = {}
        # The ends of the functions that make the first steps, sampled (Python ≥ 3.12).
        self.ends = FunctionEnds(state, out, sampler)
        # An optimizer's step counted (once the watcher is started), as torch's hook calls it.
        self.optimizer_step = self.step_hook(None)

    # --- the hot paths: each is the one Python frame the watcher adds to its call -----------

    def wrap_next(self, orig: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """A DataLoader iterator's __next__, the wait timed and counted in the wrapper itself:
        a site key, a lookup and one tuple appended (as a move's)."""
        state, out, sampler = self._state, self._out, self._sampler
        pc = perf_counter
        hide = _frames.hide_frame
        user_files = _frames.user_files

        def __next__(it: Any) -> Any:
            t0 = pc()
            try:
                batch_out = orig(it)  # StopIteration passes through: an epoch's end is no wait
            except BaseException as exc:
                hide(exc)
                raise
            if state.mute:
                return batch_out
            seconds = pc() - t0
            try:
                frame: Any = _getframe(1)  # the user's line that asked for the batch, mostly
                if not user_files.get(frame.f_code.co_filename):
                    frame = _frames.innermost_user_frame(frame)
                try:  # what every DataLoader iterator has, read as attributes (cheaper)
                    workers, pin = it._num_workers, it._pin_memory
                    dataset, batch = it._dataset, it._num_yielded - 1
                except AttributeError:  # a subclass of its own
                    workers = int(getattr(it, "_num_workers", 0))
                    pin = bool(getattr(it, "_pin_memory", False))
                    dataset = getattr(it, "_dataset", None)
                    batch = max(0, int(getattr(it, "_num_yielded", 1)) - 1)
                if frame is not None:
                    code: Any = frame.f_code
                    key = ("w", id(code), frame.f_lasti, workers, pin, id(dataset))
                else:
                    code = None
                    key = ("w", 0, -1, workers, pin, id(dataset))
                t = _monotonic() - state.t0
                with state.lock:
                    win = state.window
                    site = win.sites.get(key)
                    if site is None:
                        described: Message = {"type": "data_wait", "workers": int(workers),
                                              "pin_memory": bool(pin)}
                        _hooks.describe_dataset(described, dataset)
                        self._loader_place(described, it)
                        _frames.place(described, frame)
                        site = win.add_site(key, described, 0, code)
                    events = win.events
                    if len(events) < _MAX_EVENTS:
                        events.append((site, t, seconds, batch))
                    else:
                        win.overflow += 1
                    if state.cell is not None:
                        state.cell.wait_s += seconds
                if sampler.due or sampler.dirty:
                    sampler.sample_here(frame)
            except Exception as exc:
                out.fail("reporting a DataLoader wait", exc)
            return batch_out

        return __next__

    def wrap_loader_init(self, orig: Callable[..., None]) -> Callable[..., None]:
        """DataLoader.__init__, noting where the user's code made it (once per DataLoader)."""
        state, out, loaders = self._state, self._out, self._loaders
        hide = _frames.hide_frame

        def __init__(loader: Any, *args: Any, **kwargs: Any) -> None:
            try:
                orig(loader, *args, **kwargs)
            except BaseException as exc:
                hide(exc)
                raise
            if state.mute:
                return
            try:
                place = loader_made_at(_getframe(1))
                if not place:
                    return
                sampler = loader._index_sampler
                if len(loaders) >= _MAX_LOADERS:
                    for key in [k for k, (ref, _) in loaders.items() if ref() is None]:
                        del loaders[key]
                if len(loaders) < _MAX_LOADERS:
                    loaders[id(sampler)] = (weakref.ref(sampler),
                                            {"loader_" + k: v for k, v in place.items()
                                             if k in ("file", "line", "cell", "settings")})
            except TypeError:
                pass  # a sampler of its own that takes no weak reference: no place
            except Exception as exc:
                out.fail("noting where a DataLoader is made", exc)

        return __init__

    def _loader_place(self, described: Message, it: Any) -> None:
        """The making place of the DataLoader whose iterator `it` is, when it was seen."""
        sampler = getattr(it, "_index_sampler", None)
        entry = self._loaders.get(id(sampler)) if sampler is not None else None
        if entry is not None and entry[0]() is sampler:
            described.update(entry[1])

    def step_hook(self, orig: Optional[Callable[[Any], Any]]) -> Callable[..., Any]:
        """What runs after an optimizer's step, counting it: torch 2.x's global post hook
        (optimizer, args, kwargs), or on torch 1.13 Optimizer._optimizer_step_code, wrapping
        `orig` (torch's entry point for its profiler, called first, as before)."""
        steps, state, out, sampler = self, self._state, self._out, self._sampler
        hide = _frames.hide_frame
        ends = self.ends

        def after_step(optimizer: Any, *_: Any) -> Any:
            result = None
            if orig is not None:
                try:
                    result = orig(optimizer)
                except BaseException as exc:
                    hide(exc)
                    raise
            if state.mute:  # not started, closed, or inside a module's move
                return result
            try:
                # out of torch's step wrappers to the user's line
                frame: Any = _frames.innermost_user_frame(_getframe(1))
                gaps = steps.gaps
                idle = gaps.step_ended(optimizer) if gaps is not None else None
                if frame is not None:
                    code: Any = frame.f_code
                    key = ("s", id(code), frame.f_lasti, type(optimizer))
                else:
                    code = None
                    key = ("s", 0, -1, type(optimizer))
                with state.lock:
                    now = _monotonic() - state.t0
                    state.step_n += 1
                    counts = state.call_counts
                    if counts:
                        state.call_counts = {}
                    win = state.window
                    site = win.sites.get(key)
                    if site is None:
                        described: Message = {"type": "step",
                                              "optimizer": type(optimizer).__name__}
                        _frames.place(described, frame)
                        site = win.add_site(key, described, 0, code)
                    win.add((site, now, now - state.step_t0, counts or None, idle,
                             state.collective_s, state.collectives, state.cuda_copy_s))
                    state.step_t0 = now
                    if state.collectives or state.cuda_copy_s:
                        state.collective_s = state.cuda_copy_s = 0.0
                        state.collectives = 0
                    early = state.step_n <= EARLY_STEPS
                if sampler.due or sampler.dirty or early:
                    sampler.sample_here(frame)
                    if early and code is not None:
                        ends.watch(code)
            except Exception as exc:
                out.fail("reporting an optimizer step", exc)
            return result

        return after_step

    def collective(self, op: str, seconds: float, args: Any, kwargs: Any, out: Any) -> None:
        """After a torch.distributed collective. A blocking one's wall time is the time the
        program spent in it; an async_op=True call returns a Work at once (its time is the
        call's only, and is not added to the step)."""
        try:
            frame = _frames.innermost_user_frame(_hooks.caller_frame(2))
            asynchronous = out is not None and hasattr(out, "wait")
            state = self._state
            with state.lock:
                if not asynchronous:
                    state.collective_s += seconds
                    state.collectives += 1
                step_n = state.step_n
            message: Message = {
                "type": "collective", "t": state.clock(), "op": op, "seconds": seconds,
                "bytes": _hooks.collective_bytes(args, kwargs), "async": asynchronous,
                "step": step_n}
            _frames.place(message, frame)
            self._out.put(message)
        except Exception as exc:
            self._out.fail("reporting a collective", exc)

    # --- the window, off the program's thread ----------------------------------------------

    def take_window(self) -> Optional[Message]:
        """The moves, waits and steps counted since the last call, as a `window` message (or
        None): from the sender thread every WINDOW_SECONDS, at a cell's end and at close."""
        # One window at a time (the sender's, or a cell's end or close on the program's
        # thread): each adds its steps up from where the last one left them.
        with self._encoding:
            win = self._state.take_window()
            if win is None:
                return None
            if win.overflow:
                self._out.add_dropped(win.overflow)
            return win.message(self._state.clock(), _call_site, self._carry)

    def flush(self) -> None:
        """What the window holds now, sent before what follows it (a cell, bye)."""
        window = self.take_window()
        if window is not None:
            self._out.put_forced(window)

    def bye(self, exit_code: Optional[int]) -> Message:
        """The last message, with the reads back after the last optimizer step (whose step
        never ends)."""
        bye: Message = {"type": "bye", "t": self._state.clock(), "exit_code": exit_code}
        counts, step = self._state.take_calls()
        _hooks.add_calls(bye, counts, _protocol.MAX_CALL_LINES, step)
        return bye

    # --- notebook cells (_notebook.CellWatch) ------------------------------------------------

    def cell_started(self) -> None:
        state = self._state
        with state.lock:
            state.cell = Totals(state.clock())

    def cell_finished(self, count: int, failed: bool) -> Optional[Message]:
        """The `cell` message of the cell that ended (its window sent first), or None."""
        state = self._state
        now = state.clock()
        with state.lock:
            cell, state.cell = state.cell, None
        if cell is None or not state.enabled:
            return None
        self.flush()  # the cell's moves before its bar
        return {"type": "cell", "t": now, "n": count, "seconds": now - cell.t0,
                "wait_s": cell.wait_s, "copy_s": cell.copy_s, "bytes": cell.bytes,
                "moves": cell.moves, "error": bool(failed)}


# What names a DataLoader's settings in an object a library builds it from: Hugging Face's
# TrainingArguments (a dataclass: its fields are class attributes).
_LOADER_SETTINGS = "dataloader_num_workers"


def loader_made_at(caller: Any) -> Message:
    """Where the user's code made a DataLoader whose __init__ `caller` called: {"file",
    "line", "cell"}, or {} when no user's code is on the stack. Made by a library (Hugging
    Face's Trainer) from settings the user's code made, the line that made them."""
    frame = _frames.innermost_user_frame(caller)
    place: Message = {}
    _frames.place(place, frame)
    if place and frame is not caller:
        made = _settings_made_at(frame)
        if made is not None:
            place["line"], place["settings"] = made
    return place


def _settings_made_at(frame: Any) -> Optional[Tuple[int, str]]:
    """The line of `frame`'s code that assigns the name holding a DataLoader's settings
    (`args = TrainingArguments(…, dataloader_num_workers=0)`) and their class, or None. Looked
    up in the classes, never by asking the object (whose __getattr__ could run code)."""
    for name, value in _frames.locals_items(frame):
        if isinstance(name, str) and not isinstance(value, type) and any(
                _LOADER_SETTINGS in vars(k) for k in type(value).__mro__):
            line = _frames.assigned_at(frame.f_code, name)
            return (line, type(value).__name__[:64]) if line is not None else None
    return None


def _call_site(code: Any, lasti: int, what: str, cuda: bool) -> Optional[Message]:
    """A counted call's site, when the user's own line made it (not torch's)."""
    file = code.co_filename
    if not _frames.is_user_file(file):
        return None
    line = _frames.line_at(code, lasti)
    if line is None:
        return None
    site: Message = {"type": "call", "what": what, "device": "cuda" if cuda else "cpu",
                     "file": _frames.abs_file(file), "line": line}
    _frames.cells.place(site, file)
    return site
