"""Run a script or module as __main__ under the watcher, the way `python script.py` would."""
from __future__ import annotations

import os
import runpy
import sys
import types
from typing import List, Optional

from . import _frames


def _strip_runner(tb: Optional[types.TracebackType]) -> Optional[types.TracebackType]:
    """Drop this module's and runpy's frames from the top: Python's own traceback of a script
    starts at the script."""
    first = tb
    while tb is not None and not _frames.is_user_file(tb.tb_frame.f_code.co_filename):
        tb = tb.tb_next
    return tb if tb is not None else first


def exit_code_of(exc: SystemExit) -> int:
    """As the interpreter does: None → 0, an int as is, anything else printed → 1."""
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    try:
        sys.stderr.write(str(code) + "\n")
    except Exception:
        pass
    return 1


def run(target: str, args: List[str], module: bool = False) -> int:
    """Run `target` (a path, or a module name with module=True) with `args` as sys.argv[1:].
    Returns the exit code; an uncaught exception is reported, printed as Python prints it,
    and gives 1 (130 for KeyboardInterrupt)."""
    from . import current
    watcher = current()
    if module:
        sys.argv[:] = [target] + list(args)  # run_module replaces [0] with the module's file
        sys.path.insert(0, os.getcwd())
    else:
        path = os.path.abspath(target)
        sys.argv[:] = [target] + list(args)
        # python script.py puts the script's folder first on sys.path.
        sys.path[0] = os.path.dirname(path)
    try:
        if module:
            names = runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:
            names = runpy.run_path(path, run_name="__main__")
        if watcher is not None:
            watcher.sample_namespace(names, names.get("__file__") or target)
    except SystemExit as exc:
        return exit_code_of(exc)
    except BaseException as exc:
        tb = _strip_runner(exc.__traceback__)
        if watcher is not None and tb is not None:
            # What the script held when it failed: its module frame's names.
            watcher.sample_namespace(tb.tb_frame.f_globals, tb.tb_frame.f_code.co_filename)
        if watcher is not None:
            watcher.report_error(exc, tb, caught=False)
        exc.__traceback__ = tb  # the hook prints the exception's own traceback
        try:
            sys.excepthook(type(exc), exc, tb)
        except Exception:
            sys.__excepthook__(type(exc), exc, tb)
        return 130 if isinstance(exc, KeyboardInterrupt) else 1
    return 0
