"""The GPU's idle time between steps (finding gpu_idle). No GPU here: a fake GPU clock stands in
for CUDA events (recorded when the host queues them, completed when the GPU reaches them);
the modules, their forward hooks and the watcher's step messages are real."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest
import torch
from conftest import of_type, read_recording

from tensorkitchen import _gpu_idle, _watcher

CUDA = torch.device("cuda", 0)


class FakeGpu:
    """One stream: work runs in order, as soon as it is queued and what is before it is done."""

    def __init__(self) -> None:
        self.host = 0.0        # ms, the host's clock
        self.busy_until = 0.0  # ms, when the work queued so far is done

    def launch(self, ms: float) -> None:
        self.busy_until = max(self.host, self.busy_until) + ms

    def work(self, ms: float) -> None:  # the host's own work
        self.host += ms

    def record(self, device: torch.device) -> Event:
        return Event(self, max(self.host, self.busy_until), device)


class Event:
    def __init__(self, gpu: FakeGpu, at: float, device: torch.device) -> None:
        self.gpu, self.at, self.device = gpu, at, device

    def query(self) -> bool:
        return self.gpu.host >= self.at

    def elapsed_time(self, end: Event) -> float:
        if end.device != self.device:
            raise RuntimeError("events on two devices")
        return end.at - self.at


def script_line_of(path: str, text: str) -> int:
    with open(path) as f:
        return next(i for i, line in enumerate(f, 1) if text in line)


def hooks() -> int:
    return len(torch.nn.modules.module._global_forward_pre_hooks)


# The modules here run on the CPU; on the fake GPU every call counts as the GPU's work, and no
# CUDA graph is ever captured.
ON_THE_FAKE_GPU: Dict[str, Any] = {"device_input": lambda args: True, "capturing": lambda: False}


def make(gpu: FakeGpu, failures: Optional[List[Any]] = None) -> _gpu_idle.GpuGaps:
    told = failures if failures is not None else []
    return _gpu_idle.GpuGaps(lambda: {"file": "train.py", "line": 7},
                             lambda where, exc: told.append(exc), record=gpu.record,
                             device_of=lambda opt: CUDA, **ON_THE_FAKE_GPU)


def run_steps(gaps: _gpu_idle.GpuGaps, gpu: FakeGpu, host_ms: float, gpu_ms: float,
              steps: int = 4) -> List[Optional[Dict[str, Any]]]:
    model = torch.nn.Linear(2, 2)
    out = []
    for _ in range(steps):
        gpu.work(host_ms)           # preparing the batch on the host
        model(torch.ones(1, 2))     # the step's first module call: its first work
        gpu.launch(gpu_ms)          # forward, backward, the optimizer's kernels
        out.append(gaps.step_ended(object()))
    return out


def test_a_starved_gpu_waits_as_long_as_the_host_works_beyond_it() -> None:
    gpu = FakeGpu()
    gaps = make(gpu)
    measured = run_steps(gaps, gpu, host_ms=5.0, gpu_ms=1.5)
    assert measured[0] is None  # the first step has no step before it
    for m in measured[1:]:
        assert m is not None and m["seconds"] == pytest.approx(0.0035)  # 5 ms less the 1.5 ms tail
        assert (m["file"], m["line"]) == ("train.py", 7)
    gaps.stop()
    assert hooks() == 0


def test_a_busy_gpu_never_waits() -> None:
    gpu = FakeGpu()
    gaps = make(gpu)
    # 20 ms of GPU work a step, 5 ms of host work: the host is ahead, the GPU always has work.
    measured = run_steps(gaps, gpu, host_ms=5.0, gpu_ms=20.0)
    assert [m["seconds"] for m in measured[1:] if m] == [0.0, 0.0, 0.0]
    gaps.stop()


def test_a_copy_to_the_gpu_is_the_steps_first_work_and_names_the_line() -> None:
    gpu = FakeGpu()
    gaps = make(gpu)
    gaps.step_ended(object())
    assert hooks() == 1  # armed until the next step's first work
    gpu.work(3.0)
    gaps.copy_started(gpu.record(CUDA), {"file": "train.py", "line": 12, "type": "move"})
    assert hooks() == 0  # a copy came first: the module hook is gone
    gpu.work(1.0)
    torch.nn.Linear(2, 2)(torch.ones(1, 2))  # not the first work any more
    m = gaps.step_ended(object())
    assert m == {"seconds": pytest.approx(0.003), "file": "train.py", "line": 12}
    assert hooks() == 0  # a loop that copies starts its next step with a copy: no hook
    gpu.work(2.0)
    gaps.copy_started(gpu.record(CUDA), {"file": "train.py", "line": 12})
    assert gaps.step_ended(object())["seconds"] == pytest.approx(0.002)
    assert hooks() == 0  # again a step that copied
    assert gaps.step_ended(object()) is None  # a step with no copy and no module call...
    assert hooks() == 1  # ...arms the hook for the next
    gaps.stop()


def test_one_event_at_each_steps_end_and_one_at_its_first_module_call() -> None:
    gpu = FakeGpu()
    recorded: List[Event] = []

    def record(device: torch.device) -> Event:
        recorded.append(gpu.record(device))
        return recorded[-1]

    gaps = _gpu_idle.GpuGaps(lambda: {}, lambda w, e: None, record=record,
                             device_of=lambda opt: CUDA, **ON_THE_FAKE_GPU)
    model = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(), torch.nn.Linear(2, 2))
    for _ in range(3):
        gaps.step_ended(object())
        assert hooks() == 1
        model(torch.ones(1, 2))  # four module calls: the first takes the hook away
        assert hooks() == 0
    assert len(recorded) == 6
    gaps.stop()
    assert hooks() == 0


def test_a_cpu_module_is_not_the_gpus_work() -> None:
    """A transform in the DataLoader (an nn.Module on CPU tensors) leaves the hook for the
    model's first call on a CUDA tensor (the real check, on CPU tensors here)."""
    gpu = FakeGpu()
    gaps = _gpu_idle.GpuGaps(lambda: {"line": 1}, lambda w, e: None, record=gpu.record,
                             device_of=lambda opt: CUDA, capturing=lambda: False)
    gaps.step_ended(object())
    torch.nn.ReLU()(torch.ones(2))
    assert hooks() == 1  # still armed: no CUDA tensor went in
    assert gaps.step_ended(object()) is None  # nothing began the step's work
    gaps.stop()


