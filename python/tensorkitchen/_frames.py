"""Which frames are the user's, the names they hold (without keeping anything alive), and
tracebacks of user frames with the watcher's own frames taken out."""
from __future__ import annotations

import bisect
import dis
import linecache
import os
import sys
import types
from typing import Any, Dict, List, Optional, Tuple

# Python 3.13+ (PEP 667): f_locals is a fresh proxy onto the frame, never a cached dict.
LOCALS_ARE_PROXIES = sys.version_info >= (3, 13)
_CO_OPTIMIZED = 0x0001  # a function's frame: its locals live in slots, f_locals is a copy
_getrefcount = getattr(sys, "getrefcount", None)

# Packages whose frames are never the user's: their folders, looked up once they are imported.
_TOOL_PACKAGES = ("torch", "tensorkitchen", "IPython", "ipykernel", "traitlets", "tornado",
                  "zmq", "jupyter_client", "numpy", "_pytest", "pytest", "pluggy")

_tool_dirs: List[str] = []
_known_tools: set = set()
# File name -> is it the user's: is_user_file's answers, read inline on the watcher's hot paths
# (a miss there calls is_user_file; cleared, never replaced, when a tool package appears).
user_files: Dict[str, bool] = {}


def _stdlib_dirs() -> List[str]:
    """The standard library's folders: the pure one (where os.py is) and the platform one
    (where the stdlib's extension modules are). Read from modules already imported: importing
    sysconfig for this cost every watched program a few ms at start."""
    dirs = set()
    for module in (os, sys.modules.get("_json"), sys.modules.get("_socket")):
        path = getattr(module, "__file__", None)
        if path:
            folder = os.path.dirname(os.path.realpath(path))
            if os.path.basename(folder) == "lib-dynload":
                folder = os.path.dirname(folder)
            dirs.add(folder)
    return [d.rstrip(os.sep) + os.sep for d in dirs if d]


_STDLIB = _stdlib_dirs()
_SITE = os.sep + "site-packages" + os.sep
_DIST = os.sep + "dist-packages" + os.sep


def _refresh_tool_dirs() -> None:
    for name in _TOOL_PACKAGES:
        if name in _known_tools:
            continue
        module = sys.modules.get(name)
        path = getattr(module, "__file__", None) if module is not None else None
        if path:
            _known_tools.add(name)
            folder = os.path.dirname(os.path.realpath(path)).rstrip(os.sep) + os.sep
            _tool_dirs.append(folder)
            user_files.clear()  # a new tool folder can change earlier answers


def is_user_file(filename: str) -> bool:
    """True for a file of the user's code: not torch, the stdlib, an installed package,
    tensorkitchen or a notebook's machinery. Cached per file name (asked on every move)."""
    cached = user_files.get(filename)
    if cached is not None:
        return cached
    if len(_known_tools) < len(_TOOL_PACKAGES):
        _refresh_tool_dirs()
    if filename.startswith("<"):
        # <stdin>, <string>, <ipython-input-…> are the user's; <frozen importlib…> is not.
        answer = not filename.startswith("<frozen")
    else:
        real = os.path.realpath(filename) if os.path.isabs(filename) else os.path.abspath(filename)
        # Installed packages are libraries, whichever (a kernel's debugpy, comm, anyio…): the
        # user's frame is the one that called into them.
        answer = not any(real.startswith(d) for d in _tool_dirs) and \
            not any(real.startswith(d) and "-packages" not in real[len(d):] for d in _STDLIB) \
            and _SITE not in real and _DIST not in real
    user_files[filename] = answer
    return answer


def innermost_user_frame(frame: Optional[types.FrameType]) -> Optional[types.FrameType]:
    """The first user frame walking outwards from `frame` (included)."""
    while frame is not None:
        if is_user_file(frame.f_code.co_filename):
            return frame
        frame = frame.f_back
    return None


