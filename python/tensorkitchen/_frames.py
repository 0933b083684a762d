"""Which frames are the user's, the names they hold, and tracebacks of user frames."""
from __future__ import annotations

import linecache
import os
import sys
import sysconfig
import types
from typing import Any, Dict, List, Optional, Tuple

# Packages whose frames are never the user's: their folders, looked up once they are imported.
_TOOL_PACKAGES = ("torch", "tensorkitchen", "IPython", "ipykernel", "traitlets", "tornado",
                  "zmq", "jupyter_client", "numpy", "_pytest", "pytest", "pluggy")

_tool_dirs: List[str] = []
_known_tools: set = set()
_is_user_cache: Dict[str, bool] = {}


def _stdlib_dirs() -> List[str]:
    dirs = set()
    for key in ("stdlib", "platstdlib"):
        try:
            dirs.add(os.path.realpath(sysconfig.get_paths()[key]))
        except (KeyError, OSError):
            pass
    return [d.rstrip(os.sep) + os.sep for d in dirs if d]


_STDLIB = _stdlib_dirs()


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
            _is_user_cache.clear()  # a new tool folder can change earlier answers


def is_user_file(filename: str) -> bool:
    """True for a file of the user's code: not torch, the stdlib, tensorkitchen or a notebook's
    machinery. Cached per file name (the answer is asked on every move)."""
    cached = _is_user_cache.get(filename)
    if cached is not None:
        return cached
    if len(_known_tools) < len(_TOOL_PACKAGES):
        _refresh_tool_dirs()
    if filename.startswith("<"):
        # <stdin>, <string>, <ipython-input-…> are the user's; <frozen importlib…> is not.
        answer = not filename.startswith("<frozen")
    else:
        real = os.path.realpath(filename) if os.path.isabs(filename) else os.path.abspath(filename)
        answer = not any(real.startswith(d) for d in _tool_dirs) and \
            not any(real.startswith(d) and "-packages" not in real[len(d):] for d in _STDLIB)
    _is_user_cache[filename] = answer
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
    return _abs(frame.f_code.co_filename), frame.f_lineno or None


def _abs(filename: str) -> str:
    if filename.startswith("<") or os.path.isabs(filename):
        return filename
    return os.path.abspath(filename)


def name_of(obj: Any, frame: Optional[types.FrameType]) -> Optional[str]:
    """The variable in `frame` that holds `obj` (identity), preferring names without '_'."""
    if frame is None:
        return None
    fallback = None
    try:
        items = list(frame.f_locals.items())
    except Exception:  # a frame's locals can be odd (a custom mapping); no name then
        return None
    for key, value in items:
        if value is obj and isinstance(key, str):
            if not key.startswith("_"):
                return key
            if fallback is None:
                fallback = key
    return fallback


def user_traceback(tb: Optional[types.TracebackType], limit: int = 64) -> List[Dict[str, Any]]:
    """The user's frames of a traceback, outermost first, the innermost `limit` kept."""
    frames: List[Dict[str, Any]] = []
    while tb is not None:
        code = tb.tb_frame.f_code
        if is_user_file(code.co_filename):
            filename = _abs(code.co_filename)
            line = tb.tb_lineno or 1
            frames.append({"file": filename, "line": line, "func": code.co_name,
                           "code": code_line(filename, line, tb.tb_frame.f_globals)})
        tb = tb.tb_next
    return frames[-limit:]


def code_line(filename: str, line: int, module_globals: Optional[Dict[str, Any]] = None) -> str:
    try:
        return linecache.getline(filename, line, module_globals).strip()
    except Exception:
        return ""
