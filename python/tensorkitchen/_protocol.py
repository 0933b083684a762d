"""The watch protocol's constants and its coalesced `window` message (docs/watch-protocol.md).

The version, the limits, the calls counted as read-backs and the rows of a `window` are
declared here once; the app's reader (app/core/watch/watchparser.cpp) is tested against them
(tests/python/test_protocol.py writes every row kind and the suite replays what it wrote).

Why a window: a training loop makes a step, a move and a DataLoader wait every few hundred
microseconds. Sent as one JSON object each they cost the program's thread ~50 µs a step (the
encoding holds the GIL) and a recording ~850 bytes a step. In a window, what the program's
thread does per event is one site lookup and a tuple appended under a lock; the sender thread
turns ~100 ms of them into one line: each call site described once, each event a short row of
whole microseconds. The app expands the rows back into the messages they stand for, so
nothing a finding, a chart or the timeline uses is lost.
"""
from __future__ import annotations

from typing import Any, Dict, Hashable, List, Optional, Tuple

VERSION = 1
MAX_LINE = 65536          # bytes a line may hold, the newline not counted
MAX_STRING = 4096         # characters a string may hold (the reader cuts longer ones)
MAX_CALL_LINES = 32       # call sites sent with a step (the reader refuses more than 64)
WINDOW_SECONDS = 0.1      # how often the sender turns the counted events into a `window`
MAX_WINDOW_ROWS = 65536   # events one window holds; past it they are dropped and counted

# What the watcher counts as a read back of a value (or a pinning copy) when a user's line
# calls it on a tensor, plus torch.cuda.synchronize(): the `what` of a step's `calls`.
READ_BACKS = ("item", "tolist", "numpy", "__repr__", "__format__", "pin_memory")
CALL_KINDS = READ_BACKS + ("synchronize",)

# A `window` row is [site, dt, *columns]: `site` indexes the window's `sites` (which hold the
# type and the fields every event of that site shares), `dt` is whole microseconds since the
# previous row (the first: since the window's `t0`). Trailing null columns are left off.
# Columns named in MICROS are whole microseconds on the wire and seconds in the message.
ROWS: Dict[str, Tuple[str, ...]] = {
    "move": ("seconds",),
    "data_wait": ("seconds", "batch"),
    "step": ("seconds", "wait_s", "copy_s", "bytes", "moves", "collective_s", "collectives",
             "calls", "gpu_idle"),
}
MICROS = frozenset(("seconds", "wait_s", "copy_s", "collective_s"))
# Fields a row's message gets without sending them: a move's `id` (the window's `id0`, then
# one more per move row), `step` of moves and waits (`n0`, the steps before the window, then
# each step row's `n`) and a step's `n` (one more than the last).
IMPLIED = {"move": ("id", "step"), "data_wait": ("step",), "step": ("n",)}
# A step row's `calls`: [site, n, µs] triples flattened, each site a "call" site
# (what, device, file, line, cell); its `gpu_idle`: [site, µs], the site a "place".
SITE_TYPES = tuple(ROWS) + ("call", "place")


def micros(seconds: Optional[float]) -> Optional[int]:
    return None if seconds is None else int(round(seconds * 1e6))


