"""Exceptions as `error` messages (a device mismatch recognised, its devices parsed), and
where the watcher hears of them: sys.excepthook, IPython's cells, sys.monitoring."""
from __future__ import annotations

import collections
import dis
import functools
import re
import sys
import types
from typing import TYPE_CHECKING, Any, Deque, Dict, List, Optional, Set, Tuple

from . import _frames

if TYPE_CHECKING:  # pragma: no cover
    from ._outbox import Outbox
    from ._state import WatchState

# PyTorch's wordings of "these operands are on different devices", 1.13 to 2.x.
_MISMATCH = re.compile(
    r"Expected all tensors to be on the same device"
    r"|to be on the same device"
    r"|is not on the expected device"
    r"|Expected [^\n]{0,200}? to be on [^\n]{0,100}? device"
    r"|device type \w+ but got device type \w+"
    r"|Input type \(torch\.(?:\w+\.)?\w*Tensor\) and weight type \(torch\.(?:\w+\.)?\w*Tensor\)")
_DEVICE = re.compile(r"(?<![\w.])(cpu|meta|mps|(?:cuda|xpu|hpu|xla|privateuseone)(?::\d+)?)\b")
# "Input type (torch.cuda.FloatTensor) and weight type (torch.FloatTensor)": cuda, then cpu.
_TENSOR_TYPE = re.compile(r"\(torch\.(?:(cuda|xpu|mps)\.)?\w*Tensor\)")


def mismatch_devices(message: str) -> Optional[List[str]]:
    """The devices a device-mismatch message names, in its order; None if it is not one."""
    if not _MISMATCH.search(message):
        return None
    if message.startswith("Input type (torch."):
        found = [m.group(1) or "cpu" for m in _TENSOR_TYPE.finditer(message)]
    else:
        found = [m.group(1) for m in _DEVICE.finditer(message)]
    devices: List[str] = []
    for device in found:
        if device not in devices:
            devices.append(device)
    return devices[:64]


def error_message(exc: BaseException, tb: Optional[types.TracebackType], caught: bool,
                  t: float) -> Dict[str, Any]:
    text = str(exc)
    devices = mismatch_devices(text) if isinstance(exc, Exception) else None
    frames = _frames.user_traceback(tb)
    message: Dict[str, Any] = {
        "type": "error", "t": t,
        "kind": "device_mismatch" if devices is not None else "other",
        "exception": type(exc).__name__, "message": text[:4096],
        "devices": devices or [], "traceback": frames, "caught": caught}
    if frames:
        message["file"] = frames[-1]["file"]
        message["line"] = frames[-1]["line"]
        message["code"] = frames[-1]["code"]
        for key in ("cell", "cell_id"):
            if key in frames[-1]:
                message[key] = frames[-1][key]
    return message


@functools.lru_cache(maxsize=256)
def is_catch(code: types.CodeType, offset: int) -> bool:
    """Whether the handler at `offset` of `code` may catch (an `except` clause), rather than
    run on the way out and raise again: a `with` block's exit (WITH_EXCEPT_START) or a
    `finally:` (RERAISE right away) sees every exception that passes through it, and the
    interpreter's own cleanup handlers (which do not begin with PUSH_EXC_INFO) too. An
    `except` whose class does not match still counts (telling needs the class at run time)."""
    names = []
    for ins in dis.get_instructions(code):
        if ins.offset >= offset:
            names.append(ins.opname)
            if len(names) == 2:
                break
    return len(names) == 2 and names[0] == "PUSH_EXC_INFO" \
        and names[1] not in ("WITH_EXCEPT_START", "RERAISE")


