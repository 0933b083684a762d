"""The Watcher: one per process. It owns the transport, the hooks and the sampler thread."""
from __future__ import annotations

import atexit
import os
import sys
import threading
import time
import types
from typing import Any, Dict, List, Optional, Set, Tuple

import torch

from . import (
    _devices,
    _errors,
    _frames,
    _gpu_idle,
    _hello,
    _hooks,
    _moves,
    _protocol,
    _recording,
    _sampler,
    _transport,
)

Message = Dict[str, Any]
_monotonic = time.monotonic
_getframe = sys._getframe


class _Step:
    """Totals of the current step (between two optimizer steps)."""
    __slots__ = ("t0", "wait_s", "copy_s", "bytes", "moves", "collective_s", "collectives")

    def __init__(self, t0: float) -> None:
        self.reset(t0)

    def reset(self, t0: float) -> None:
        """Zero for the next step (reused: no object made per step)."""
        self.t0 = t0
        self.collective_s = 0.0  # blocking collectives (torch.distributed), their wall time
        self.collectives = 0
        self.wait_s = 0.0
        self.copy_s = 0.0
        self.bytes = 0
        self.moves = 0


class Watcher:
    """Watches this process's torch and reports to the app and/or a recording.

    Made by `tensorkitchen.watch()`; use that, not this class, so there is one per process.
    `max_record_bytes`: the recording's cap (None: $TENSORKITCHEN_RECORD_MAX_BYTES, else
    1 GiB; 0: none). `idle`: a watcher that watches nothing and sends nothing (what watch()
    gives a process that multiprocessing started).
    """

    def __init__(self, record: Optional[str] = None, socket: Optional[str] = None,
                 app: bool = True, excepthook: bool = True, announce: bool = True,
                 program: Optional[str] = None, argv: Optional[List[str]] = None,
                 queue_size: int = _transport.QUEUE_SIZE, sample_seconds: float = 0.5,
                 memory_seconds: float = 0.1, max_record_bytes: Optional[int] = None,
                 idle: bool = False) -> None:
        # A bad cap raises here, before anything is opened or patched.
        cap = _recording.max_bytes(max_record_bytes) if not idle else None
        self._t0 = time.monotonic()
        self.closed = False
        # Nonzero: the hooks only call the originals (not started, closed, a forked child, or
        # inside a Module move). The wrappers check this one attribute.
        self.mute = 1
        self._started = False
        self.cuda = _devices.cuda_available()
        self.before = self.cuda  # tensor moves are asked about first only to start CUDA events
        self.exit_code: Optional[int] = None
        self.record_path: Optional[str] = None
        self.socket_path: Optional[str] = None
        self._said: Set[str] = set()
        # Guards the move ids, step totals, pending events and the window.
        self._lock = threading.Lock()
        # Moves, waits and steps counted since the sender last took them (_protocol.Window).
        self._win = _protocol.Window(0.0, 0)
        self._move_id = 0
        self._step_n = 0
        self._step = _Step(0.0)
        # (id(code), f_lasti, what) -> [calls, seconds, on CUDA, code]: this step's reads of
        # values back and pin_memory() calls (_hooks._install_calls), taken by the step message.
        self.call_counts: Dict[Tuple[int, int, str], List[Any]] = {}
        self._cell: Optional[_Step] = None  # the notebook cell running now (its totals)
        self._cells: Any = None              # the _notebook.CellWatch following them
        self._pending: List[Tuple[int, Any, Any, int]] = []  # (id, start, end, step)
        # CUDA graphs being captured (_hooks counts CUDAGraph.capture_begin … capture_end): no
        # event of the watcher's is recorded or queried then (a query would invalidate the
        # capture). The lock keeps a capture from beginning while the sampler queries.
        self.capturing = 0
        self.capture_lock = threading.Lock()
        # The GPU's idle time between steps (CUDA events): only where CUDA is.
        self.gaps = _gpu_idle.GpuGaps(self._here, self._fail, capturing=self._capturing) \
            if self.cuda else None
        self._patches = _moves.Patches()
        self._errors = _errors.ErrorWatch(self)
        self._pid = os.getpid()
        self.cuda_devices_sent = False  # the `devices` message, once CUDA is initialised

        sock, stream, self.socket_path, self.record_path = _recording.open_outputs(
            record, socket, app, announce) if not idle else (None, None, None, None)
        self._transport = _transport.Transport(sock, stream, self.clock, queue_size,
                                               on_broken=self._socket_broken,
                                               max_record_bytes=cap,
                                               on_record_failed=self._record_failed,
                                               windows=self.take_window)
        if idle:
            self.closed = True  # start() and close() do nothing; current() does not give it
        else:
            self._transport.put_forced(self._hello(program, argv))
        self._sampler = _sampler.Sampler(self, sample_seconds, memory_seconds)
        self._excepthook_wanted = excepthook

    # --- life cycle -----------------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        return not self.closed and self.mute < (1 << 20) and self._started

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._started = bool(value)

    def clock(self) -> float:
        return max(0.0, _monotonic() - self._t0)

    @property
    def connected(self) -> bool:
        return self._transport.connected

    def start(self) -> Watcher:
        if self.closed:
            return self
        self._transport.start()
        _hooks.install(self, self._patches)
        if self.gaps is not None:
            self._patches.on_undo(self.gaps.stop)
        self._started = True
        self.mute -= 1
        self._errors.start(self._excepthook_wanted)
        self._sampler.start()
        atexit.register(self._atexit)
        return self

    def close(self, exit_code: Optional[int] = None) -> None:
        """Undo every hook, flush (≤ 1 s) and send `bye`. Idempotent."""
        if self.closed:
            return
        self.closed = True
        self.mute += 1 << 20
        try:
            atexit.unregister(self._atexit)
        except Exception:
            pass
        self._unhook()
        if os.getpid() != self._pid:
            return  # a forked child: the parent's stream is not ours to end
        self._sampler.stop()
        self._sampler.final()  # a last memory reading, so even a short program has one
        if exit_code is None:
            exit_code = self.exit_code
        window = self.take_window()
        if window is not None:
            self._transport.put_forced(window)
        bye: Message = {"type": "bye", "t": self.clock(), "exit_code": exit_code}
        with self._lock:  # reads back after the last optimizer step, whose step never ends
            counts, self.call_counts, step = self.call_counts, {}, self._step_n + 1
        _hooks.add_calls(bye, counts, _protocol.MAX_CALL_LINES, step)
        self._transport.put_forced(bye)
        self._transport.close()

    def _unhook(self) -> None:
        self._patches.restore()
        if self._cells is not None:
            self._cells.unregister()
            self._cells = None
        self._errors.stop()

    def after_fork_in_child(self) -> None:
        """A forked child (a DataLoader worker) reports nothing: its threads are gone."""
        self.mute += 1 << 20
        self.closed = True
        if self.gaps is not None:
            self.gaps.abandon()  # no CUDA event from a forked child, none freed either

    def _atexit(self) -> None:
        self.close()

    # --- what goes out --------------------------------------------------------------------

    def sample_namespace(self, namespace: Any, file: str) -> None:
        """Reports the tensors and modules `namespace` names (the script's globals at its end)."""
        self._sampler.names_of(namespace, file)

    def put(self, message: Message) -> None:
        self._transport.put(message)

    def notice(self, text: str) -> None:
        """The watcher's own trouble, said once per text."""
        if text in self._said:
            return
        self._said.add(text)
        self._transport.put({"type": "notice", "t": self.clock(), "text": text[:4096]})

    def _fail(self, where: str, exc: BaseException) -> None:
        self.notice("tensorkitchen: %s failed and is skipped: %s: %s"
                    % (where, type(exc).__name__, exc))

    def safe(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:
            self._fail(getattr(fn, "__name__", "a hook"), exc)
            return None

    def _socket_broken(self, why: str) -> None:
        # Said in the recording, if there is one: the app has gone.
        self._transport.put({"type": "notice", "t": self.clock(),
                             "text": "tensorkitchen: the app went away (%s); not sending to it "
                                     "any more" % why})

    def _record_failed(self, why: str) -> None:
        # From the sender thread, once: the program and the app's stream go on.
        _recording.say("could not write the recording %s: %s; it ends here, the program runs "
                       "on" % (self.record_path, why))

    def _hello(self, program: Optional[str], argv: Optional[List[str]]) -> Message:
        message, named = _hello.hello_message(program, argv, self.cuda)
        if named:
            self.cuda_devices_sent = True
        return message

    @staticmethod
    def _place(message: Message, frame: Optional[types.FrameType]) -> None:
        file, line = _frames.where(frame)
        if file is not None and line is not None:
            message["file"] = file
            message["line"] = line
            _frames.cells.place(message, file)

    def _here(self) -> Message:
        """The place of the user's line that called into torch just now (for GpuGaps)."""
        place: Message = {}
        self._place(place, _frames.innermost_user_frame(_hooks.caller_frame(1)))
        return place

    @staticmethod
    def _name(obj: Any, frame: Optional[types.FrameType], caller: Any) -> Optional[str]:
        """The name holding what moved, else (the user's own line called the move) the name
        its result is assigned to: `batch = torch.ones(8, 64).to(d)` moves "batch"."""
        name = _frames.name_of(obj, frame)
        if name is None and frame is not None and frame is caller:
            name = _frames.assigned_name(frame)
        return name

    # --- hooks call these (never raising) -------------------------------------------------

    def _capturing(self) -> bool:
        return self.capturing > 0 or _gpu_idle.capturing()

    def cuda_start(self, src: Optional[torch.Tensor], target: Optional[torch.device]) -> Any:
        """A timing event recorded on the current stream of the CUDA device of a copy; none
        while a CUDA graph is captured (the copy is then timed by the wall clock)."""
        if self.capturing:
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
            self._fail("CUDA timing", exc)
            return None

    # The watcher's side of the move hooks (_moves.MoveObserver): timed around the call with
    # perf_counter, or by CUDA events on the copy's stream; counted when a device is crossed.
    # What the program's thread does per event is a site lookup and its values appended to the
    # window (_protocol.Window); a site is described (its name, place, sizes) at its first
    # event in a window, and the sender thread encodes the window's columns.

    def tensor_started(self, src: torch.Tensor, args: Any, kwargs: Any, method: str,
                       target: Optional[torch.device] = None) -> Any:
        """Before a tensor move on a CUDA build: the start event where CUDA is involved."""
        try:
            device = _moves.cuda_start_target(src, args, kwargs, method, target)
            return self.cuda_start(src, device) if device is not None else None
        except Exception as exc:
            self._fail("CUDA timing", exc)
            return None

    def tensor_moved(self, api: str, src: torch.Tensor, out: Any, seconds: float, events: Any,
                     args: Any, kwargs: Any, skip: int = 0) -> None:
        """After a call that returned another tensor: a move if it is on another device.
        `args`/`kwargs` as passed (for non_blocking; `skip` leading ones not it)."""
        # The hot path of a loop that moves a batch each step: a site key, a lookup, appends.
        try:
            if not isinstance(out, torch.Tensor):
                return
            source, target = src.device, out.device
            if target == source:
                return  # a dtype conversion, or the same device: no move
            end = self._end_event(events) if events is not None else None
            caller = _getframe(2)
            frame = _frames.innermost_user_frame(caller)
            # is_pinned only where CUDA is: it may initialise CUDA.
            pinned = self.cuda and source.type == "cpu" and bool(src.is_pinned())
            blocking = _moves.non_blocking(args, kwargs, skip) if args or kwargs else False
            code = frame.f_code if frame is not None else None
            key = ("m", id(code), frame.f_lasti if frame is not None else -1, api, source,
                   target, src.dtype, src.shape, pinned, blocking, end is None)
            with self._lock:
                entry = self._win.sites.get(key)
                if entry is None:
                    nbytes = _moves.tensor_bytes(src)
                    site: Message = {
                        "type": "move", "api": api, "kind": "tensor",
                        "name": self._name(src, frame, caller), "from": str(source),
                        "to": str(target), "bytes": nbytes, "shape": list(src.shape)[:16],
                        "dtype": _moves.dtype_name(src.dtype), "pinned": pinned,
                        "non_blocking": blocking}
                    if source.type == "cpu":
                        whole = _moves.storage_bytes(src)
                        if whole > nbytes:
                            site["source_bytes"] = whole  # a batch sliced from a larger tensor
                    entry = self._add_move_site(key, site, nbytes, end, frame, code)
                self._count_move(entry, seconds, events, end)
                if end is not None and self.gaps is not None and source.type == "cpu":
                    # the host's data reaching the GPU
                    self.gaps.copy_started(events[0], self._win.described[entry[0]])
            sampler = self._sampler
            if sampler.due or sampler.dirty:
                sampler.sample_here(frame)
        except Exception as exc:
            self._fail("reporting a tensor move", exc)

    def module_started(self, api: str, module: torch.nn.Module, args: Any,
                       kwargs: Any) -> Optional[Tuple[Optional[torch.device], bool, Any]]:
        """Before a module move: (its device, non_blocking, CUDA events); None on failure."""
        try:
            before = _moves.module_device(module)
            events = None
            if self.cuda:
                target = _moves.requested(api[7:], args, kwargs)  # "Module.to" → "to"
                if target is not None and target.type != "cuda":
                    target = None
                if target is not None or (before is not None and before.type == "cuda"):
                    events = self.cuda_start(None, target or before)
            return before, _moves.non_blocking(args, kwargs, 0), events
        except Exception as exc:
            self._fail("reporting a module move", exc)
            return None

    def module_moved(self, api: str, module: torch.nn.Module, out: Any, seconds: float,
                     started: Tuple[Optional[torch.device], bool, Any]) -> None:
        try:
            before, non_blocking, events = started
            after = _moves.module_device(module)
            if after is None or before is None or after == before:
                return
            end = self._end_event(events)
            frame = _frames.innermost_user_frame(_hooks.caller_frame(2))
            code = frame.f_code if frame is not None else None
            # A module's size is asked each time: its parameters may have changed.
            nbytes, _ = _moves.module_size(module)
            key = ("M", id(code), frame.f_lasti if frame is not None else -1, api, id(module),
                   before, after, bool(non_blocking), nbytes, end is None)
            with self._lock:
                entry = self._win.sites.get(key)
                if entry is None:
                    site: Message = {
                        "type": "move", "api": api, "kind": "module",
                        "class": type(module).__name__, "name": _frames.name_of(module, frame),
                        "from": str(before), "to": str(after), "bytes": nbytes,
                        "pinned": False, "non_blocking": bool(non_blocking)}
                    entry = self._add_move_site(key, site, nbytes, end, frame, code)
                self._count_move(entry, seconds, events, end)
            self._sampler.after_call(frame)
        except Exception as exc:
            self._fail("reporting a module move", exc)

    @staticmethod
    def _end_event(events: Any) -> Any:
        if events is None:
            return None
        end = torch.cuda.Event(enable_timing=True)
        end.record(events[1])
        return end

    def _add_move_site(self, key: Any, site: Message, nbytes: int, end: Any,
                       frame: Optional[types.FrameType], keep: Any) -> Tuple[int, Any]:
        """A move's site, described at its first move in the window (under the lock)."""
        site["timing"] = "cuda_events" if end is not None else "wall"
        self._place(site, frame)
        return self._win.add_site(key, site, nbytes, keep)

    def _count_move(self, entry: Tuple[int, Any], seconds: float, events: Any,
                    end: Any) -> None:
        """A move into the step's (and cell's) totals and the window (under the lock)."""
        nbytes = entry[1]
        self._move_id += 1
        move_id = self._move_id
        step = self._step
        step.moves += 1
        step.bytes += nbytes
        cell = self._cell
        if cell is not None:
            cell.moves += 1
            cell.bytes += nbytes
        if end is None:
            step.copy_s += seconds
            if cell is not None:
                cell.copy_s += seconds
        else:
            self._pending.append((move_id, events[0], end, self._step_n))
            if len(self._pending) > 4096:
                self._pending.pop(0)  # bounded: the oldest stays unknown
        self._win.move(entry[0], _monotonic() - self._t0, None if end is not None else seconds,
                       move_id)

    def take_window(self) -> Optional[Message]:
        """The moves, waits and steps counted since the last call, as a `window` message (or
        None): from the sender thread every WINDOW_SECONDS, and at close()."""
        with self._lock:
            win = self._win
            if not win:
                return None
            self._win = _protocol.Window(self.clock(), self._step_n)
        if win.overflow:
            self._transport.add_dropped(win.overflow)
        return win.message(self.clock(), self._call_site)

    @staticmethod
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

    def resolve_cuda_events(self) -> None:
        """From the sampler thread: moves whose end event completed get their `move_time`."""
        with self._lock:
            pending = list(self._pending)
        if not pending:
            return
        done: List[Tuple[int, float, int]] = []
        with self.capture_lock:
            if self.capturing:
                return  # ask again once the capture has ended
            for move_id, start, end, step in pending:
                if end.query():  # never synchronize: ask, and ask again later
                    done.append((move_id, start.elapsed_time(end) / 1000.0, step))
        if not done:
            return
        ids = {d[0] for d in done}
        with self._lock:
            self._pending = [p for p in self._pending if p[0] not in ids]
            for move_id, seconds, step in done:
                if step == self._step_n:
                    self._step.copy_s += seconds
                self._win.times.append((move_id, seconds))

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
            with self._lock:
                self._step.wait_s += seconds
                if self._cell is not None:
                    self._cell.wait_s += seconds
                win = self._win
                entry = win.sites.get(key)
                if entry is None:
                    site: Message = {"type": "data_wait", "workers": workers,
                                     "pin_memory": pin}
                    _hooks.describe_dataset(site, dataset)
                    self._place(site, frame)
                    entry = win.add_site(key, site, None, code)
                win.wait(entry[0], _monotonic() - self._t0, seconds, batch)
            sampler = self._sampler
            if sampler.due or sampler.dirty:
                sampler.sample_here(frame)
        except Exception as exc:
            self._fail("reporting a DataLoader wait", exc)

    def optimizer_step(self, optimizer: Any) -> None:
        try:
            frame = _frames.innermost_user_frame(_getframe(1))
            idle = self.gaps.step_ended(optimizer) if self.gaps is not None else None
            code = frame.f_code if frame is not None else None
            key = ("s", id(code), frame.f_lasti if frame is not None else -1, type(optimizer))
            with self._lock:
                now = _monotonic() - self._t0
                self._step_n += 1
                step = self._step
                counts, self.call_counts = self.call_counts, {}
                win = self._win
                entry = win.sites.get(key)
                if entry is None:
                    site: Message = {"type": "step", "optimizer": type(optimizer).__name__}
                    self._place(site, frame)
                    entry = win.add_site(key, site, None, code)
                win.step(entry[0], now, now - step.t0, step.wait_s, step.copy_s, step.bytes,
                         step.moves, step.collective_s, step.collectives, counts or None, idle)
                step.reset(now)
            sampler = self._sampler
            if sampler.due or sampler.dirty:
                sampler.sample_here(frame)
        except Exception as exc:
            self._fail("reporting an optimizer step", exc)

    def collective(self, op: str, seconds: float, args: Any, kwargs: Any, out: Any) -> None:
        """After a torch.distributed collective. A blocking one's wall time is the time the
        program spent in it; an async_op=True call returns a Work at once (its time is the
        call's only, and is not added to the step)."""
        try:
            frame = _frames.innermost_user_frame(_hooks.caller_frame(2))
            asynchronous = out is not None and hasattr(out, "wait")
            with self._lock:
                if not asynchronous:
                    self._step.collective_s += seconds
                    self._step.collectives += 1
                step_n = self._step_n
            message: Message = {
                "type": "collective", "t": self.clock(), "op": op, "seconds": seconds,
                "bytes": _hooks.collective_bytes(args, kwargs), "async": asynchronous,
                "step": step_n}
            self._place(message, frame)
            self.put(message)
        except Exception as exc:
            self._fail("reporting a collective", exc)

    # --- notebook cells (tensorkitchen._notebook) -----------------------------------------

    def follow_cells(self, ip: Any) -> None:
        """Follow an IPython shell's cells (once): events name their cell, each cell ends
        with a `cell` message."""
        if self._cells is not None or self.closed:
            return
        from . import _notebook
        self._cells = _notebook.CellWatch(ip, self)
        self._cells.register()

    def cell_started(self, count: int) -> None:
        with self._lock:
            self._cell = _Step(self.clock())

    def cell_finished(self, count: int, failed: bool) -> None:
        now = self.clock()
        with self._lock:
            cell, self._cell = self._cell, None
        if cell is None or not self.enabled:
            return
        window = self.take_window()  # the cell's moves before its bar
        if window is not None:
            self._transport.put_forced(window)
        message: Message = {
            "type": "cell", "t": now, "n": count, "seconds": now - cell.t0,
            "wait_s": cell.wait_s, "copy_s": cell.copy_s, "bytes": cell.bytes,
            "moves": cell.moves, "error": bool(failed)}
        self.put(message)
        self._sampler.cell_ended()

    def safe_failure(self, where: str, exc: BaseException) -> None:
        self._fail(where, exc)

    # --- errors (_errors.ErrorWatch) -------------------------------------------------------

    def report_error(self, exc: BaseException, tb: Optional[types.TracebackType],
                     caught: bool) -> None:
        try:
            self.put(_errors.error_message(exc, tb, caught, self.clock()))
        except Exception as e:
            self._fail("reporting an error", e)
