"""The watch protocol's constants and its coalesced `window` message (docs/watch-protocol.md).

The version, the limits, the calls counted as read-backs and the columns of a `window` are
declared here once; the app's reader (app/core/watch/watchwindow.cpp) is tested against them
(tests/core/watch/tst_watchwindow.cpp reads this module and tests/fixtures/window).

Why a window: a training loop makes a step, a move and a DataLoader wait every few hundred
microseconds. Sent as one JSON object each they cost the program's thread ~50 µs a step (the
encoding holds the GIL) and a recording ~850 bytes a step. In a window, what the program's
thread does per event is one site lookup and a few appends under a lock; the sender thread
turns ~100 ms of them into one line of arrays: each call site described once, each event its
site, its time and its own values in whole microseconds. The app expands the window back into
the messages it stands for, so nothing a finding, a chart or the timeline uses is lost.
"""
from __future__ import annotations

from typing import Any, Dict, Hashable, List, Optional, Tuple

VERSION = 1
MAX_LINE = 65536          # bytes a line may hold, the newline not counted
MAX_STRING = 4096         # characters a string may hold (the reader cuts longer ones)
MAX_CALL_LINES = 32       # call sites sent with a step (the reader refuses more than 64)
WINDOW_SECONDS = 0.1      # how often the sender turns the counted events into a `window`
MAX_WINDOW_EVENTS = 65536  # events one window holds; past it they are dropped and counted

# What the watcher counts as a read back of a value (or a pinning copy) when a user's line
# calls it on a tensor; with torch.cuda.synchronize(), the `what` of a step's `calls`. Besides
# the explicit reads: a tensor's truth test (`if t:`, bool(t)), float(t) and int(t), and the
# ops whose result's size depends on the values, so that the host waits to learn it (nonzero,
# masked_select, unique, and repeat_interleave given a tensor of repeats and no output_size):
# PyTorch's own set_sync_debug_mode finds the same. Only as Tensor methods: torch.nonzero(t)
# and the other functions of the torch module are not wrapped (TorchScript looks them up by
# identity).
READ_BACKS = ("item", "tolist", "numpy", "__repr__", "__format__", "pin_memory", "__bool__",
              "__float__", "__int__", "nonzero", "masked_select", "unique", "repeat_interleave")

# A window's events: `site` (each event's index into `sites`, which hold the type and the
# fields every event of that site shares) and `dt` (whole microseconds since the event before;
# the first: since `t0`), in the program's order; then per site type an object of columns,
# the k-th entry of each belonging to the k-th event of that type. A column that is null for
# every event is left out, and a null entry means the field is absent. Columns named in MICROS
# are whole microseconds on the wire and seconds in the message.
COLUMNS: Dict[str, Tuple[str, ...]] = {
    "move": ("seconds",),
    "data_wait": ("seconds", "batch"),
    "step": ("seconds", "wait_s", "copy_s", "bytes", "moves", "collective_s", "collectives",
             "calls", "gpu_idle"),
}
MICROS = frozenset(("seconds", "wait_s", "copy_s", "collective_s"))
# Fields an event's message gets without sending them (expand() and the app's WatchWindow):
# a move's `id` (the window's `id0`, then one more per move), `step` of moves and waits
# (`n0`, the steps before the window, then each step's `n`) and a step's `n` (one more than
# the last).
# A step's `calls`: [site, n, µs] triples flattened, each site a "call" site (what, device,
# file, line, cell); its `gpu_idle`: [site, µs], the site a "place" (file, line, cell).
SITE_TYPES = tuple(COLUMNS) + ("call", "place")


