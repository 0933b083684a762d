"""Tensor Kitchen's watcher: what a PyTorch program does with devices, told to the app.

    python -m tensorkitchen [--record FILE] script.py [args…]

    import tensorkitchen
    tensorkitchen.watch()            # or: with tensorkitchen.watching(): …

See python/README.md and docs/watch-protocol.md.
"""
from __future__ import annotations

import contextlib
import os
import sys
import threading
from typing import Any, Iterator, Optional

from ._watcher import Watcher

__version__ = "0.1.0"
PROTOCOL_VERSION = 1
__all__ = ["watch", "unwatch", "watching", "current", "Watcher", "__version__"]

_lock = threading.Lock()
_current: Optional[Watcher] = None


def _started_by_multiprocessing() -> bool:
    """A process that multiprocessing started (spawn, forkserver, fork; DataLoader workers,
    Pool workers). While a spawned child runs the parent's main module again (as __mp_main__:
    a module-level watch() runs there), parent_process() is still None, so the module's name
    and multiprocessing's own flag for that phase (_inheriting) say it."""
    import multiprocessing
    if multiprocessing.parent_process() is not None:
        return True
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        return True
    # The parent aliases __mp_main__ to its __main__; a child's is a module of that name.
    return any(getattr(sys.modules.get(name), "__name__", None) == "__mp_main__"
               for name in ("__main__", "__mp_main__"))


def watch(record: Optional[str] = None, socket: Optional[str] = None, *, app: bool = True,
          children: bool = False, **options: Any) -> Watcher:
    """Start watching this process (once: a second call returns the running watcher).

    record: also write the stream to this file (a new file: if one has that name, the
    recording goes beside it, the pid in its name). socket: the app's socket path (default:
    $TENSORKITCHEN_SOCKET or the user's runtime folder). app=False: do not look for the app.
    With no app listening and no `record`, the stream goes to the user's state folder,
    $XDG_STATE_HOME/tensor-kitchen/ (else ~/.local/state/tensor-kitchen/). max_record_bytes:
    the recording's cap (default $TENSORKITCHEN_RECORD_MAX_BYTES, else 1 GiB; 0: none).
    children=True: watch this process even when multiprocessing started it (a spawned or
    forked worker, a DataLoader's); otherwise such a process gets an idle watcher that does
    nothing, as the parent's watch() at the top of a script spawn runs again in every child.
    A recording that cannot be made is said on stderr; the program runs on unrecorded.
    In IPython or Jupyter it watches the kernel cell by cell, as `%load_ext tensorkitchen` does.
    """
    global _current
    with _lock:
        if _current is not None and not _current.closed:
            return _current
        if not children and _started_by_multiprocessing():
            return Watcher(idle=True)
        from . import _notebook
        shell = _notebook.shell()
        if shell is not None and options.get("program") is None:
            options["program"] = _notebook.notebook_name(shell)
        watcher = Watcher(record=record, socket=socket, app=app, **options)
        watcher.start()
        _current = watcher
    if shell is not None:
        watcher.follow_cells(shell)
    return watcher



def unwatch(exit_code: Optional[int] = None) -> None:
    """Stop watching: every patched attribute restored, the stream flushed and ended (`bye`)."""
    global _current
    with _lock:
        watcher, _current = _current, None
    if watcher is not None:
        watcher.close(exit_code)


def current() -> Optional[Watcher]:
    """The running watcher, or None."""
    return _current if _current is not None and not _current.closed else None


@contextlib.contextmanager
def watching(record: Optional[str] = None, socket: Optional[str] = None, *, app: bool = True,
             children: bool = False, **options: Any) -> Iterator[Watcher]:
    """`with tensorkitchen.watching(): …` — watch() on entry, unwatch() on exit. An exception
    leaving the block is reported (uncaught by the block) and propagates unchanged."""
    already = current()
    watcher = watch(record, socket, app=app, children=children, **options)
    try:
        yield watcher
    except BaseException as exc:
        if not watcher.closed and not isinstance(exc, (GeneratorExit, SystemExit,
                                                       KeyboardInterrupt)):
            watcher.report_error(exc, exc.__traceback__, caught=False)
        raise
    finally:
        if already is None:
            unwatch()


def _after_fork_in_child() -> None:
    global _current
    watcher, _current = _current, None
    if watcher is not None:
        watcher.after_fork_in_child()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext tensorkitchen` in IPython or Jupyter: watch this kernel, cell by cell."""
    from . import _notebook
    _notebook.load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    """`%unload_ext tensorkitchen`: every hook restored, the stream ended."""
    from . import _notebook
    _notebook.unload(ipython)
