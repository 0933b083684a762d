"""The watcher's side of the move hooks (_moves.MoveObserver): a move is timed around the call
with perf_counter, or by CUDA events on the copy's stream, and counted when a device is crossed.

What the program's thread does per move is a site lookup and one tuple appended to the window
(_protocol.Window, in the state); a site is described (its name, place, sizes) at its first move
in a window, and the sender thread adds up the steps and encodes the window's columns.
"""
from __future__ import annotations

import sys
import time
import types
from typing import Any, List, Optional, Tuple

import torch

from . import _frames, _gpu_idle, _hooks, _moves, _protocol
from ._outbox import Message, Outbox
from ._sampler import Sampler
from ._state import WatchState

_monotonic = time.monotonic
_getframe = sys._getframe
_Tensor = torch.Tensor
_user_files = _frames.user_files  # file name -> the user's? (filled by is_user_file)
_MAX_EVENTS = _protocol.MAX_WINDOW_EVENTS


class MoveWatch:
    """Tensor and Module moves. Never raises into the program: a failure is said once."""

    def __init__(self, state: WatchState, out: Outbox, sampler: Sampler,
                 gaps: Optional[_gpu_idle.GpuGaps]) -> None:
        self._state = state
        self._out = out
        self._sampler = sampler
        self.gaps = gaps
        # Tensor moves are asked about first only to start CUDA events.
        self.before = state.cuda

    # The wrappers of _moves read and change `mute` on their observer: here it is the state's,
    # so a module's move mutes every hook of the watcher, not only the move hooks.
    @property
    def mute(self) -> int:
        return self._state.mute

    @mute.setter
    def mute(self, value: int) -> None:
        self._state.mute = value

    def cuda_start(self, src: Optional[torch.Tensor], target: Optional[torch.device]) -> Any:
        """A timing event recorded on the current stream of the CUDA device of a copy; none
        while a CUDA graph is captured (the copy is then timed by the wall clock)."""
        if self._state.capturing:
            return None
        try:
            device: Optional[torch.device]
            if src is not None and src.is_cuda:
                device = src.device
            else:
                device = target
            stream = torch.cuda.current_stream(device)
            start = torch.cuda.Event(enable_timing=True)
            start.record(stream)
            return (start, stream)
        except Exception as exc:
            self._out.fail("CUDA timing", exc)
            return None

    def tensor_started(self, src: torch.Tensor, args: Any, kwargs: Any, method: str,
                       target: Optional[torch.device] = None) -> Any:
        """Before a tensor move on a CUDA build: the start event where CUDA is involved."""
        try:
            device = _moves.cuda_start_target(src, args, kwargs, method, target)
            return self.cuda_start(src, device) if device is not None else None
        except Exception as exc:
            self._out.fail("CUDA timing", exc)
            return None

    def tensor_moved(self, api: str, src: torch.Tensor, out: Any, seconds: float, events: Any,
                     args: Any, kwargs: Any, skip: int = 0) -> None:
        """After a call that returned another tensor: a move if it is on another device.
        `args`/`kwargs` as passed (for non_blocking; `skip` leading ones not it)."""
        # The hot path of a loop that moves a batch each step: a site key, a lookup and one
        # tuple appended; the step's totals are added up when the window is encoded.
        try:
            if not isinstance(out, _Tensor):
                return
            source, target = src.device, out.device
            if target == source:
                return  # a dtype conversion, or the same device: no move
            state = self._state
            end = _end_event(events) if events is not None else None
            caller = _getframe(2)
            frame = caller if _user_files.get(caller.f_code.co_filename) \
                else _frames.innermost_user_frame(caller)
            # is_pinned only where CUDA is: it may initialise CUDA.
            pinned = state.cuda and source.type == "cpu" and bool(src.is_pinned())
            # `.to(device)`, the common call, names no non_blocking.
            blocking = _moves.non_blocking(args, kwargs, skip) \
                if kwargs or len(args) > 1 else False
            if frame is not None:
                code: Any = frame.f_code
                key = ("m", id(code), frame.f_lasti, api, source, target, src.dtype, src.shape,
                       pinned, blocking, end is None)
            else:
                code = None
                key = ("m", 0, -1, api, source, target, src.dtype, src.shape, pinned, blocking,
                       end is None)
            t = _monotonic() - state.t0
            with state.lock:
                win = state.window
                site = win.sites.get(key)
                if site is None:
                    site = self._tensor_site(win, key, api, src, source, target, pinned,
                                             blocking, end, frame, caller, code)
                state.move_id = move_id = state.move_id + 1
                events_now = win.events
                if len(events_now) < _MAX_EVENTS:
                    events_now.append((site, t, None if end is not None else seconds, move_id))
                else:
                    win.overflow += 1
                if state.cell is not None or end is not None:
                    self._rare(win, site, seconds, events, end, move_id, source)
            sampler = self._sampler
            if sampler.due or sampler.dirty:
                sampler.sample_here(frame)
        except Exception as exc:
            self._out.fail("reporting a tensor move", exc)

    def _tensor_site(self, win: _protocol.Window, key: Any, api: str, src: torch.Tensor,
                     source: torch.device, target: torch.device, pinned: bool, blocking: bool,
                     end: Any, frame: Optional[types.FrameType], caller: Any,
                     code: Any) -> int:
        """A tensor move's site, described at its first move in the window (under the lock)."""
        nbytes = _moves.tensor_bytes(src)
        site: Message = {
            "type": "move", "api": api, "kind": "tensor",
            "name": _frames.moved_name(src, frame, caller), "from": str(source),
            "to": str(target), "bytes": nbytes, "shape": list(src.shape)[:16],
            "dtype": _moves.dtype_name(src.dtype), "pinned": pinned, "non_blocking": blocking}
        if source.type == "cpu":
            whole = _moves.storage_bytes(src)
            if whole > nbytes:
                site["source_bytes"] = whole  # a batch sliced from a larger tensor
        return self._add_site(win, key, site, nbytes, end, frame, code)

    def module_started(self, api: str, module: torch.nn.Module, args: Any,
                       kwargs: Any) -> Optional[Tuple[Optional[torch.device], bool, Any]]:
        """Before a module move: (its device, non_blocking, CUDA events); None on failure."""
        try:
            before = _moves.module_device(module)
            events = None
            if self._state.cuda:
                target = _moves.requested(api[7:], args, kwargs)  # "Module.to" → "to"
                if target is not None and target.type != "cuda":
                    target = None
                if target is not None or (before is not None and before.type == "cuda"):
                    events = self.cuda_start(None, target or before)
            return before, _moves.non_blocking(args, kwargs, 0), events
        except Exception as exc:
            self._out.fail("reporting a module move", exc)
            return None

    def module_moved(self, api: str, module: torch.nn.Module, out: Any, seconds: float,
                     started: Tuple[Optional[torch.device], bool, Any]) -> None:
        try:
            before, non_blocking, events = started
            after = _moves.module_device(module)
            if after is None or before is None or after == before:
                return
            end = _end_event(events)
            frame = _frames.innermost_user_frame(_hooks.caller_frame(2))
            code = frame.f_code if frame is not None else None
            # A module's size is asked each time: its parameters may have changed.
            nbytes, _ = _moves.module_size(module)
            key = ("M", id(code), frame.f_lasti if frame is not None else -1, api, id(module),
                   before, after, bool(non_blocking), nbytes, end is None)
            state = self._state
            t = _monotonic() - state.t0
            with state.lock:
                win = state.window
                index = win.sites.get(key)
                if index is None:
                    site: Message = {
                        "type": "move", "api": api, "kind": "module",
                        "class": type(module).__name__, "name": _frames.name_of(module, frame),
                        "from": str(before), "to": str(after), "bytes": nbytes,
                        "pinned": False, "non_blocking": bool(non_blocking)}
                    index = self._add_site(win, key, site, nbytes, end, frame, code)
                state.move_id = move_id = state.move_id + 1
                win.add((index, t, None if end is not None else seconds, move_id))
                if state.cell is not None or end is not None:
                    self._rare(win, index, seconds, events, end, move_id, before)
            self._sampler.after_call(frame)
        except Exception as exc:
            self._out.fail("reporting a module move", exc)

    def _add_site(self, win: _protocol.Window, key: Any, site: Message, nbytes: int, end: Any,
                  frame: Optional[types.FrameType], keep: Any) -> int:
        """A move's site, described at its first move in the window (under the lock)."""
        site["timing"] = "cuda_events" if end is not None else "wall"
        _frames.place(site, frame)
        return win.add_site(key, site, nbytes, keep)

    def _rare(self, win: _protocol.Window, site: int, seconds: float, events: Any, end: Any,
              move_id: int, source: Optional[torch.device]) -> None:
        """What only some moves do (under the lock): a notebook cell's totals, and a copy
        timed by CUDA events, read later by the sampler."""
        state = self._state
        cell = state.cell
        if cell is not None:
            cell.moves += 1
            cell.bytes += win.nbytes[site]
            if end is None:
                cell.copy_s += seconds
        if end is not None:
            state.pending.append((move_id, events[0], end, state.step_n))
            if len(state.pending) > 4096:
                state.pending.pop(0)  # bounded: the oldest stays unknown
            if self.gaps is not None and source is not None and source.type == "cpu":
                # the host's data reaching the GPU
                self.gaps.copy_started(events[0], win.described[site])

    def resolve_cuda_events(self) -> None:
        """From the sampler thread: moves whose end event completed get their `move_time`."""
        state = self._state
        with state.lock:
            pending = list(state.pending)
        if not pending:
            return
        done: List[Tuple[int, float, int]] = []
        with state.capture_lock:
            if state.capturing:
                return  # ask again once the capture has ended
            for move_id, start, end, step in pending:
                if end.query():  # never synchronize: ask, and ask again later
                    done.append((move_id, start.elapsed_time(end) / 1000.0, step))
        if not done:
            return
        ids = {d[0] for d in done}
        with state.lock:
            state.pending = [p for p in state.pending if p[0] not in ids]
            for move_id, seconds, step in done:
                if step == state.step_n:
                    state.cuda_copy_s += seconds
                state.window.times.append((move_id, seconds))


def _end_event(events: Any) -> Any:
    if events is None:
        return None
    end = torch.cuda.Event(enable_timing=True)
    end.record(events[1])
    return end
