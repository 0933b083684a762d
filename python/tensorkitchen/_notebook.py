"""`%load_ext tensorkitchen`: the watcher in an IPython kernel (Jupyter or the terminal), cell
by cell. Each event made while a cell runs names the cell (its execution count, and its id where
the front end sends one); each cell ends with a `cell` message (time, moves, bytes), which the
app draws as a bar while the notebook makes no optimizer steps; an error in a cell is reported
with its cell. IPython's own conventions: load_ipython_extension, the pre/post_run_cell events.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Optional

from . import _frames

if TYPE_CHECKING:  # pragma: no cover
    from ._outbox import Outbox
    from ._sampler import Sampler
    from ._watch_steps import StepWatch


class CellWatch:
    """IPython's cell events: each cell's totals counted by the steps, its `cell` message and
    its namespace sampled as it ends. Never raises into the kernel."""

    def __init__(self, ip: Any, steps: StepWatch, out: Outbox, sampler: Sampler) -> None:
        self._ip = ip
        self._steps = steps
        self._out = out
        self._sampler = sampler
        self._count: Optional[int] = None
        self._next: Optional[int] = None  # the count the next cell gets, read after a cell

    def register(self) -> None:
        self._ip.events.register("pre_run_cell", self.pre_run_cell)
        self._ip.events.register("post_run_cell", self.post_run_cell)

    def unregister(self) -> None:
        for name, callback in (("pre_run_cell", self.pre_run_cell),
                               ("post_run_cell", self.post_run_cell)):
            try:
                self._ip.events.unregister(name, callback)
            except Exception:
                pass  # already gone (IPython raises ValueError)

    def pre_run_cell(self, info: Any = None) -> None:
        try:
            # IPython 8 adds one to execution_count after a cell, IPython 9 before its
            # pre_run_cell: both have added it by post_run_cell, where the next cell's number
            # is read (the cell that loaded the extension ends with a post_run_cell too).
            count = self._next if self._next is not None else int(self._ip.execution_count)
            cell_id = getattr(info, "cell_id", None)
            raw = getattr(info, "raw_cell", None)
            name = self._code_name(raw, count) if isinstance(raw, str) else None
            _frames.cells.begin(count, cell_id if isinstance(cell_id, str) else None, name)
            self._count = count
            self._steps.cell_started()
        except Exception as exc:
            self._out.fail("following IPython's cells", exc)

    def post_run_cell(self, result: Any = None) -> None:
        try:
            count = self._count
            self._count = None
            error = getattr(result, "error_in_exec", None) or \
                getattr(result, "error_before_exec", None)
            ran = getattr(result, "execution_count", None)
            if isinstance(ran, int) and count is not None:
                count = ran
            message = self._steps.cell_finished(count, error is not None) \
                if count is not None else None
            if message is not None:
                self._out.put(message)
                self._sampler.cell_ended()
            self._next = int(self._ip.execution_count)
        except Exception as exc:
            self._out.fail("following IPython's cells", exc)
        finally:
            _frames.cells.end()

    def _code_name(self, raw: str, count: int) -> Optional[str]:
        """The file name IPython compiles this cell under (`<ipython-input-3-…>`, or ipykernel's
        `…/ipykernel_<pid>/<hash>.py`), asked of the shell's own compiler."""
        compiler = getattr(self._ip, "compile", None)
        get_code_name = getattr(compiler, "get_code_name", None)
        if get_code_name is None:
            return None
        try:
            transformed = self._ip.transform_cell(raw)
        except Exception:
            transformed = raw
        name = get_code_name(raw, transformed, count)
        return name if isinstance(name, str) else None


def shell() -> Any:
    """The running IPython shell (a Jupyter kernel's too), or None; IPython is not imported."""
    module = sys.modules.get("IPython")
    get = getattr(module, "get_ipython", None)
    try:
        ip = get() if callable(get) else None
    except Exception:
        return None
    return ip if ip is not None and hasattr(ip, "events") else None


def load(ip: Any) -> None:
    """The body of `load_ipython_extension`: watch this kernel (once), and follow its cells."""
    from . import watch
    watcher = watch(program=notebook_name(ip))
    watcher.follow_cells(ip)  # watch() follows the running shell's; this one may be another


def unload(ip: Any) -> None:
    from . import unwatch
    unwatch()


def notebook_name(ip: Any) -> str:
    """What the app's tab is called: the notebook's file where the front end says it (VS Code
    and JupyterLab set __session__ or JPY_SESSION_NAME), else "notebook"."""
    import os
    for value in (ip.user_ns.get("__session__"), os.environ.get("JPY_SESSION_NAME"),
                  ip.user_ns.get("__vsc_ipynb_file__")):
        if isinstance(value, str) and value:
            return value
    return "notebook"