def caller(depth: int = 2) -> Optional[types.FrameType]:
    """The innermost user frame above the caller of the function calling this."""
    try:
        frame: Optional[types.FrameType] = sys._getframe(depth)
    except ValueError:
        return None
    return innermost_user_frame(frame)


def where(frame: Optional[types.FrameType]) -> Tuple[Optional[str], Optional[int]]:
    if frame is None:
        return None, None
    return abs_file(frame.f_code.co_filename), frame.f_lineno or None


class Cells:
    """Which compiled file names are a notebook's cells (IPython compiles each cell under a name
    of its own), told by tensorkitchen._notebook; read wherever an event gets its place."""

    def __init__(self) -> None:
        self._by_file: Dict[str, Tuple[int, Optional[str]]] = {}

    def begin(self, count: int, cell_id: Optional[str], name: Optional[str]) -> None:
        if name is None:
            return
        if len(self._by_file) > 4096:
            self._by_file.clear()  # bounded; a rerun cell is named again as it starts
        self._by_file[name] = (count, cell_id)

    def end(self) -> None:
        pass

    def place(self, message: Dict[str, Any], filename: str) -> None:
        """Adds `cell` (its execution count) and `cell_id` when `filename` is a cell's."""
        if not self._by_file:
            return
        found = self._by_file.get(filename)
        if found is not None:
            message["cell"] = found[0]
            if found[1]:
                message["cell_id"] = found[1][:128]


cells = Cells()

_STORES = frozenset(("STORE_NAME", "STORE_FAST", "STORE_GLOBAL", "STORE_DEREF"))
_CALLS = frozenset(("CALL", "CALL_FUNCTION", "CALL_METHOD", "CALL_FUNCTION_KW", "CALL_KW",
                    "CALL_FUNCTION_EX", "PRECALL"))
_stores_cache: Dict[types.CodeType, Dict[int, str]] = {}


def assigned_name(frame: Optional[types.FrameType]) -> Optional[str]:
    """The name the call `frame` is making right now assigns its result to (`batch = ….to(d)`
    gives "batch"), read from the code's instructions: nothing of the frame's locals is read.
    None when the result goes anywhere else (an argument, an attribute, a chain)."""
    if frame is None:
        return None
    code = frame.f_code
    stores = _stores_cache.get(code)
    if stores is None:
        stores = {}
        calls: List[int] = []
        for ins in dis.get_instructions(code):
            if ins.opname in _CALLS:
                calls.append(ins.offset)
                continue
            if ins.opname in _STORES and isinstance(ins.argval, str) and calls:
                # f_lasti of a frame inside a call is the call or (3.11+) its last cache entry.
                for offset in range(calls[0], ins.offset, 2):
                    stores[offset] = ins.argval
            if ins.opname not in ("CACHE", "EXTENDED_ARG", "NOP"):
                calls = []
        if len(_stores_cache) > 4096:
            _stores_cache.clear()
        _stores_cache[code] = stores
    return stores.get(frame.f_lasti)


_assignments: Dict[types.CodeType, Dict[str, int]] = {}
_LINE_NUMBERS = sys.version_info >= (3, 13)


def assigned_at(code: types.CodeType, name: str) -> Optional[int]:
    """The line of `code` that assigns `name` where a value is kept from one pass of a loop to
    the next: its last augmented assignment (`total += loss`), else its last assignment. From
    the instructions, cached per code object; None when `code` never stores `name`."""
    lines = _assignments.get(code)
    if lines is None:
        lines = {}
        augmented: Dict[str, int] = {}
        line = code.co_firstlineno
        previous = ""
        for ins in dis.get_instructions(code):
            # 3.13+: line_number on each instruction (starts_line became a flag)
            number = getattr(ins, "line_number", None) if _LINE_NUMBERS else ins.starts_line
            if number is not None:
                line = number
            if ins.opname in _STORES and isinstance(ins.argval, str):
                lines[ins.argval] = line
                if previous.startswith("INPLACE_") or previous == "BINARY_OP=":
                    augmented[ins.argval] = line
            if ins.opname not in ("CACHE", "EXTENDED_ARG", "NOP"):
                # 3.11+: one BINARY_OP, its argrepr "+=" for an augmented one
                previous = "BINARY_OP=" if ins.opname == "BINARY_OP" and \
                    str(ins.argrepr).endswith("=") else ins.opname
        lines.update(augmented)
        if len(_assignments) > 4096:
            _assignments.clear()
        _assignments[code] = lines
    return lines.get(name)