def test_nothing_is_recorded_while_a_cuda_graph_is_captured() -> None:
    gpu = FakeGpu()
    recorded: List[Any] = []
    state = {"capturing": False}
    gaps = _gpu_idle.GpuGaps(lambda: {}, lambda w, e: None,
                             record=lambda d: recorded.append(d) or gpu.record(d),
                             device_of=lambda opt: CUDA, device_input=lambda args: True,
                             capturing=lambda: state["capturing"])
    gaps.step_ended(object())
    state["capturing"] = True  # torch.cuda.graph(g): the step captured, not run
    torch.nn.Linear(2, 2)(torch.ones(1, 2))
    assert gaps.step_ended(object()) is None
    assert len(recorded) == 1 and hooks() == 0  # only the event before the capture began
    gaps.stop()


def test_no_hook_once_torch_compile_is_called(tmp_path) -> None:
    """A compiled module warns when a global module hook exists: after torch.compile (which
    the watcher's wrapper reports; only compiled lazily, never run here) none is added."""
    gaps = make(FakeGpu())
    w = _watcher.Watcher(record=str(tmp_path / "r.tkwatch"), app=False, excepthook=False)
    w.gaps = gaps
    w.start()
    try:
        if hasattr(torch, "compile"):
            torch.compile(torch.nn.Linear(2, 2))  # makes the wrapper; compiles at its first call
            gaps.step_ended(object())
            assert hooks() == 0
        # One compiled before the watcher began: seen at its first call, no hook after it.
        gaps._no_hook = False
        gaps.step_ended(object())
        assert hooks() == 1
        type("OptimizedModule", (torch.nn.Module,), {"forward": lambda self, x: x})()(1)
        gaps.step_ended(object())
        assert hooks() == 0
    finally:
        w.close(0)
    assert hooks() == 0


