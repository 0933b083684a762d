"""A recording as a Chrome trace (the Trace Event Format of Perfetto and chrome://tracing).

`python -m tensorkitchen --trace OUT.json script.py` writes one when the program ends, with no app
needed; the app's File → Export timeline and `tensor-kitchen-bench watch --format trace` write the
same events (app/core/watch/watchtrace.cpp; tst_watchtrace compares the two on every recording
under tests/fixtures): steps, moves, DataLoader waits, notebook cells and collectives as slices
ending at their message's t on five lanes, memory as counters per device, errors as instants.
The app adds its findings as instants; this writer has none (they are the app's reading).
"""
from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional, Tuple

from . import _protocol

Event = Dict[str, Any]

STEPS, MOVES, DATA_WAITS, CELLS, COLLECTIVES = 1, 2, 3, 4, 5
_LANES = ((STEPS, "optimizer steps"), (MOVES, "device moves"), (DATA_WAITS, "DataLoader waits"),
          (CELLS, "notebook cells"), (COLLECTIVES, "torch.distributed collectives"))


def _us(seconds: Any) -> float:
    return max(0.0, float(seconds)) * 1e6 if isinstance(seconds, (int, float)) else 0.0


def _number(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _pick(message: Dict[str, Any], keys: Tuple[str, ...]) -> Dict[str, Any]:
    return {k: message.get(k) for k in keys if k in message}


def events_of(messages: List[Dict[str, Any]]) -> List[Event]:
    """The trace events of one stream's messages, in order."""
    events: List[Event] = []
    moves: Dict[Any, Event] = {}
    pid = 0

    def slice_(name: str, tid: int, end: Any, seconds: Any, cat: str, args: Dict[str, Any]) -> None:
        dur = _us(seconds)
        events.append({"ph": "X", "name": name, "pid": pid, "tid": tid, "cat": cat,
                       "ts": max(0.0, _us(end) - dur), "dur": dur, "args": args})

    for m in messages:
        kind, t = m.get("type"), m.get("t", 0)
        if kind == "hello":
            pid = int(_number(m.get("pid")))
            name = os.path.basename(str(m.get("program") or "python"))
            rank, world = m.get("rank"), m.get("world_size")
            if isinstance(rank, int) and isinstance(world, int):
                name += " · rank %d of %d" % (rank, world)
            meta = [("process_name", 0, {"name": name}),
                    ("process_sort_index", 0, {"sort_index": rank if isinstance(rank, int) else 1}),
                    ("process_labels", 0, {"labels": "torch %s, Python %s"
                                           % (m.get("torch", ""), m.get("python", ""))})]
            for lane, label in _LANES:
                meta += [("thread_name", lane, {"name": label}),
                         ("thread_sort_index", lane, {"sort_index": lane})]
            for what, tid, args in meta:
                e: Event = {"ph": "M", "name": what, "pid": pid, "args": args}
                if tid:
                    e["tid"] = tid
                events.append(e)
        elif kind == "move":
            args = _pick(m, ("name", "api", "bytes", "from", "to", "pinned", "non_blocking",
                             "timing", "file", "line", "dtype", "shape", "class", "step",
                             "cell"))
            if m.get("seconds") is None:
                args["timed"] = False  # CUDA events pending: its move_time comes later
            slice_("%s %s → %s" % (m.get("name") or m.get("api"), m.get("from"), m.get("to")),
                   MOVES, t, m.get("seconds"), "move", args)
            moves[m.get("id")] = events[-1]
        elif kind == "move_time" and m.get("id") in moves:
            e = moves[m.get("id")]
            end = e["ts"] + e["dur"]
            e["dur"] = _us(m.get("seconds"))
            e["ts"] = max(0.0, end - e["dur"])
            e["args"].pop("timed", None)
        elif kind == "step":
            args = _pick(m, ("n", "optimizer", "wait_s", "copy_s", "bytes", "moves", "file",
                             "line", "cell", "loss", "allreduce_s"))
            if m.get("collectives"):
                args.update(_pick(m, ("collective_s", "collectives")))
            slice_("step %s" % m.get("n"), STEPS, t, m.get("seconds"), "step", args)
        elif kind == "cell":
            args = {"cell": m.get("n"), "wait_s": m.get("wait_s", 0), "copy_s": m.get("copy_s", 0),
                    "bytes": m.get("bytes", 0), "moves": m.get("moves", 0),
                    "error": bool(m.get("error"))}
            slice_("cell [%s]" % m.get("n"), CELLS, t, m.get("seconds"), "cell", args)
        elif kind == "collective":
            args = _pick(m, ("op", "bytes", "async", "file", "line", "step"))
            slice_(str(m.get("op")), COLLECTIVES, t, m.get("seconds"), "collective", args)
        elif kind == "data_wait":
            args = _pick(m, ("batch", "workers", "pin_memory", "step", "file", "line", "cell"))
            slice_("next(loader) batch %s" % m.get("batch"), DATA_WAITS, t, m.get("seconds"),
                   "data_wait", args)
        elif kind == "memory":
            for d in m.get("devices") or []:
                figures = {k: d[k] for k in ("allocated", "reserved", "rss")
                           if isinstance(d.get(k), int)}
                if figures:
                    events.append({"ph": "C", "name": "memory %s" % d.get("device"), "pid": pid,
                                   "ts": _us(t), "args": figures})
        elif kind == "error":
            events.append({"ph": "i", "s": "p", "cat": "error", "pid": pid, "ts": _us(t),
                           "name": m.get("exception") or "error",
                           "args": _pick(m, ("kind", "message", "devices", "file", "line",
                                             "code", "caught", "cell"))})
    return events


def read_recording(path: str) -> List[Dict[str, Any]]:
    """A recording's messages; a line that is not one is skipped, as the app skips it."""
    messages = []
    with open(path, "rb") as f:
        for line in f:
            try:
                m = json.loads(line)
            except ValueError:
                continue
            if isinstance(m, dict):
                if m.get("type") == "window":
                    try:
                        messages += _protocol.expand(m)
                    except (KeyError, TypeError, ValueError, IndexError):
                        pass  # a window that breaks its columns is skipped, as the app skips it
                else:
                    messages.append(m)
    return messages


def write_trace(recording: str, out: str, extra: Optional[Dict[str, Any]] = None) -> int:
    """Writes `recording` as a Chrome trace to `out`; returns the number of events."""
    events = events_of(read_recording(recording))
    doc = {"traceEvents": events, "displayTimeUnit": "ms",
           "otherData": dict({"tool": "tensorkitchen", "source": os.path.basename(recording)},
                             **(extra or {}))}
    tmp = out + ".part"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)
    os.replace(tmp, out)
    return len(events)
