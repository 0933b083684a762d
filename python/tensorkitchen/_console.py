"""The PyTorch console's Python half, run by the app's embedded interpreter.

The app imports it as `tensorkitchen._console` from the package beside it (after `import torch`)
and then puts `_tk_move` here: the C++ MovePath every kitchen move takes (memory check,
synchronised timing). Frames of the package's files are the console's own: tracebacks and move
records leave them out.

This file executes statements, one at a time, and captures their output. Its parts:
_console_moves records every .to() a statement makes and names calls that mix devices (the
move itself is intercepted in _moves, where the watcher's is), and _console_objects answers
what the app asks about the namespace's objects (cards, descriptions, undo's copies,
completions). The app reaches all of it through this module. Works with torch 1.13 and 2.x.
"""
from __future__ import annotations

import ast
import builtins
import io
import linecache
import re
import sys
import traceback
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

import torch
from torch import nn

from . import _console_moves
from ._console_moves import FILENAME, HERE, Recorder
from ._console_objects import (  # noqa: F401 (the app calls them as this module's)
    _kind,
    card_values,
    complete,
    copy_all,
    describe,
    move,
    restore_copies,
)

if TYPE_CHECKING:
    # Put into this module by the app before it runs (PythonRuntime::installMovePath).
    def _tk_move(call: Callable[[], None], src: str, dst: str, nbytes: int, name: str) -> float:
        ...

SHOWN = FILENAME  # what tracebacks call FILENAME: a script's own path when it has one
_SHOWN_RE = re.compile(r'^(  File )"<console>"(, line )', re.M)

# An error: (type, message, the traceback as shown, the user's line).
Error = Tuple[str, str, str, Optional[int]]


def _shown(text: str) -> str:
    # The user's frames are compiled as FILENAME (how the console knows them); a script's
    # traceback names its file instead, as `python3 SCRIPT.py` does.
    if SHOWN == FILENAME:
        return text
    return _SHOWN_RE.sub(lambda m: m.group(1) + '"' + SHOWN + '"' + m.group(2), text)


class _Writer:
    def __init__(self, chunks: List[Any]) -> None:
        self.chunks = chunks

    def write(self, s: str) -> int:
        self.chunks.append(str(s))
        return len(s)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


OUTPUT: List[Any] = []  # text, and tensors shown as the console shows them


def _display(value: Any) -> None:
    if value is None:
        return
    builtins._ = value  # type: ignore[attr-defined]
    OUTPUT.append(value if isinstance(value, torch.Tensor) else repr(value) + "\n")