_line_starts: Dict[types.CodeType, List[Tuple[int, int]]] = {}


def line_at(code: types.CodeType, lasti: int) -> Optional[int]:
    """The source line of the instruction at byte offset `lasti` (a frame's f_lasti) in `code`:
    what f_lineno says, found from the code's line starts (cached per code object)."""
    starts = _line_starts.get(code)
    if starts is None:
        starts = sorted((offset, line) for offset, line in dis.findlinestarts(code)
                        if line is not None)
        if len(_line_starts) > 4096:
            _line_starts.clear()
        _line_starts[code] = starts
    i = bisect.bisect_right(starts, (lasti, sys.maxsize)) - 1
    return starts[i][1] if i >= 0 else None


def abs_file(filename: str) -> str:
    if filename.startswith("<") or os.path.isabs(filename):
        return filename
    return os.path.abspath(filename)


# How a function can hold its own frame's locals dict (Python <= 3.12 hands out that one dict):
# reading f_locals would refill a dict the program kept as a snapshot. Builtins it calls, and
# attributes it reads (frame.f_locals, sys._getframe, inspect.currentframe).
_HOLDS_BY_CALL = frozenset(("locals", "vars", "eval", "exec"))
_HOLDS_BY_ATTR = frozenset(("f_locals", "_getframe", "currentframe"))
_HOLDS_ANY = _HOLDS_BY_CALL | _HOLDS_BY_ATTR
_holds_cache: Dict[types.CodeType, bool] = {}


def may_hold_locals(code: types.CodeType) -> bool:
    """True when a function's code may keep its own locals() dict: its frame is not read.
    co_names mixes globals with attribute names (`model.eval()`), so a name found there is
    checked against the instructions once per code object."""
    answer = _holds_cache.get(code)
    if answer is None:
        answer = False
        if not _HOLDS_ANY.isdisjoint(code.co_names):
            import dis
            for ins in dis.get_instructions(code):
                if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
                    answer = ins.argval in _HOLDS_BY_CALL
                elif ins.opname in ("LOAD_ATTR", "LOAD_METHOD"):
                    answer = ins.argval in _HOLDS_BY_ATTR
                if answer:
                    break
        if len(_holds_cache) > 4096:
            _holds_cache.clear()
        _holds_cache[code] = answer
    return answer


def caches_locals(frame: types.FrameType) -> bool:
    """True where reading `frame.f_locals` leaves a dict on the frame holding every local
    (a function's frame on Python <= 3.12): only the frame's own thread may read it, through
    `locals_items`."""
    return not LOCALS_ARE_PROXIES and bool(frame.f_code.co_flags & _CO_OPTIMIZED)


def locals_items(frame: types.FrameType) -> List[Tuple[Any, Any]]:
    """The frame's (name, value) pairs, keeping nothing alive after the caller drops them.

    On Python <= 3.12 `frame.f_locals` of a function copies its locals into a dict cached on
    the frame until the next read: `w = w.to(d)` would keep the old `w` alive. When nobody
    else holds that dict (its reference count is the frame's, ours and getrefcount's), it is
    emptied again: any later `locals()` or `f_locals` refills it completely, so nobody can
    tell. A dict someone holds (pdb's, a `locals()` the program kept) is left as it is.
    A function that may hold its own `locals()` (it names `locals`, `vars`, `eval`, …) is not
    read at all: reading would refill the dict it kept (its names are not shown).
    Call it only on the frame's own thread, from inside a call the frame made."""
    if caches_locals(frame) and may_hold_locals(frame.f_code):
        return []
    d = frame.f_locals
    items = list(d.items())
    if type(d) is dict and caches_locals(frame) and _getrefcount is not None \
            and _getrefcount(d) <= 3:
        d.clear()
    return items