def test_a_cpu_optimizer_beside_a_cuda_one_changes_nothing() -> None:
    gpu = FakeGpu()
    cpu_opt = torch.optim.SGD(torch.nn.Linear(2, 2).parameters(), lr=0.1)
    gaps = _gpu_idle.GpuGaps(lambda: {"line": 5}, lambda w, e: None, record=gpu.record,
                             device_of=lambda o: None if o is cpu_opt else CUDA,
                             **ON_THE_FAKE_GPU)
    gaps.step_ended(object())
    gpu.work(3.0)
    torch.nn.Linear(2, 2)(torch.ones(1, 2))
    assert gaps.step_ended(cpu_opt) is None  # the CPU optimizer's step: no gap, no reset
    assert gaps.step_ended(object()) == {"seconds": pytest.approx(0.003), "line": 5}
    gaps.stop()


def test_two_devices_are_not_measured() -> None:
    gpu = FakeGpu()
    gaps = make(gpu)
    gaps.step_ended(object())
    gaps.copy_started(gpu.record(torch.device("cuda", 1)), {"line": 3})
    assert gaps.step_ended(object()) is None
    gaps.stop()


def test_a_cpu_optimizer_measures_nothing_and_arms_nothing() -> None:
    gpu = FakeGpu()
    gaps = _gpu_idle.GpuGaps(lambda: {}, lambda w, e: None, record=gpu.record)
    opt = torch.optim.SGD(torch.nn.Linear(2, 2).parameters(), lr=0.1)
    assert _gpu_idle.optimizer_device(opt) == torch.device("cpu")
    assert gaps.step_ended(opt) is None and hooks() == 0
    assert gaps.step_ended(opt) is None


def test_a_failure_never_reaches_the_programs_forward() -> None:
    gpu = FakeGpu()
    failures: List[Any] = []
    gaps = make(gpu, failures)
    gaps.step_ended(object())

    def broken(device: torch.device) -> Any:
        raise RuntimeError("CUDA error: an illegal memory access was encountered")

    gaps._record = broken
    out = torch.nn.Linear(2, 2)(torch.ones(1, 2))  # the hook fails inside; the forward does not
    assert out.shape == (1, 2)
    assert len(failures) == 1 and hooks() == 0
    assert gaps.step_ended(object()) is None and hooks() == 0  # given up: nothing more


def test_the_step_message_carries_the_gap_at_the_users_line(tmp_path) -> None:
    """The watcher with its GpuGaps on a fake GPU: a real loop's steps say gpu_idle, at the
    line of the model call."""
    rec = tmp_path / "r.tkwatch"
    gpu = FakeGpu()
    w = _watcher.Watcher(record=str(rec), app=False, excepthook=False)
    w.gaps = _gpu_idle.GpuGaps(w._out.here, w._out.fail, record=gpu.record,
                               device_of=lambda opt: CUDA, **ON_THE_FAKE_GPU)
    w.start()
    model = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(4):
        gpu.work(4.0)
        loss = model(torch.ones(2, 4)).sum()  # the line the GPU waited for
        gpu.launch(1.0)
        loss.backward()
        opt.step()
    w.close(0)
    steps = of_type(read_recording(rec), "step")
    assert len(steps) == 4 and "gpu_idle" not in steps[0]
    line = script_line_of(__file__, "the line the GPU waited for")
    for s in steps[1:]:
        assert s["gpu_idle"]["seconds"] == pytest.approx(0.003)
        assert s["gpu_idle"]["line"] == line and s["gpu_idle"]["file"].endswith("test_gpu_idle.py")
    assert hooks() == 0  # unwatch took the hook away


