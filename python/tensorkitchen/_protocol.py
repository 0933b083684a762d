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
# calls it on a tensor; with torch.cuda.synchronize(), the `what` of a step's `calls`.
READ_BACKS = ("item", "tolist", "numpy", "__repr__", "__format__", "pin_memory")

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
                       "step": "int"}, **_PLACE),
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

    Written under the watcher's lock by the program's threads (`add_site`, `move`, `wait`,
    `step`, `times`); swapped for a new one and encoded by the sender thread (`message`).
    `keep` holds the code objects the site keys name by id, so that no id is reused while
    they are counted; a module's or a dataset's id is not held (nothing of the user's is kept
    alive): one made where a freed one was, within the window, shares its site."""

    __slots__ = ("t0", "n0", "id0", "sites", "described", "keep", "site", "t", "move_s",
                 "wait_s", "wait_batch", "step_cols", "times", "steps", "overflow")

    def __init__(self, t0: float, n0: int) -> None:
        self.t0 = t0
        self.n0 = n0
        self.id0: Optional[int] = None
        self.sites: Dict[Hashable, Tuple[int, Any]] = {}
        self.described: List[Dict[str, Any]] = []
        self.keep: List[Any] = []
        self.site: List[int] = []
        self.t: List[float] = []
        self.move_s: List[Optional[float]] = []
        self.wait_s: List[float] = []
        self.wait_batch: List[int] = []
        self.step_cols: Tuple[List[Any], ...] = tuple([] for _ in COLUMNS["step"])
        self.times: List[Tuple[int, float]] = []  # (move id, seconds) from CUDA events
        self.steps = 0
        self.overflow = 0  # events past MAX_WINDOW_EVENTS, dropped

    def __bool__(self) -> bool:
        return bool(self.site or self.times)

    def add_site(self, key: Hashable, site: Dict[str, Any], extra: Any = None,
                 keep: Any = None) -> Tuple[int, Any]:
        entry = (len(self.described), extra)
        self.described.append(site)
        self.sites[key] = entry
        if keep is not None:
            self.keep.append(keep)
        return entry

    def full(self) -> bool:
        if len(self.site) < MAX_WINDOW_EVENTS:
            return False
        self.overflow += 1
        return True

    # --- the program's threads, under the watcher's lock ------------------------------------

    def move(self, site: int, t: float, seconds: Optional[float], move_id: int) -> None:
        if self.full():
            return
        if self.id0 is None:
            self.id0 = move_id
        self.site.append(site)
        self.t.append(t)
        self.move_s.append(seconds)

    def wait(self, site: int, t: float, seconds: float, batch: int) -> None:
        if self.full():
            return
        self.site.append(site)
        self.t.append(t)
        self.wait_s.append(seconds)
        self.wait_batch.append(batch)

    def step(self, site: int, t: float, *values: Any) -> None:
        """values: seconds, wait_s, copy_s, bytes, moves, collective_s, collectives, the call
        counts ({(id(code), lasti, what): [n, seconds, cuda, code]} or None), gpu_idle."""
        if self.full():
            return
        self.site.append(site)
        self.t.append(t)
        c = self.step_cols
        # Unrolled: one append per column (a loop costs a step ~1 µs more).
        c[0].append(values[0])
        c[1].append(values[1])
        c[2].append(values[2])
        c[3].append(values[3])
        c[4].append(values[4])
        c[5].append(values[5])
        c[6].append(values[6])
        c[7].append(values[7])
        c[8].append(values[8])
        for column, value in zip(c[9:], values[9:]):  # any column added after gpu_idle
            column.append(value)
        self.steps += 1

    # --- the sender thread ----------------------------------------------------------------

    def message(self, t: float, call_site: Any) -> Dict[str, Any]:
        """The `window` message. `call_site(code, lasti, what, cuda)` describes a counted
        call's site ({"type": "call", "what", "device", "file", "line", …}) or None when it
        is not the user's line. List comprehensions only: this runs for every event."""
        us = [int(x * 1e6 + 0.5) for x in self.t]
        dt = [b - a if b > a else 0 for a, b in zip([int(self.t0 * 1e6 + 0.5)] + us, us)]
        message: Dict[str, Any] = {"type": "window", "t": t, "t0": self.t0, "n0": self.n0,
                                   "sites": self.described, "site": self.site, "dt": dt}
        if self.id0 is not None:
            message["id0"] = self.id0
        if self.move_s:
            message["move"] = {"seconds": [None if x is None else int(x * 1e6 + 0.5)
                                           for x in self.move_s]}
        if self.wait_s:
            message["data_wait"] = {"seconds": [int(x * 1e6 + 0.5) for x in self.wait_s],
                                    "batch": self.wait_batch}
        if self.steps:
            cols = self.step_cols
            step: Dict[str, Any] = {}
            collectives = any(cols[6])  # blocking collectives in some step
            for i, (name, column) in enumerate(zip(COLUMNS["step"], cols)):
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
                elif i < 5:  # seconds … moves: every step has them
                    step[name] = [int(x * 1e6 + 0.5) for x in column] if name in MICROS \
                        else column
                elif any(x is not None for x in column):
                    step[name] = [None if x is None else int(x * 1e6 + 0.5) for x in column] \
                        if name in MICROS else column
            message["step"] = step
        if self.times:
            message["times"] = [[i, int(s * 1e6 + 0.5)] for i, s in self.times]
        return message

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