def _no_input(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("input() cannot read from the console: assign the value instead")


def make_namespace() -> Dict[str, Any]:
    return {"__name__": "__console__", "__builtins__": builtins, "torch": torch, "nn": nn,
            "device": "cuda" if torch.cuda.is_available() else "cpu", "input": _no_input}


def parse(source: str, echo: bool = True, shown: Optional[str] = None
          ) -> List[Tuple[Any, str, int]] | Error:
    # Each top-level statement compiled on its own, keeping its line numbers. At the prompt
    # (echo) an expression statement is compiled in "single" mode so that its value is shown,
    # as Python's own prompt does; a script runs as `python3 SCRIPT.py` runs it, echoing nothing.
    global SHOWN
    SHOWN = shown or FILENAME
    linecache.cache[FILENAME] = (len(source), None, source.splitlines(True), FILENAME)
    try:
        tree = ast.parse(source, FILENAME, "exec")
        lines = source.splitlines()
        out = []
        body = tree.body
        for i, node in enumerate(body):
            text = "\n".join(lines[node.lineno - 1:node.end_lineno])
            # `a = 1; b = 2`: each statement its own text (so the code log has each once); a
            # statement alone on its lines keeps them whole, comments included.
            shared = (i > 0 and body[i - 1].end_lineno == node.lineno) or \
                     (i + 1 < len(body) and body[i + 1].lineno == node.end_lineno)
            if shared:
                text = ast.get_source_segment(source, node) or text
            if echo and isinstance(node, ast.Expr):
                code = compile(ast.Interactive(body=[node]), FILENAME, "single")
            else:
                code = compile(ast.Module(body=[node], type_ignores=[]), FILENAME, "exec")
            out.append((code, text, node.lineno))
        return out
    except Exception as e:  # `return 1` or `break` at the top, a NUL byte, …
        return (type(e).__name__, str(getattr(e, "msg", e)),
                _shown("".join(traceback.format_exception_only(type(e), e))),
                getattr(e, "lineno", 1) or 1)


_OFF_CPU_WORDS = ("meta", "cuda", "device")


def _off_cpu(ns: Dict[str, Any], text: str) -> bool:
    # Whether a tensor off the CPU may take part in this statement: the namespace holds one (or
    # a model there), or the statement names a device (torch.ones(2, device="meta")). A move
    # inside the statement turns the watch on by itself.
    if any(w in text for w in _OFF_CPU_WORDS):
        return True
    for v in ns.values():
        if isinstance(v, torch.Tensor):
            if v.device.type != "cpu":
                return True
        elif isinstance(v, nn.Module):
            p = next(v.parameters(), None)
            if p is not None and p.device.type != "cpu":
                return True
    return False


_SAVED: Any = None  # the streams a running statement replaced


def execute(code: Any, ns: Dict[str, Any], text: str = ""
            ) -> Tuple[Optional[Error], List[Dict[str, Any]], List[Any]]:
    # Runs one statement; returns (error, moves, mixes): error is None, or (type, text,
    # traceback, line) when it raised; mixes are the calls that took two devices unopposed.
    global _SAVED
    before = {id(v): k for k, v in ns.items() if _kind(v) is not None}
    rec = Recorder(ns)
    _console_moves.MOVES.begin(rec, globals().get("_tk_move"))
    _SAVED = sys.stdin, sys.stdout, sys.stderr, sys.displayhook
    saved = _SAVED
    sys.stdout = sys.stderr = _Writer(OUTPUT)
    sys.stdin = io.StringIO()  # input(), breakpoint(): nothing to read, no waiting on a terminal
    sys.displayhook = _display
    error = None
    try:
        if _off_cpu(ns, text):
            rec.watch_devices()
        exec(code, ns)
    except BaseException as e:
        # Python's traceback without the console's own frames (the package's files, and the
        # hop through torch.overrides that the device watch adds in torch 1.13).
        frames = [f for f in traceback.extract_tb(e.__traceback__)
                  if not f.filename.startswith(HERE)
                  and not f.filename.endswith("torch/overrides.py")]
        lines = [f.lineno for f in frames if f.filename == FILENAME]
        line = lines[0] if lines else 0  # the statement's line, outermost
        shown = "".join(traceback.format_exception_only(type(e), e))
        if frames:
            shown = ("Traceback (most recent call last):\n"
                     + "".join(traceback.StackSummary.from_list(frames).format()) + shown)
        error = (type(e).__name__, str(e), _shown(shown), line)
    finally:
        rec.unwatch()
        sys.stdin, sys.stdout, sys.stderr, sys.displayhook = saved
        _SAVED = None
        _console_moves.MOVES.end()
    moves = []
    for m in rec.moves:
        src, out = m.pop("src"), m.pop("out")
        m["source"] = before.get(id(src), "")
        holders = [k for k, v in ns.items() if v is out and not k.startswith("__")]
        if m["module"]:
            m["meaning"] = "reassign"
            m["result"] = m["source"]
        elif m["source"] and ns.get(m["source"]) is out:
            m["meaning"], m["result"] = "reassign", m["source"]
        elif holders:
            m["meaning"], m["result"] = "newname", holders[0]
        else:
            m["meaning"], m["result"] = "discard", ""
        m["same"] = out is src
        m["src_tensor"] = src if isinstance(src, torch.Tensor) else None
        moves.append(m)
    rec.moves = []
    # A line that raised has its error: the mixes before it in that line are not news.
    mixes: List[Any] = [] if error is not None else rec.watch.mixes
    return error, moves, mixes


def reset() -> None:
    # After a Ctrl+C that landed in the console's own lines rather than the user's: the streams
    # back, the move recorder and the device watch off.
    global _SAVED
    if _SAVED is not None:
        sys.stdin, sys.stdout, sys.stderr, sys.displayhook = _SAVED
        _SAVED = None
    rec = _console_moves.MOVES.end()
    if rec is not None:
        rec.moves = []
        rec.unwatch()


def take_output() -> List[Any]:
    out = list(OUTPUT)
    OUTPUT.clear()
    return out
