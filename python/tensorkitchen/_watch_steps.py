"""The watcher's steps: DataLoader waits, optimizer steps (with the reads back counted in them)
and torch.distributed's collectives, counted on the program's thread into the window; and the
window itself, taken and encoded by the sender thread (or at close and at a cell's end)."""
from __future__ import annotations

import sys
import time
from typing import Any, Optional

from . import _frames, _gpu_idle, _hooks, _protocol
from ._outbox import Message, Outbox
from ._sampler import Sampler
from ._state import Totals, WatchState

_monotonic = time.monotonic
_getframe = sys._getframe


class StepWatch:
    """Never raises into the program: a failure is said once."""

    def __init__(self, state: WatchState, out: Outbox, sampler: Sampler,
                 gaps: Optional[_gpu_idle.GpuGaps]) -> None:
        self._state = state
        self._out = out
        self._sampler = sampler
        self.gaps = gaps

    def data_wait(self, it: Any, seconds: float) -> None:
        try:
            frame = _frames.innermost_user_frame(_getframe(2))
            workers = int(getattr(it, "_num_workers", 0))
            pin = bool(getattr(it, "_pin_memory", False))
            dataset = getattr(it, "_dataset", None)
            batch = max(0, int(getattr(it, "_num_yielded", 1)) - 1)
            code = frame.f_code if frame is not None else None
            key = ("w", id(code), frame.f_lasti if frame is not None else -1, workers, pin,
                   id(dataset))
            state = self._state
            with state.lock:
                state.step.wait_s += seconds
                if state.cell is not None:
                    state.cell.wait_s += seconds
                win = state.window
                entry = win.sites.get(key)
                if entry is None:
                    site: Message = {"type": "data_wait", "workers": workers,
                                     "pin_memory": pin}
                    _hooks.describe_dataset(site, dataset)
                    _frames.place(site, frame)
                    entry = win.add_site(key, site, None, code)
                win.wait(entry[0], _monotonic() - state.t0, seconds, batch)
            sampler = self._sampler
            if sampler.due or sampler.dirty:
                sampler.sample_here(frame)
        except Exception as exc:
            self._out.fail("reporting a DataLoader wait", exc)

    def optimizer_step(self, optimizer: Any) -> None:
        try:
            frame = _frames.innermost_user_frame(_getframe(1))
            idle = self.gaps.step_ended(optimizer) if self.gaps is not None else None
            code = frame.f_code if frame is not None else None
            key = ("s", id(code), frame.f_lasti if frame is not None else -1, type(optimizer))
            state = self._state
            with state.lock:
                now = _monotonic() - state.t0
                state.step_n += 1
                step = state.step
                counts, state.call_counts = state.call_counts, {}
                win = state.window
                entry = win.sites.get(key)
                if entry is None:
                    site: Message = {"type": "step", "optimizer": type(optimizer).__name__}
                    _frames.place(site, frame)
                    entry = win.add_site(key, site, None, code)
                win.step(entry[0], now, now - step.t0, step.wait_s, step.copy_s, step.bytes,
                         step.moves, step.collective_s, step.collectives, counts or None, idle)
                step.reset(now)
            sampler = self._sampler
            if sampler.due or sampler.dirty:
                sampler.sample_here(frame)
        except Exception as exc:
            self._out.fail("reporting an optimizer step", exc)

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
                    state.step.collective_s += seconds
                    state.step.collectives += 1
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
        win = self._state.take_window()
        if win is None:
            return None
        if win.overflow:
            self._out.add_dropped(win.overflow)
        return win.message(self._state.clock(), _call_site)

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
