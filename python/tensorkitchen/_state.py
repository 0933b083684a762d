"""The watcher's state: every counter, lock and flag its parts share, in one object.

Who may touch what (the threads are the program's own, the sender's of _transport and the
sampler's of _sampler; "life cycle" is Watcher.start/close, on whichever thread calls them):

=====================  =====================================  ================================
attribute              written by                             read by
=====================  =====================================  ================================
t0, cuda               __init__ only                          any thread
mute, started, closed  life cycle; a module's move (+1/-1)    every wrapper, without the lock
exit_code              the program's excepthook; life cycle   close()
cuda_devices_sent      the sampler; hello at start            the sampler
capturing              CUDA graph capture hooks               moves, the sampler (capture_lock)
under `lock`:
  window               the program's threads (their events)   the sender (take_window swaps it)
  move_id, step_n      the program's threads                  the observers
  step_t0              the program's threads (a step)         the step
  collective_s,        the program's threads (a collective)   the step (takes and zeroes them)
  collectives
  cuda_copy_s          the sampler (CUDA-timed copies)        the step (takes and zeroes it)
  cell                 the program's threads; notebook cells  the observers (while a cell runs)
  pending              moves (CUDA events to read)            the sampler (resolves them)
call_counts            read-back wrappers, without the lock   the step (swapped under `lock`)
=====================  =====================================  ================================

A step's waits, moves, bytes and wall-timed copies are not added up here: each event is one
tuple in the window, and the sender adds them up per step when it encodes the window
(_protocol.Window.message). The program's thread does the least it can per event.

`call_counts` is written without the lock on purpose: a read-back is the hottest call the
watcher wraps (a metric per element), and a dict update under the GIL is atomic; the step takes
the dict by swapping it for a new one under the lock, so a count lands in one step or the next.
"""
from __future__ import annotations

import threading
import time
from typing import Any, Dict, List, Optional, Tuple

from . import _protocol

# (id(code), f_lasti, what) -> [calls, seconds, on CUDA, code]: a step's reads of values back
# and pin_memory() calls (_hooks._install_calls).
CallCounts = Dict[Tuple[int, int, str], List[Any]]


class Totals:
    """What a notebook cell added up."""
    __slots__ = ("t0", "wait_s", "copy_s", "bytes", "moves")

    def __init__(self, t0: float) -> None:
        self.reset(t0)

    def reset(self, t0: float) -> None:
        """Zero (from `t0` on)."""
        self.t0 = t0
        self.wait_s = 0.0
        self.copy_s = 0.0
        self.bytes = 0
        self.moves = 0


class WatchState:
    """See the module's table for the thread that may touch each attribute. Slots: a part
    cannot add state of its own here unseen."""

    __slots__ = ("t0", "cuda", "mute", "started", "closed", "exit_code", "cuda_devices_sent",
                 "capturing", "capture_lock", "lock", "window", "move_id", "step_n", "step_t0",
                 "collective_s", "collectives", "cuda_copy_s", "cell", "pending",
                 "call_counts")

    def __init__(self, cuda: bool) -> None:
        self.t0 = time.monotonic()
        self.cuda = cuda
        # Nonzero: the hooks only call the originals (not started, closed, a forked child, or
        # inside a Module move). Every wrapper checks this one attribute.
        self.mute = 1
        self.started = False
        self.closed = False
        self.exit_code: Optional[int] = None
        self.cuda_devices_sent = False  # the `devices` message, once CUDA is initialised
        # CUDA graphs being captured: no event of the watcher's is recorded or queried then (a
        # query would invalidate the capture). The lock keeps a capture from beginning while
        # the sampler queries.
        self.capturing = 0
        self.capture_lock = threading.Lock()
        self.lock = threading.Lock()
        self.window = _protocol.Window(0.0, 0)
        self.move_id = 0
        self.step_n = 0
        self.step_t0 = 0.0  # when the step now running began (the last step's end)
        self.collective_s = 0.0  # blocking collectives in the step now running, their time
        self.collectives = 0
        self.cuda_copy_s = 0.0  # copies of this step timed by CUDA events, resolved so far
        self.cell: Optional[Totals] = None  # the notebook cell running now
        self.pending: List[Tuple[int, Any, Any, int]] = []  # (move id, start, end, step)
        self.call_counts: CallCounts = {}

    @property
    def enabled(self) -> bool:
        """Started, not closed, not a forked child's (what the slower hooks check)."""
        return not self.closed and self.mute < (1 << 20) and self.started

    def clock(self) -> float:
        """Seconds since the watcher was made: every message's `t`."""
        return max(0.0, time.monotonic() - self.t0)

    def take_window(self) -> Optional[_protocol.Window]:
        """The window counted so far, a new one in its place (None when it is empty)."""
        with self.lock:
            win = self.window
            if not win:
                return None
            self.window = _protocol.Window(self.clock(), self.step_n)
        return win

    def take_calls(self) -> Tuple[CallCounts, int]:
        """The read-backs counted since the last step, and the number of the step they are in."""
        with self.lock:
            counts, self.call_counts = self.call_counts, {}
            return counts, self.step_n + 1