# Every message type and its fields (besides `type` and `t`), each with its JSON kind: "int",
# "number", "string", "bool", "device" (a device string), "array" or "object". The app's reader
# is tested against this: each field, sent with a value of another kind, must make it refuse
# the line and name the field (tst_watchwindow::everyFieldIsRead), but for the fields in
# NOT_READ. The watcher's messages are tested against it too (test_protocol.py).
_PLACE = {"file": "string", "line": "int", "cell": "int", "cell_id": "string"}
MESSAGES: Dict[str, Dict[str, str]] = {
    "hello": {"v": "int", "pid": "int", "program": "string", "argv": "array",
              "python": "string", "torch": "string", "cuda": "string", "cuda_count": "int",
              "devices": "array", "rank": "int", "world_size": "int", "local_rank": "int",
              "local_world_size": "int", "backend": "string", "group": "string",
              "executable": "string", "cwd": "string", "script": "string", "module": "string",
              "device": "device", "threads": "int", "parallel": "string"},
    "devices": {"devices": "array"},
    "move": dict({"id": "int", "api": "string", "kind": "string", "class": "string",
                  "name": "string", "from": "device", "to": "device", "bytes": "int",
                  "shape": "array", "dtype": "string", "pinned": "bool",
                  "non_blocking": "bool", "seconds": "number", "timing": "string",
                  "step": "int", "source_bytes": "int"}, **_PLACE),
    "move_time": {"id": "int", "seconds": "number"},
    "tensors": {"items": "array"},
    "memory": {"devices": "array"},
    "data_wait": dict({"seconds": "number", "batch": "int", "workers": "int",
                       "pin_memory": "bool", "dataset": "string", "dataset_bytes": "int",
                       "step": "int", "loader_file": "string", "loader_line": "int",
                       "loader_cell": "int", "loader_settings": "string"}, **_PLACE),
    "step": dict({"n": "int", "optimizer": "string", "seconds": "number", "wait_s": "number",
                  "copy_s": "number", "bytes": "int", "moves": "int", "collective_s": "number",
                  "collectives": "int", "calls": "array", "gpu_idle": "object", "rank": "int",
                  "loss": "number", "samples": "int", "forward_s": "number",
                  "backward_s": "number", "optimizer_s": "number", "allreduce_s": "number",
                  "allreduce_bytes": "int"}, **_PLACE),
    "cell": {"n": "int", "seconds": "number", "wait_s": "number", "copy_s": "number",
             "bytes": "int", "moves": "int", "error": "bool"},
    "collective": dict({"op": "string", "seconds": "number", "bytes": "int", "async": "bool",
                        "step": "int"}, **_PLACE),
    "error": dict({"kind": "string", "exception": "string", "message": "string",
                   "devices": "array", "code": "string", "traceback": "array",
                   "caught": "bool"}, **_PLACE),
    "dropped": {"count": "int"},
    "recording_capped": {"max_bytes": "int", "bytes": "int", "lines": "int", "steps": "int"},
    "notice": {"text": "string"},
    "bye": {"exit_code": "int", "step": "int", "calls": "array"},
    "window": {"t0": "number", "n0": "int", "id0": "int", "sites": "array", "site": "array",
               "dt": "array", "move": "object", "data_wait": "object", "step": "object",
               "times": "array"},
}
# Sent for people and other readers, not read by the app: `cell_id` (the front end's id of a
# cell; the app names a cell by its execution count) and `local_world_size`.
NOT_READ = frozenset({(kind, "cell_id") for kind, fields in MESSAGES.items() if "cell_id" in fields}
                     | {("hello", "local_world_size")})


