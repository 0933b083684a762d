"""The Watcher: one per process. It keeps the life cycle (start, close, a forked child) and
makes the parts that watch; each part owns what it counts in the shared state (_state), reports
through the outbox (_outbox) and never sees the Watcher:

- moves (_watch_moves.MoveWatch), through the move wrappers of _moves;
- DataLoader waits, optimizer steps, reads back, collectives and the window they fill
  (_watch_steps.StepWatch), through the wrappers of _hooks;
- errors (_errors.ErrorWatch), notebook cells (_notebook.CellWatch), the GPU's idle time
  (_gpu_idle.GpuGaps), named tensors and memory (_sampler.Sampler, its own thread).
"""
from __future__ import annotations

import atexit
import os
from typing import Any, Dict, List, Optional, Tuple

from . import (
    _devices,
    _errors,
    _gpu_idle,
    _hello,
    _hooks,
    _moves,
    _recording,
    _sampler,
    _transport,
)
from ._outbox import Outbox
from ._state import WatchState
from ._watch_moves import MoveWatch
from ._watch_steps import StepWatch

Message = Dict[str, Any]


class Watcher:
    """Watches this process's torch and reports to the app and/or a recording.

    Made by `tensorkitchen.watch()`; use that, not this class, so there is one per process.
    `max_record_bytes`: the recording's cap (None: $TENSORKITCHEN_RECORD_MAX_BYTES, else
    1 GiB; 0: none). `idle`: a watcher that watches nothing and sends nothing (what watch()
    gives a process that multiprocessing started). `main`: ("script", path) or ("module",
    name), what `python -m tensorkitchen` runs (else read from __main__), for the app's rerun.
    """

    def __init__(self, record: Optional[str] = None, socket: Optional[str] = None,
                 app: bool = True, excepthook: bool = True, announce: bool = True,
                 program: Optional[str] = None, argv: Optional[List[str]] = None,
                 queue_size: int = _transport.QUEUE_SIZE, sample_seconds: float = 0.5,
                 memory_seconds: float = 0.1, max_record_bytes: Optional[int] = None,
                 idle: bool = False, main: Optional[Tuple[str, str]] = None) -> None:
        # A bad cap raises here, before anything is opened or patched.
        cap = _recording.max_bytes(max_record_bytes) if not idle else None
        self.record_path: Optional[str] = None
        self.socket_path: Optional[str] = None
        self._state = state = WatchState(_devices.cuda_available())
        self._pid = os.getpid()
        self._patches = _moves.Patches()
        self._cells: Any = None  # the _notebook.CellWatch, once follow_cells is called
        self._excepthook_wanted = excepthook

        sock, stream, self.socket_path, self.record_path = _recording.open_outputs(
            record, socket, app, announce) if not idle else (None, None, None, None)
        # The sender thread takes the window from the steps, made just below.
        self._transport = _transport.Transport(sock, stream, state.clock, queue_size,
                                               on_broken=self._socket_broken,
                                               max_record_bytes=cap,
                                               on_record_failed=self._record_failed,
                                               windows=lambda: self._steps.take_window())
        self._out = out = Outbox(state, self._transport)
        self._sampler = _sampler.Sampler(state, out, sample_seconds, memory_seconds)
        # The GPU's idle time between steps (CUDA events): only where CUDA is.
        gaps = _gpu_idle.GpuGaps(out.here, out.fail,
                                 capturing=lambda: state.capturing > 0
                                 or _gpu_idle.capturing()) if state.cuda else None
        self._moves = MoveWatch(state, out, self._sampler, gaps)
        self._steps = StepWatch(state, out, self._sampler, gaps)
        self._sampler.every_reading("CUDA timing", self._moves.resolve_cuda_events)
        self._errors = _errors.ErrorWatch(state, out)
        if idle:
            state.closed = True  # start() and close() do nothing; current() does not give it
        else:
            message, named = _hello.hello_message(program, argv, state.cuda, main)
            state.cuda_devices_sent = named
            self._transport.put_forced(message)

    # --- life cycle -----------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._state.closed

    @property
    def enabled(self) -> bool:
        """Watching now: started, not closed, not a forked child."""
        return self._state.enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._state.started = bool(value)

    @property
    def cuda(self) -> bool:
        """CUDA is there to time moves with (checked once, without initialising it)."""
        return self._state.cuda

    @property
    def gaps(self) -> Optional[_gpu_idle.GpuGaps]:
        """The GPU's idle time between steps, timed where CUDA is (None elsewhere)."""
        return self._steps.gaps

    @gaps.setter
    def gaps(self, gaps: Optional[_gpu_idle.GpuGaps]) -> None:
        # Another one before start() (the tests' fake GPU): the moves and steps share it.
        self._moves.gaps = self._steps.gaps = gaps

    @property
    def connected(self) -> bool:
        return self._transport.connected

    def clock(self) -> float:
        return self._state.clock()

    def start(self) -> Watcher:
        state = self._state
        if state.closed:
            return self
        self._transport.start()
        _hooks.install(state, self._moves, self._steps, self.gaps, self._out, self._patches)
        if self.gaps is not None:
            self._patches.on_undo(self.gaps.stop)
        self._steps.ends.start()
        self._patches.on_undo(self._steps.ends.stop)
        state.started = True
        state.mute -= 1
        self._errors.start(self._excepthook_wanted)
        self._sampler.start()
        atexit.register(self._atexit)
        return self

    def close(self, exit_code: Optional[int] = None) -> None:
        """Undo every hook, flush (≤ 1 s) and send `bye`. Idempotent."""
        state = self._state
        if state.closed:
            return
        state.closed = True
        state.mute += 1 << 20
        try:
            atexit.unregister(self._atexit)
        except Exception:
            pass
        self._unhook()
        if os.getpid() != self._pid:
            return  # a forked child: the parent's stream is not ours to end
        self._sampler.stop()
        self._sampler.final()  # a last memory reading, so even a short program has one
        self._steps.flush()
        self._transport.put_forced(
            self._steps.bye(state.exit_code if exit_code is None else exit_code))
        self._transport.close()

    def _unhook(self) -> None:
        self._patches.restore()
        if self._cells is not None:
            self._cells.unregister()
            self._cells = None
        self._errors.stop()

    def after_fork_in_child(self) -> None:
        """A forked child (a DataLoader worker) reports nothing: its threads are gone."""
        self._state.mute += 1 << 20
        self._state.closed = True
        if self.gaps is not None:
            self.gaps.abandon()  # no CUDA event from a forked child, none freed either

    def _atexit(self) -> None:
        self.close()

    def follow_cells(self, ip: Any) -> None:
        """Follow an IPython shell's cells (once): events name their cell, each cell ends
        with a `cell` message."""
        if self._cells is not None or self._state.closed:
            return
        from . import _notebook
        self._cells = _notebook.CellWatch(ip, self._steps, self._out, self._sampler)
        self._cells.register()

    # --- what the program, the runner and `watching()` tell it ------------------------------

    def sample_namespace(self, namespace: Any, file: str) -> None:
        """Reports the tensors and modules `namespace` names (the script's globals at its end)."""
        self._sampler.names_of(namespace, file)

    def report_error(self, exc: BaseException, tb: Any, caught: bool) -> None:
        """An exception the program's own code saw (a `watching()` block it left)."""
        self._errors.report(exc, tb, caught)

    def put(self, message: Message) -> None:
        self._out.put(message)

    def notice(self, text: str) -> None:
        """Said once per text, as the watcher's own trouble."""
        self._out.notice(text)

    def _socket_broken(self, why: str) -> None:
        # Said in the recording, if there is one: the app has gone.
        self._transport.put({"type": "notice", "t": self.clock(),
                             "text": "tensorkitchen: the app went away (%s); not sending to it "
                                     "any more" % why})

    def _record_failed(self, why: str) -> None:
        # From the sender thread, once: the program and the app's stream go on.
        _recording.say("could not write the recording %s: %s; it ends here, the program runs "
                       "on" % (self.record_path, why))
