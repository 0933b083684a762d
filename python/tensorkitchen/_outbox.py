"""What every part of the watcher reports through: messages of the protocol (_protocol) to the
transport, and the watcher's own trouble said once as a `notice`. The parts are handed this, not
the Watcher: none of them can reach its life cycle."""
from __future__ import annotations

from typing import Any, Dict, Set

from . import _frames, _hooks, _transport
from ._state import WatchState

Message = Dict[str, Any]


class Outbox:
    def __init__(self, state: WatchState, transport: _transport.Transport) -> None:
        self._state = state
        self._transport = transport
        self._said: Set[str] = set()

    def clock(self) -> float:
        return self._state.clock()

    def put(self, message: Message) -> None:
        """Sent when there is room (the queue is bounded; a full one counts it as dropped)."""
        self._transport.put(message)

    def put_forced(self, message: Message) -> None:
        """Sent even when the queue is full (hello, a window, bye)."""
        self._transport.put_forced(message)

    def add_dropped(self, count: int) -> None:
        self._transport.add_dropped(count)

    def notice(self, text: str) -> None:
        """The watcher's own trouble, said once per text."""
        if text in self._said:
            return
        self._said.add(text)
        self._transport.put({"type": "notice", "t": self.clock(), "text": text[:4096]})

    def fail(self, where: str, exc: BaseException) -> None:
        """A part of the watcher failed: said once, and the program goes on."""
        self.notice("tensorkitchen: %s failed and is skipped: %s: %s"
                    % (where, type(exc).__name__, exc))

    def here(self) -> Message:
        """The place of the user's line that called into torch just now (for GpuGaps)."""
        place: Message = {}
        _frames.place(place, _frames.innermost_user_frame(_hooks.caller_frame(1)))
        return place