class Window:
    """The step-level events of ~100 ms, as the program's threads counted them.

    The program's threads, under the watcher's lock, look a site up (`sites`, or `add_site` at
    its first event in the window) and append one tuple per event to `events` while it holds
    fewer than MAX_WINDOW_EVENTS (past that they count `overflow`):

    - a move: (site, t, seconds, or None when CUDA events time it, move id)
    - a DataLoader wait: (site, t, seconds, batch)
    - a step: (site, t, seconds, calls, gpu_idle, collective_s, collectives, copy_s timed by
      CUDA events)

    That is all they do per event: a step's waits, moves, bytes and wall-timed copies are
    added up here, when the sender thread encodes the window (`message`), in one warm loop.
    `keep` holds the code objects the site keys name by id, so that no id is reused while they
    are counted; a module's or a dataset's id is not held (nothing of the user's is kept
    alive): one made where a freed one was, within the window, shares its site."""

    __slots__ = ("t0", "n0", "sites", "described", "kinds", "nbytes", "keep", "events", "times",
                 "overflow")

    def __init__(self, t0: float, n0: int) -> None:
        self.t0 = t0
        self.n0 = n0
        self.sites: Dict[Hashable, int] = {}
        self.described: List[Dict[str, Any]] = []
        self.kinds: List[str] = []  # each event site's type
        self.nbytes: List[int] = []  # each event site's bytes moved (0 but for a move)
        self.keep: List[Any] = []
        self.events: List[Tuple[Any, ...]] = []
        self.times: List[Tuple[int, float]] = []  # (move id, seconds) from CUDA events
        self.overflow = 0  # events past MAX_WINDOW_EVENTS, dropped

    def __bool__(self) -> bool:
        return bool(self.events or self.times)

    def add_site(self, key: Hashable, site: Dict[str, Any], nbytes: int = 0,
                 keep: Any = None) -> int:
        """An event site, at its first event in the window: its index."""
        index = len(self.described)
        self.described.append(site)
        self.kinds.append(site["type"])
        self.nbytes.append(nbytes)
        self.sites[key] = index
        if keep is not None:
            self.keep.append(keep)
        return index

    def add(self, event: Tuple[Any, ...]) -> None:
        """One event's tuple (as above), or counted as dropped past the limit."""
        if len(self.events) < MAX_WINDOW_EVENTS:
            self.events.append(event)
        else:
            self.overflow += 1

    # --- the sender thread ----------------------------------------------------------------

    def message(self, t: float, call_site: Any, carry: List[Any]) -> Dict[str, Any]:
        """The `window` message. `call_site(code, lasti, what, cuda)` describes a counted
        call's site ({"type": "call", "what", "device", "file", "line", …}) or None when it
        is not the user's line. `carry` is [wait_s, copy_s, bytes, moves] of the step that
        was running as the window began, and is left so for the next window."""
        kinds, nbytes = self.kinds, self.nbytes
        wait_s, copy_s, moved, moves = carry
        order: List[int] = []
        times: List[float] = []
        move_us: List[Optional[int]] = []
        wait_us: List[int] = []
        batches: List[int] = []
        steps: List[Tuple[Any, ...]] = []
        id0: Optional[int] = None
        for event in self.events:
            s = event[0]
            order.append(s)
            times.append(event[1])
            kind = kinds[s]
            if kind == "move":
                seconds = event[2]
                if id0 is None:
                    id0 = event[3]
                moves += 1
                moved += nbytes[s]
                if seconds is None:
                    move_us.append(None)
                else:
                    move_us.append(int(seconds * 1e6 + 0.5))
                    copy_s += seconds
            elif kind == "data_wait":
                wait_us.append(int(event[2] * 1e6 + 0.5))
                batches.append(event[3])
                wait_s += event[2]
            else:
                steps.append((event[2], wait_s, copy_s + event[7], moved, moves, event[5],
                              event[6], event[3], event[4]))
                wait_s = copy_s = 0.0
                moved = moves = 0
        carry[:] = [wait_s, copy_s, moved, moves]
        us = [int(x * 1e6 + 0.5) for x in times]
        dt = [b - a if b > a else 0 for a, b in zip([int(self.t0 * 1e6 + 0.5)] + us, us)]
        message: Dict[str, Any] = {"type": "window", "t": t, "t0": self.t0, "n0": self.n0,
                                   "sites": self.described, "site": order, "dt": dt}
        if id0 is not None:
            message["id0"] = id0
        if move_us:
            message["move"] = {"seconds": move_us}
        if wait_us:
            message["data_wait"] = {"seconds": wait_us, "batch": batches}
        if steps:
            message["step"] = self._steps(steps, call_site)
        if self.times:
            message["times"] = [[i, int(s * 1e6 + 0.5)] for i, s in self.times]
        return message

    def _steps(self, steps: List[Tuple[Any, ...]], call_site: Any) -> Dict[str, Any]:
        """The step columns (COLUMNS["step"], in that order in each of `steps`)."""
        cols = list(zip(*steps))
        step: Dict[str, Any] = {}
        collectives = any(cols[6])  # blocking collectives in some step
        for i, name in enumerate(COLUMNS["step"]):
            column = cols[i]
            if name == "calls":
                if any(c is not None for c in column):
                    sites: Dict[Tuple[int, int, str], Optional[int]] = {}
                    step[name] = [self._calls(c, sites, call_site) for c in column]
            elif name == "gpu_idle":
                if any(c is not None for c in column):
                    step[name] = [self._idle(c) for c in column]
            elif name in ("collective_s", "collectives"):
                if collectives:  # null in a step without any
                    step[name] = [(int(x * 1e6 + 0.5) if name in MICROS else x) if n
                                  else None for x, n in zip(column, cols[6])]
            else:  # seconds … moves: every step has them
                step[name] = [int(x * 1e6 + 0.5) for x in column] if name in MICROS \
                    else list(column)
        return step

    def _calls(self, counts: Optional[Dict[Tuple[int, int, str], List[Any]]],
               sites: Dict[Tuple[int, int, str], Optional[int]], call_site: Any
               ) -> Optional[List[int]]:
        if not counts:
            return None
        flat: List[int] = []
        for key, (n, seconds, cuda, code) in list(counts.items()):
            index = sites.get(key, -1)
            if index == -1:
                site = call_site(code, key[1], key[2], cuda)
                index = sites[key] = None if site is None else len(self.described)
                if site is not None:
                    self.described.append(site)
            if index is None:
                continue
            flat += (index, n, int(seconds * 1e6 + 0.5))
            if len(flat) >= 3 * MAX_CALL_LINES:
                break
        return flat or None

    def _idle(self, idle: Optional[Dict[str, Any]]) -> Optional[List[int]]:
        if idle is None:
            return None
        place: Dict[str, Any] = {k: idle[k] for k in ("file", "line", "cell", "cell_id")
                                 if k in idle}
        place["type"] = "place"
        self.described.append(place)
        return [len(self.described) - 1, int(float(idle.get("seconds") or 0) * 1e6 + 0.5)]