def hide_frame(exc: BaseException) -> None:
    """Take the calling wrapper's own frame off `exc`'s traceback before it re-raises with a
    bare `raise` (which adds no frame): the program sees the traceback plain Python gives.

    Called from a wrapper's `except BaseException as exc:` just before `raise`. Python 3.11+
    re-raises `exc` with its `__traceback__`; 3.8-3.10 re-raise the traceback saved when the
    handler was entered, so it is replaced there too (PyErr_SetExcInfo, which steals its
    references). Never raises."""
    try:
        tb = exc.__traceback__
        if tb is None:
            return
        rest = tb.tb_next
        exc.__traceback__ = rest
        if sys.version_info < (3, 11):
            _set_handled(type(exc), exc, rest)
    except Exception:
        pass


def _set_handled(etype: Any, value: Any, tb: Any) -> None:
    import ctypes  # only on 3.8-3.10, only when an error passes through a wrapper
    api = ctypes.pythonapi
    api.PyErr_SetExcInfo.argtypes = (ctypes.py_object,) * 3
    api.PyErr_SetExcInfo.restype = None
    api.Py_IncRef.argtypes = (ctypes.py_object,)
    for obj in (etype, value, tb):
        api.Py_IncRef(obj)
    api.PyErr_SetExcInfo(etype, value, tb)


def name_of(obj: Any, frame: Optional[types.FrameType]) -> Optional[str]:
    """The variable in `frame` that holds `obj` (identity), preferring names without '_'."""
    if frame is None:
        return None
    fallback = None
    try:
        items = locals_items(frame)
    except Exception:  # a frame's locals can be odd (a custom mapping); no name then
        return None
    for key, value in items:
        if value is obj and isinstance(key, str):
            if not key.startswith("_"):
                return key
            if fallback is None:
                fallback = key
    return fallback


def place(message: Dict[str, Any], frame: Optional[types.FrameType]) -> None:
    """`file` and `line` of `frame` (and its notebook cell) into a message, when it has them."""
    file, line = where(frame)
    if file is not None and line is not None:
        message["file"] = file
        message["line"] = line
        cells.place(message, file)


def moved_name(obj: Any, frame: Optional[types.FrameType], called_from: Any) -> Optional[str]:
    """The name holding what moved, else (the user's own line called the move) the name its
    result is assigned to: `batch = torch.ones(8, 64).to(d)` moves "batch"."""
    name = name_of(obj, frame)
    if name is None and frame is not None and frame is called_from:
        name = assigned_name(frame)
    return name


def user_traceback(tb: Optional[types.TracebackType], limit: int = 64) -> List[Dict[str, Any]]:
    """The user's frames of a traceback, outermost first, the innermost `limit` kept."""
    frames: List[Dict[str, Any]] = []
    while tb is not None:
        code = tb.tb_frame.f_code
        if is_user_file(code.co_filename):
            filename = abs_file(code.co_filename)
            line = tb.tb_lineno or 1
            frame = {"file": filename, "line": line, "func": code.co_name,
                     "code": code_line(filename, line, tb.tb_frame.f_globals)}
            cells.place(frame, filename)
            frames.append(frame)
        tb = tb.tb_next
    return frames[-limit:]


def code_line(filename: str, line: int, module_globals: Optional[Dict[str, Any]] = None) -> str:
    try:
        return linecache.getline(filename, line, module_globals).strip()
    except Exception:
        return ""
