"""The way out: a bounded queue, a daemon sender thread, the app's socket and a recording.

The program's threads only append to a deque (never block); the sender thread encodes and
writes. See docs/watch-protocol.md, "Transport".
"""
from __future__ import annotations

import collections
import json
import math
import os
import socket
import stat
import threading
import time
from typing import IO, Any, Callable, Deque, Dict, List, Optional, Tuple

from . import _protocol
from ._protocol import MAX_LINE, MAX_STRING

QUEUE_SIZE = 4096
FLUSH_SECONDS = 1.0       # at exit, how long the remaining messages may take to go out
_POLL = 0.05              # the sender's sleep while the queue is empty (few wake-ups)

Message = Dict[str, Any]
Line = Tuple[bytes, Any, int]  # an encoded message, its type and the steps it holds


def default_socket_path() -> str:
    """The app's socket: TENSORKITCHEN_SOCKET, else the user's runtime folder (protocol doc)."""
    env = os.environ.get("TENSORKITCHEN_SOCKET")
    if env:
        return env
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return os.path.join(runtime, "tensor-kitchen", "watch.sock")
    return os.path.join("/tmp", "tensor-kitchen-%d" % os.getuid(), "watch.sock")


def _folder_is_private(path: str) -> bool:
    """The socket's folder must be the user's own and closed to others (0700)."""
    try:
        st = os.lstat(os.path.dirname(path) or ".")
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and (st.st_mode & 0o077) == 0


def connect(path: str, timeout: float = 0.5) -> tuple[Optional[socket.socket], str]:
    """Connect to the app; (socket, "") or (None, why not)."""
    if not hasattr(socket, "AF_UNIX"):
        return None, "no AF_UNIX sockets here"
    if not os.path.exists(path):
        return None, "no app listening at %s" % path
    if not _folder_is_private(path):
        return None, "refusing %s: its folder is not the user's own with mode 0700" % path
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect(path)
    except OSError as exc:
        sock.close()
        return None, "no app listening at %s (%s)" % (path, exc.strerror or exc)
    sock.settimeout(None)  # blocking: a slow app stalls the sender thread only
    return sock, ""


def _finite(value: Any) -> Any:
    """A copy with NaN and infinities replaced by null (JSON has neither)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _cut(value: Any, limit: int) -> Any:
    """A copy with strings cut to `limit` characters and lists to 256 entries."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit]
    if isinstance(value, dict):
        return {k: _cut(v, limit) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_cut(v, limit) for v in value[:256]]
    return value


def _dumps(message: Message) -> str:
    return json.dumps(message, separators=(",", ":"), allow_nan=False, ensure_ascii=False,
                      default=str)