class ErrorWatch:
    """The watcher's ears for exceptions: the uncaught ones (sys.excepthook, or IPython's
    post_run_cell in a notebook, where a cell's exception never reaches the hook) and, on
    Python ≥ 3.12, the device mismatches the program catches (sys.monitoring)."""

    def __init__(self, state: WatchState, out: Outbox) -> None:
        self._state = state
        self._out = out
        self._excepthook_installed = False
        self._prev_excepthook: Any = None
        self._hook: Any = None
        self._ipython_cb: Any = None
        self._monitoring_tool: Optional[int] = None
        self._reported: Deque[int] = collections.deque(maxlen=16)  # ids of exceptions said
        self._caught_seen: Set[Tuple[str, int]] = set()

    def start(self, excepthook: bool) -> None:
        if excepthook:
            self._prev_excepthook = sys.excepthook
            self._hook = self._excepthook  # one bound method, so `is` finds it again
            sys.excepthook = self._hook
            self._excepthook_installed = True
            self._watch_ipython()
        self._watch_caught()

    def stop(self) -> None:
        if self._excepthook_installed:
            if sys.excepthook is self._hook:
                sys.excepthook = self._prev_excepthook
            self._excepthook_installed = False
        if self._ipython_cb is not None:
            try:
                self._ipython_cb[0].events.unregister("post_run_cell", self._ipython_cb[1])
            except Exception:
                pass
            self._ipython_cb = None
        if self._monitoring_tool is not None:
            try:
                mon: Any = getattr(sys, "monitoring")  # noqa: B009 (3.12+, typed loosely)
                mon.set_events(self._monitoring_tool, 0)
                mon.register_callback(self._monitoring_tool, mon.events.EXCEPTION_HANDLED, None)
                mon.free_tool_id(self._monitoring_tool)
            except Exception:
                pass
            self._monitoring_tool = None

    def report(self, exc: BaseException, tb: Optional[types.TracebackType],
               caught: bool) -> None:
        try:
            # One exception, one report: a `watching()` block's exception that its caller then
            # catches is not said again as caught (ids only: no exception is kept alive).
            self._reported.append(id(exc))
            self._out.put(error_message(exc, tb, caught, self._state.clock()))
        except Exception as e:
            self._out.fail("reporting an error", e)

    def _excepthook(self, etype: Any, value: BaseException, tb: Any) -> None:
        state = self._state
        if state.enabled and not isinstance(value, (SystemExit, KeyboardInterrupt)):
            state.exit_code = 1
            self.report(value, tb, caught=False)
        hook = self._prev_excepthook or sys.__excepthook__
        hook(etype, value, tb)

    def _watch_ipython(self) -> None:
        """In a notebook, a cell's exception never reaches sys.excepthook: ask IPython."""
        from . import _notebook
        state = self._state
        try:
            ip = _notebook.shell()
            if ip is None:
                return

            def post_run_cell(result: Any) -> None:
                exc = getattr(result, "error_in_exec", None)
                if exc is not None and state.enabled:
                    self.report(exc, exc.__traceback__, caught=False)

            ip.events.register("post_run_cell", post_run_cell)
            self._ipython_cb = (ip, post_run_cell)
        except Exception as exc:
            self._out.fail("watching IPython's cells", exc)

    def _watch_caught(self) -> None:
        """Python ≥ 3.12: device mismatches the program catches, via sys.monitoring (cheap:
        only handled exceptions call back). Older Pythons see only uncaught ones."""
        mon = getattr(sys, "monitoring", None)
        if mon is None:
            return
        state, out = self._state, self._out
        try:
            tool = next((i for i in range(5, 1, -1) if mon.get_tool(i) is None), None)
            if tool is None:
                return
            mon.use_tool_id(tool, "tensorkitchen")

            def handled(code: types.CodeType, offset: int, exc: BaseException) -> Any:
                if not state.enabled or not isinstance(exc, RuntimeError):
                    return None
                # Caught by the program's own code only: the watcher's wrappers (which catch
                # to re-raise), its runner (which reports what the script did not catch),
                # torch's and pytest's handlers are not the program catching it.
                if not _frames.is_user_file(code.co_filename) or id(exc) in self._reported \
                        or not is_catch(code, offset):
                    return None
                try:
                    if mismatch_devices(str(exc)) is None:
                        return None
                    message = error_message(exc, exc.__traceback__, True, state.clock())
                    key = (message.get("file", code.co_filename), message.get("line", 0))
                    if key in self._caught_seen:
                        return None  # a loop catching the same mismatch: said once
                    self._caught_seen.add(key)
                    self._reported.append(id(exc))
                    out.put(message)
                except Exception as e:
                    out.fail("watching caught exceptions", e)
                return None

            mon.register_callback(tool, mon.events.EXCEPTION_HANDLED, handled)
            mon.set_events(tool, mon.events.EXCEPTION_HANDLED)
            self._monitoring_tool = tool
        except Exception as exc:
            out.fail("watching caught exceptions", exc)