def test_without_cuda_no_step_says_gpu_idle(run_watched) -> None:
    if torch.cuda.is_available():
        pytest.skip("a machine without CUDA")
    w = run_watched("findings/sync_in_step.py")
    assert w.of("step") and all("gpu_idle" not in s for s in w.of("step"))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_on_a_gpu_the_starved_loop_idles_and_its_twin_does_not(run_watched) -> None:
    starved = run_watched("findings/gpu_idle.py")
    assert starved.proc.returncode == 0, starved.proc.stderr
    idle = [s["gpu_idle"]["seconds"] for s in starved.of("step")[1:]]
    assert len(idle) >= 3 and min(idle) > 0.005, idle
    fixed = run_watched("findings/gpu_idle_fixed.py")
    assert fixed.proc.returncode == 0, fixed.proc.stderr
    later = [s["gpu_idle"]["seconds"] for s in fixed.of("step")[3:] if "gpu_idle" in s]
    assert len(later) >= 3 and sum(later) / len(later) < 0.002, later


def test_no_cuda_event_while_a_graph_is_captured(tmp_path, monkeypatch) -> None:
    """torch.cuda.graph captures through CUDAGraph.capture_begin/capture_end: the watcher counts
    them and neither records nor queries a CUDA event until the capture ends (a query would
    invalidate it). No CUDA here: the capture's own calls are stand-ins."""
    from torch.cuda import graphs

    from tensorkitchen import _devices, _hooks

    calls: List[str] = []
    begin = lambda self, *a, **k: calls.append("begin")  # noqa: E731
    monkeypatch.setattr(graphs.CUDAGraph, "capture_begin", begin)
    monkeypatch.setattr(graphs.CUDAGraph, "capture_end", lambda self, *a, **k: calls.append("end"))
    monkeypatch.setattr(_devices, "cuda_available", lambda: True)
    w = _watcher.Watcher(record=str(tmp_path / "r.tkwatch"), app=False, excepthook=False)
    _hooks._install_graph_capture(w._state, w._patches)  # as start() does; no sampler thread here

    class Pending:
        queried = 0

        def query(self) -> bool:
            Pending.queried += 1
            return False

    w._state.pending.append((1, Pending(), Pending(), 0))
    graph = object()
    graphs.CUDAGraph.capture_begin(graph)
    assert calls == ["begin"] and w._state.capturing == 1
    assert w._moves.cuda_start(None, CUDA) is None  # a copy in the capture: timed by the wall clock
    w._moves.resolve_cuda_events()
    assert Pending.queried == 0
    graphs.CUDAGraph.capture_end(graph)
    assert calls == ["begin", "end"] and w._state.capturing == 0
    w._moves.resolve_cuda_events()
    assert Pending.queried == 1  # asked again once the capture ended
    w.close(0)
    assert graphs.CUDAGraph.capture_begin is begin  # unwatch put the original back



FREED: List[str] = []


class Freed:
    """Stands in for a CUDA event: says when it is freed (in a forked child that calls CUDA)."""

    def __init__(self, name: str, freed: List[str] = FREED) -> None:
        self.name, self.freed = name, freed

    def __del__(self) -> None:
        self.freed.append(self.name)


def test_a_forked_child_frees_no_event_it_inherited() -> None:
    # On a GPU, a DataLoader's forked worker aborted ("CUDA error: initialization error" from
    # the event's destructor) when the watcher let go of the parent's events in the child.
    import gc

    gaps = _gpu_idle.GpuGaps(where=lambda: {}, failed=lambda what, exc: None,
                             record=lambda device: Freed("end"), register=lambda hook: None,
                             device_of=lambda optimizer: CUDA, **ON_THE_FAKE_GPU)
    gaps.step_ended(object())
    gaps.copy_started(Freed("start"), {"file": "x.py", "line": 1})
    FREED.clear()
    gaps.abandon()
    gc.collect()
    assert FREED == []
    assert len(_gpu_idle._INHERITED) >= 2