def _columns(window: Dict[str, Any], kind: str, count: int) -> List[Tuple[str, List[Any]]]:
    """A type's columns, each checked to hold one entry per event of that type."""
    given = window.get(kind) or {}
    out = []
    for name in COLUMNS[kind]:
        column = given.get(name)
        if column is None:
            continue
        if not isinstance(column, list) or len(column) != count:
            raise ValueError("the %s column %s has not one entry per %s" % (kind, name, kind))
        out.append((name, column))
    return out


def expand(window: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The messages a `window` stands for, in the program's order (as the app reads it:
    app/core/watch/watchwindow.cpp). Raises ValueError for a window that breaks its columns."""
    sites = window["sites"]
    order, dts = window["site"], window["dt"]
    if len(order) != len(dts) or not all(0 <= s < len(sites) for s in order):
        raise ValueError("site and dt differ, or name no site of the window")
    kinds = [sites[s]["type"] for s in order]
    columns = {kind: _columns(window, kind, kinds.count(kind)) for kind in COLUMNS}
    taken = dict.fromkeys(COLUMNS, 0)
    t = float(window["t0"])
    step = int(window["n0"])
    next_id = window.get("id0")
    out: List[Dict[str, Any]] = []
    for s, dt, kind in zip(order, dts, kinds):
        if kind not in COLUMNS:
            raise ValueError("an event of a %s site" % kind)
        t += dt / 1e6
        message = dict(sites[s], t=t)
        if kind == "move":
            if next_id is None:
                raise ValueError("a move in a window without id0")
            message.update(id=next_id, step=step, seconds=None)
            next_id += 1
        elif kind == "data_wait":
            message["step"] = step
        else:
            step += 1
            message["n"] = step
        k = taken[kind]
        taken[kind] = k + 1
        for name, column in columns[kind]:
            value = column[k]
            if value is None:
                continue
            if name == "calls":
                calls = []
                for i in range(0, len(value), 3):
                    call = {f: v for f, v in sites[value[i]].items() if f != "type"}
                    call.update(n=value[i + 1], seconds=value[i + 2] / 1e6)
                    calls.append(call)
                message["calls"] = calls
            elif name == "gpu_idle":
                place = {f: v for f, v in sites[value[0]].items() if f != "type"}
                message["gpu_idle"] = dict(place, seconds=value[1] / 1e6)
            else:
                message[name] = value / 1e6 if name in MICROS else value
        out.append(message)
    end = max(t, float(window["t"]))
    for move_id, us in window.get("times", ()):
        out.append({"type": "move_time", "t": end, "id": move_id, "seconds": us / 1e6})
    return out


def messages(lines: Any) -> List[Dict[str, Any]]:
    """Decoded messages with every window expanded into the messages it stands for."""
    out: List[Dict[str, Any]] = []
    for message in lines:
        if message.get("type") == "window":
            out += expand(message)
        else:
            out.append(message)
    return out


def split(message: Dict[str, Any]) -> List[Dict[str, Any]]:
    """A window in two halves (each with every site), for one too long for a line."""
    order = message["site"]
    if len(order) < 2:
        return []
    half = len(order) // 2
    sites = message["sites"]
    kinds = [sites[s]["type"] for s in order]
    first = {k: v for k, v in message.items() if k not in COLUMNS and k != "times"}
    second = {k: v for k, v in message.items() if k not in COLUMNS}
    first.update(site=order[:half], dt=message["dt"][:half])
    second.update(site=order[half:], dt=message["dt"][half:])
    for kind in COLUMNS:
        if kind in message:
            n = kinds[:half].count(kind)
            first[kind] = {name: column[:n] for name, column in message[kind].items()}
            second[kind] = {name: column[n:] for name, column in message[kind].items()}
    first["t"] = message["t0"] + sum(first["dt"]) / 1e6
    # The second half's first dt is still from the event before: its t0 is where that was.
    second["t0"] = first["t"]
    second["n0"] = message["n0"] + kinds[:half].count("step")
    if "id0" in message:
        second["id0"] = message["id0"] + kinds[:half].count("move")
    return [first, second]