def encode(message: Message) -> Optional[bytes]:
    """One line (with its newline) within MAX_LINE bytes, or None when it cannot fit."""
    try:
        text = _dumps(message)
    except ValueError:  # a NaN or an infinity
        message = _finite(message)
        text = _dumps(message)
    data = text.encode("utf-8")
    if len(data) <= MAX_LINE:
        return data + b"\n"
    # Too long: cut strings, then halve the longest lists, then cut strings harder.
    limit = MAX_STRING
    message = _cut(message, limit)
    for _ in range(40):
        data = _dumps(message).encode("utf-8")
        if len(data) <= MAX_LINE:
            return data + b"\n"
        lists = [k for k, v in message.items() if isinstance(v, list) and v]
        if lists:
            key = max(lists, key=lambda k: len(_dumps(message[k])))
            message[key] = message[key][: len(message[key]) // 2]
        elif limit > 64:
            limit //= 4
            message = _cut(message, limit)
        else:
            return None
    return None


def encode_lines(message: Message) -> List[bytes]:
    """A message as lines: one, or for a `window` too long for a line, its halves (a window's
    lists are its events: never cut, as encode() cuts lists)."""
    if message.get("type") != "window":
        data = encode(message)
        return [data] if data is not None else []
    text = _dumps(message).encode("utf-8")
    if len(text) <= MAX_LINE:
        return [text + b"\n"]
    return [line for half in _protocol.split(message) for line in encode_lines(half)]


def steps_in(message: Message) -> int:
    kind = message.get("type")
    if kind == "step":
        return 1
    if kind != "window":
        return 0
    return len(message.get("step", {}).get("seconds", ()))


class Transport:
    """Queue + sender thread writing to the app's socket and/or a recording file.

    A recording stops growing at `max_record_bytes`: from the line that would pass it, lines
    are counted, not written, and a `recording_capped` message says so there and again, with
    the counts, before `bye` (docs/watch-protocol.md). `hello` and `bye` are always written.
    A recording that cannot be written (a full disk) is closed and left; `on_record_failed`
    is told why, once."""

    def __init__(self, sock: Optional[socket.socket], record: Optional[IO[bytes]],
                 clock: Callable[[], float], queue_size: int = QUEUE_SIZE,
                 on_broken: Optional[Callable[[str], None]] = None,
                 max_record_bytes: Optional[int] = None,
                 on_record_failed: Optional[Callable[[str], None]] = None,
                 windows: Optional[Callable[[], Optional[Message]]] = None) -> None:
        self._sock = sock
        self._record = record
        self._max_record = max_record_bytes
        self._record_bytes = 0
        self.capped: Optional[Message] = None  # the recording_capped message, once capped
        self._on_record_failed = on_record_failed
        self._clock = clock
        self._queue: Deque[Message] = collections.deque()
        self._queue_size = queue_size
        self._dropped = 0
        self._drop_lock = threading.Lock()
        self._write_lock = threading.Lock()  # the sender and close() both write the file
        self._stop = threading.Event()
        self._on_broken = on_broken
        # The step-level events counted since the last call, as a `window` (or None): asked
        # every WINDOW_SECONDS from the sender thread, which encodes it.
        self._windows = windows
        self._window_due = 0.0
        self.sent = 0
        self.socket_broken = False
        self._thread = threading.Thread(target=self._run, name="tensorkitchen-sender",
                                        daemon=True)

    @property
    def connected(self) -> bool:
        return self._sock is not None

    def start(self) -> None:
        self._thread.start()

    def put(self, message: Message) -> None:
        """Queue a message; never blocks. A full queue drops and counts it."""
        if len(self._queue) >= self._queue_size:
            with self._drop_lock:
                self._dropped += 1
            return
        self._queue.append(message)

    def put_forced(self, message: Message) -> None:
        """For `bye` and `hello`: queued even when full."""
        self._queue.append(message)

    def _take_dropped(self) -> int:
        with self._drop_lock:
            count, self._dropped = self._dropped, 0
        return count

    def add_dropped(self, count: int) -> None:
        with self._drop_lock:
            self._dropped += count

    def _add_dropped(self, lines: List[Line]) -> None:
        count = self._take_dropped()
        if count:
            lines.append((encode({"type": "dropped", "t": self._clock(), "count": count})
                          or b"", "dropped", 0))

    def _take_window(self, lines: List[Line]) -> None:
        """The events counted since the last window, when one is due: before what is queued,
        so that a `bye` queued with the last window stays after every window."""
        now = time.monotonic()
        if self._windows is None or now < self._window_due:
            return
        self._window_due = now + _protocol.WINDOW_SECONDS
        message = self._windows()
        if message is not None:
            self._add(lines, message)

    def _add(self, lines: List[Line], message: Message) -> None:
        kind = message.get("type")
        if kind != "bye" and self._sock is None and (self._record is None
                                                      or self.capped is not None):
            with self._write_lock:  # nobody reads it: counted (when capped), not encoded
                self._left_out(kind, steps_in(message))
            return
        encoded = encode_lines(message)
        steps = steps_in(message)
        for i, data in enumerate(encoded):
            lines.append((data, kind, steps if i == 0 else 0))
        if not encoded:
            self.add_dropped(1)

    def _drain(self) -> bool:
        """Write out what is queued now; False when there was nothing."""
        lines: List[Line] = []
        self._take_window(lines)
        queue = self._queue
        while queue:
            message = queue.popleft()
            is_bye = message.get("type") == "bye"
            if is_bye:
                self._add_dropped(lines)  # `bye` stays the last line
            self._add(lines, message)
            if is_bye:
                break
        else:
            self._add_dropped(lines)
        if not lines:
            return False
        self._write(lines)
        return True

    def _left_out(self, kind: Any, steps: int) -> None:
        """A line the capped recording does not get, counted (under the write lock)."""
        if self.capped is not None:
            self.capped["lines"] += 1
            self.capped["steps"] += steps

    def _capped_line(self) -> bytes:
        assert self.capped is not None
        return encode(dict(self.capped, t=self._clock())) or b""

    def _recorded(self, lines: List[Line]) -> bytes:
        """What of `lines` goes into the recording, under its cap."""
        out: List[bytes] = []
        for data, kind, steps in lines:
            if kind == "bye":
                if self.capped is not None:
                    out.append(self._capped_line())  # the counts, before the end
            elif self.capped is not None:
                self._left_out(kind, steps)
                continue
            elif (self._max_record is not None and kind != "hello"
                  and self._record_bytes + len(data) > self._max_record):
                self.capped = {"type": "recording_capped", "t": 0.0,
                               "max_bytes": self._max_record, "bytes": self._record_bytes,
                               "lines": 0, "steps": 0}
                out.append(self._capped_line())
                self._left_out(kind, steps)
                continue
            out.append(data)
            self._record_bytes += len(data)
        return b"".join(out)

    def _write_record(self, lines: List[Line]) -> None:
        record = self._record
        if record is None:
            return
        data = self._recorded(lines)
        if not data:
            return
        try:
            record.write(data)
            record.flush()
        except (OSError, ValueError) as exc:
            # A full disk, a file gone bad: the recording stops here, said once; the program
            # and the app's stream go on.
            self._record = None
            try:
                record.close()
            except Exception:
                pass
            if self._on_record_failed is not None:
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self._on_record_failed(why)

    def _write(self, lines: List[Line]) -> None:
        with self._write_lock:
            self._write_record(lines)
            self.sent += len(lines)
        sock = self._sock
        if sock is not None:
            try:
                sock.sendall(b"".join(d for d, _, _ in lines), getattr(socket, "MSG_NOSIGNAL", 0))
            except OSError as exc:
                # The app went away: stop sending (no reconnect); the program runs on.
                self._sock = None
                self.socket_broken = True
                try:
                    sock.close()
                except OSError:
                    pass
                if self._on_broken is not None:
                    self._on_broken(str(exc))

    def _run(self) -> None:
        # Waiting on the stop flag (not sleeping) lets close() end the thread at once.
        while not self._stop.is_set():
            try:
                if not self._drain():
                    self._stop.wait(_POLL)
            except Exception:  # never let the sender die silently: drop what it held
                self._stop.wait(_POLL)

    def close(self, timeout: float = FLUSH_SECONDS) -> None:
        """Stop the sender (it finishes the write it is in, for at most `timeout` seconds),
        write the rest from here, and close."""
        deadline = time.monotonic() + timeout
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(max(0.0, deadline - time.monotonic()))
        if not self._thread.is_alive():
            # The sender is done: write any rest from here (it raced the stop flag).
            try:
                self._drain()
            except Exception:
                pass
        elif self._record is not None and self._queue:
            # The sender is stuck on a slow app: at least the recording gets the rest.
            sock, self._sock = self._sock, None
            try:
                self._drain()
            except Exception:
                pass
            self._sock = sock
        with self._write_lock:
            if self._record is not None:
                try:
                    self._record.close()
                except OSError:
                    pass
                self._record = None
        if self._sock is not None and not self._thread.is_alive():
            try:
                self._sock.close()
            except OSError:
                pass
            self._sock = None
