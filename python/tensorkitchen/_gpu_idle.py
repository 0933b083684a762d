"""The GPU's idle time between optimizer steps, from CUDA events (the finding `gpu_idle`).

When an optimizer step has queued its work, an event is recorded on the current stream of the
optimizer's device. At the next step's first device work (its first copy to a CUDA device, or
else its first module call) a second event is recorded. Nothing of the program is queued
between the two, so on the GPU's own clock the time from the first to the second is the time
the GPU had nothing to do: it waited for the host (the DataLoader, preprocessing, Python). If
the second has not completed when that step ends, the GPU was still busy with earlier work when
the step's work came, and did not wait at all. Nothing here synchronises: events are queried.

The module hook is armed only after a step that made no copy to the GPU (a loop that copies
its batches starts each step with a copy), never once the program called torch.compile (a
compiled module warns when a global hook exists), and it counts only a call given a CUDA tensor (a
transform in the DataLoader is an nn.Module too). Nothing is recorded or queried while the
current stream captures a CUDA graph. Optimizers whose parameters are not on CUDA change
nothing.

Only made where CUDA is available; on the CPU a step costs nothing more.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

import torch

Place = Dict[str, Any]

# Events a forked child inherited. Freeing one there calls CUDA, which a forked child cannot
# use: c10 throws from the event's destructor and the process aborts (seen on an H200 with a
# DataLoader's forked workers). They stay referenced until the child exits.
_INHERITED: List[Any] = []


def record_event(device: torch.device) -> Any:
    """A timing event recorded now on the current stream of `device`."""
    event = torch.cuda.Event(enable_timing=True)
    event.record(torch.cuda.current_stream(device))
    return event


def cuda_input(args: Any) -> bool:
    """Whether a module call's positional arguments hold a CUDA tensor."""
    return any(isinstance(a, torch.Tensor) and a.is_cuda for a in args)


def capturing() -> bool:
    """Whether the current stream is capturing a CUDA graph (no event may be queried then)."""
    return bool(torch.cuda.is_current_stream_capturing())


def optimizer_device(optimizer: Any) -> Optional[torch.device]:
    """The device of an optimizer's first parameter; None when it has none."""
    for group in getattr(optimizer, "param_groups", ()):
        for p in group.get("params", ()):
            return p.device
    return None


def _no_device(optimizer: Any) -> Optional[torch.device]:
    return None


class GpuGaps:
    """Per step, the GPU's idle time before the step's first work, and where that work began.

    `where()` is the place of the user's line calling now; `failed` is told what went wrong
    (after which nothing more is measured: the program goes on). `record(device)` records an
    event, `register(hook)` adds a global module forward pre-hook and returns its handle,
    `device_input(args)` says whether a module call is the GPU's work, `capturing()` whether a
    CUDA graph is being captured: torch's own, replaced in tests.
    """

    __slots__ = ("_record", "_where", "_failed", "_register", "_device_of", "_device_input",
                 "_capturing", "_end", "_start", "_place", "_device", "_handle", "_copied",
                 "_no_hook")

    def __init__(self, where: Callable[[], Place],
                 failed: Callable[[str, BaseException], None],
                 record: Callable[[torch.device], Any] = record_event,
                 register: Optional[Callable[[Callable[..., None]], Any]] = None,
                 device_of: Callable[[Any], Optional[torch.device]] = optimizer_device,
                 device_input: Callable[[Any], bool] = cuda_input,
                 capturing: Callable[[], bool] = capturing) -> None:
        self._record = record
        self._where = where
        self._failed = failed
        self._register = register or torch.nn.modules.module.register_module_forward_pre_hook
        self._device_of = device_of
        self._device_input = device_input
        self._capturing = capturing
        self._end: Any = None    # the last CUDA step's end event
        self._start: Any = None  # this step's first work's event
        self._place: Optional[Place] = None
        self._device: Optional[torch.device] = None
        self._handle: Any = None
        self._copied = False     # this step copied to the GPU
        self._no_hook = False    # torch.compile was called: no global module hook

    def step_ended(self, optimizer: Any) -> Optional[Dict[str, Any]]:
        """At an optimizer step's end: the step's `gpu_idle` ({"seconds", file, line…}) when
        it was measured; then the event that the next step's gap starts from."""
        try:
            device = self._device_of(optimizer)
            if device is None or device.type != "cuda":
                return None  # a CPU optimizer (beside a CUDA one, or alone): nothing changes
            if self._capturing():
                self.stop()  # inside a CUDA graph's capture: no event of ours
                return None
            measured = None
            if self._end is not None and self._start is not None:
                seconds = self._gap(self._end, self._start)
                if seconds is not None:
                    measured = {"seconds": seconds}
                    measured.update(self._place or {})
            self._start = self._place = None
            self._disarm()
            self._device = device
            self._end = self._record(device)
            if not self._copied and not self._no_hook:
                self._handle = self._register(self._module_called)
            self._copied = False
            return measured
        except Exception as exc:
            self._give_up(exc)
            return None

    def copy_started(self, event: Any, place: Place) -> None:
        """A copy from the CPU to a CUDA device was queued after `event`: the step's first
        work, if none came before it."""
        self._copied = True
        if self._end is not None and self._start is None:
            self._start = event
            self._place = {k: place[k] for k in ("file", "line", "cell") if k in place}
            self._disarm()

    def compiled(self) -> None:
        """torch.compile was called: a global module hook would make its module warn."""
        self._no_hook = True
        self._disarm()

    def abandon(self) -> None:
        """In a forked child: measure nothing more, and free no event (see _INHERITED)."""
        _INHERITED.extend(e for e in (self._end, self._start) if e is not None)
        self._end = self._start = None
        self._disarm()  # removing the module hook is plain Python

    def stop(self) -> None:
        self._end = self._start = None
        try:
            self._disarm()
        except Exception:
            pass

    def _module_called(self, module: Any, args: Any) -> None:
        # A global forward pre-hook, there from a step's end to the first module call given a
        # CUDA tensor in the next one.
        try:
            if type(module).__name__ == "OptimizedModule":
                self.compiled()  # compiled before watch() began: it has warned once, no more
                return
            if not self._device_input(args):
                return  # a CPU module (a DataLoader's transform): not the GPU's work
            if self._capturing():
                self.stop()
                return
            if self._end is not None and self._start is None and self._device is not None:
                self._start = self._record(self._device)
                self._place = self._where()
            self._disarm()
        except Exception as exc:  # never into the program's forward
            self._give_up(exc)

    def _give_up(self, exc: BaseException) -> None:
        self.stop()
        self._device_of = _no_device
        self._failed("timing the GPU between steps", exc)

    def _disarm(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            handle.remove()

    @staticmethod
    def _gap(end: Any, start: Any) -> Optional[float]:
        try:
            if not start.query():
                return 0.0  # the GPU had earlier work queued when this step's came
            return max(0.0, float(end.elapsed_time(start)) / 1000.0)
        except Exception:
            return None  # on two devices, or an event torch could not time: not measured