class Window:
    """The step-level events of ~100 ms, as the program's threads counted them.

    Written under the watcher's lock by the program's threads (`site`, `rows`, `times`);
    swapped for a new one and encoded by the sender thread (`message`). `keep` holds what the
    rows' site keys name by id (code objects), so that no id is reused while they are counted.
    """

    __slots__ = ("t0", "n0", "id0", "sites", "described", "rows", "times", "keep", "steps",
                 "overflow")

    def __init__(self, t0: float, n0: int) -> None:
        self.t0 = t0
        self.n0 = n0
        self.id0: Optional[int] = None
        self.sites: Dict[Hashable, Tuple[int, Any]] = {}
        self.described: List[Dict[str, Any]] = []
        self.rows: List[Tuple[Any, ...]] = []
        self.times: List[Tuple[int, float]] = []  # (move id, seconds) from CUDA events
        self.keep: List[Any] = []
        self.steps = 0
        self.overflow = 0  # rows past MAX_WINDOW_ROWS, dropped

    def __bool__(self) -> bool:
        return bool(self.rows or self.times)

    def add_site(self, key: Hashable, site: Dict[str, Any], extra: Any = None,
                 keep: Any = None) -> Tuple[int, Any]:
        entry = (len(self.described), extra)
        self.described.append(site)
        self.sites[key] = entry
        if keep is not None:
            self.keep.append(keep)
        return entry

    def full(self) -> bool:
        if len(self.rows) < MAX_WINDOW_ROWS:
            return False
        self.overflow += 1
        return True

    # --- the sender thread ----------------------------------------------------------------

    def message(self, t: float, call_site: Any) -> Dict[str, Any]:
        """The `window` message. `call_site(code, lasti, what, cuda)` describes a counted
        call's site ({"type": "call", "what", "device", "file", "line", …}) or None when it
        is not the user's line."""
        rows: List[List[Any]] = []
        call_sites: Dict[Tuple[int, int, str], Optional[int]] = {}
        last = micros(self.t0) or 0
        for row in self.rows:
            at = micros(row[1]) or 0
            dt, last = max(0, at - last), max(last, at)
            kind = self.described[row[0]]["type"]
            if kind == "move":
                out = [row[0], dt, micros(row[2])]
            elif kind == "data_wait":
                out = [row[0], dt, micros(row[2]), row[3]]
            else:  # step: (site, t, seconds, wait_s, copy_s, bytes, moves, coll_s, colls,
                #        counts, gpu_idle)
                out = [row[0], dt, micros(row[2]), micros(row[3]), micros(row[4]), row[5],
                       row[6], micros(row[7]) if row[8] else None, row[8] or None,
                       self._calls(row[9], call_sites, call_site), self._idle(row[10])]
            while out[-1] is None:
                out.pop()
            rows.append(out)
        message: Dict[str, Any] = {"type": "window", "t": t, "t0": self.t0, "n0": self.n0,
                                   "sites": self.described, "rows": rows}
        if self.id0 is not None:
            message["id0"] = self.id0
        if self.times:
            message["times"] = [[i, micros(s)] for i, s in self.times]
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
            flat += (index, n, micros(seconds) or 0)
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
        return [len(self.described) - 1, micros(idle.get("seconds")) or 0]


def split(message: Dict[str, Any]) -> List[Dict[str, Any]]:
    """A window in two halves (each with every site), for one too long for a line."""
    rows = message["rows"]
    if len(rows) < 2:
        return []
    half = len(rows) // 2
    first = dict(message, rows=rows[:half])
    second = dict(message, rows=rows[half:])
    first.pop("times", None)
    moves = steps = 0
    t = 0
    for row in rows[:half]:
        kind = message["sites"][row[0]]["type"]
        moves += kind == "move"
        steps += kind == "step"
        t += row[1]
    first["t"] = message["t0"] + t / 1e6
    second["t0"] = first["t"]
    second["n0"] = message["n0"] + steps  # its first row's dt is still from the row before
    if "id0" in message:
        second["id0"] = message["id0"] + moves  # the first move row of the second half
    return [first, second]


def expand(window: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The messages a `window` stands for, in the program's order (as the app reads it:
    app/core/watch/watchwindow.cpp). Raises ValueError for a window that breaks the rows."""
    sites = window["sites"]
    t = float(window["t0"])
    step = int(window["n0"])
    next_id = window.get("id0")
    out: List[Dict[str, Any]] = []
    for row in window["rows"]:
        if len(row) < 2 or not 0 <= row[0] < len(sites):
            raise ValueError("a row names no site of the window")
        site = sites[row[0]]
        kind = site["type"]
        if kind not in ROWS or len(row) - 2 > len(ROWS[kind]):
            raise ValueError("a row of a %s site" % kind)
        t += row[1] / 1e6
        message = dict(site, t=t)
        if kind == "move":
            if next_id is None:
                raise ValueError("a move row in a window without id0")
            message["id"], message["step"] = next_id, step
            message["seconds"] = None  # until a column says (null: CUDA events, later)
            next_id += 1
        elif kind == "data_wait":
            message["step"] = step
        else:
            step += 1
            message["n"] = step
        for name, value in zip(ROWS[kind], row[2:]):
            if value is None:
                continue
            if name == "calls":
                calls = []
                for i in range(0, len(value), 3):
                    call = {k: v for k, v in sites[value[i]].items() if k != "type"}
                    call.update(n=value[i + 1], seconds=value[i + 2] / 1e6)
                    calls.append(call)
                message["calls"] = calls
            elif name == "gpu_idle":
                place = {k: v for k, v in sites[value[0]].items() if k != "type"}
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
