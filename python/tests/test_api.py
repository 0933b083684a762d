"""watch()/unwatch()/watching() in process: originals restored, results unchanged, the
watcher's own failures contained, CUDA paths with torch.cuda mocked, the runner's semantics."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any, List

import pytest
import torch
from conftest import SCRIPTS, env_with_package, of_type, read_recording
from torch.optim import optimizer as optimizer_module
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data import dataloader as dataloader_module

import tensorkitchen
from tensorkitchen import _devices, _frames, _watcher

PATCHED = [(torch.Tensor, "to"), (torch.Tensor, "cuda"), (torch.Tensor, "cpu"),
           (torch.Tensor, "copy_"), (torch.nn.Module, "to"), (torch.nn.Module, "cuda"),
           (torch.nn.Module, "cpu"), (dataloader_module._BaseDataLoaderIter, "__next__")]
HAS_STEP_HOOKS = hasattr(optimizer_module, "register_optimizer_step_post_hook")


def originals():
    got = {(owner.__name__, name): getattr(owner, name) for owner, name in PATCHED}
    got["Tensor.__dict__"] = set(torch.Tensor.__dict__)
    got["excepthook"] = sys.excepthook
    if HAS_STEP_HOOKS:
        got["post_hooks"] = dict(optimizer_module._global_optimizer_post_hooks)
    else:
        got["step_code"] = optimizer_module.Optimizer._optimizer_step_code
    return got


@pytest.fixture
def rec(tmp_path):
    yield tmp_path / "r.tkwatch"
    tensorkitchen.unwatch()


def test_unwatch_restores_every_original(rec):
    before = originals()
    w = tensorkitchen.watch(record=str(rec), app=False)
    assert torch.Tensor.to is not before[("Tensor", "to")]
    assert sys.excepthook is not before["excepthook"]
    tensorkitchen.unwatch()
    after = originals()
    for key, value in before.items():
        if isinstance(value, (set, dict)):
            assert after[key] == value, key
        else:
            assert after[key] is value, key  # identity, not equality
    assert w.closed and tensorkitchen.current() is None
    messages = read_recording(rec)
    assert messages[0]["type"] == "hello" and messages[-1]["type"] == "bye"
    assert messages[-1]["exit_code"] is None  # unknown in a program that goes on


def test_watch_twice_is_one_watcher(rec):
    a = tensorkitchen.watch(record=str(rec), app=False)
    b = tensorkitchen.watch(record=str(rec), app=False)
    assert a is b and tensorkitchen.current() is a
    tensorkitchen.unwatch()
    tensorkitchen.unwatch()  # harmless
    assert sum(m["type"] == "hello" for m in read_recording(rec)) == 1


def test_results_unchanged(rec):
    torch.manual_seed(0)
    x = torch.randn(4, 3)
    model = torch.nn.Linear(3, 2)
    expected = (x.to(torch.float64), model(x), x.to("cpu"))
    with tensorkitchen.watching(record=str(rec), app=False):
        assert x.to("cpu") is x and x.cpu() is x  # the same tensor, as without the watcher
        y = x.to(torch.float64)
        assert torch.equal(y, expected[0]) and y.dtype == torch.float64
        m = x.to("meta")
        assert m.device.type == "meta" and m.shape == x.shape
        dst = torch.empty(4, 3, device="meta")
        assert dst.copy_(x) is dst
        same = torch.empty(4, 3)
        assert same.copy_(x) is same and torch.equal(same, x)
        assert model.to("cpu") is model and torch.equal(model(x), expected[1])
        assert model.to(torch.float64) is model
        model.to(torch.float32)
    moves = of_type(read_recording(rec), "move")
    assert [(m["api"], m["to"]) for m in moves] == [("Tensor.to", "meta"), ("Tensor.copy_", "meta")]
    assert [m["name"] for m in moves] == ["x", "x"]  # copy_: the source's name


def test_an_exception_from_to_is_the_very_same(rec, monkeypatch):
    raised = RuntimeError("from the original")

    def failing_to(self, *args, **kwargs):
        raise raised

    monkeypatch.setattr(torch.Tensor, "to", failing_to, raising=False)
    tensorkitchen.watch(record=str(rec), app=False)
    assert torch.Tensor.to is not failing_to
    with pytest.raises(RuntimeError) as info:
        torch.ones(1).to("meta")
    assert info.value is raised
    tensorkitchen.unwatch()
    assert torch.Tensor.to is failing_to
    monkeypatch.undo()
    with pytest.raises(RuntimeError) as info:  # a real one, unchanged
        with tensorkitchen.watching(record=str(rec), app=False):
            torch.ones(1).to("no such device")
    assert "device" in str(info.value)


def test_watcher_failures_never_escape(rec, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("inside the watcher")

    monkeypatch.setattr(_frames, "innermost_user_frame", broken)
    monkeypatch.setattr(_frames, "place", broken)  # where every event's site is described
    monkeypatch.setattr(_devices, "cpu_rss", broken)
    x = torch.ones(2, 3)
    with tensorkitchen.watching(record=str(rec), app=False):
        assert x.to("meta").device.type == "meta"
        assert x.to("meta").shape == (2, 3)
        model = torch.nn.Linear(3, 1)
        assert model.to("meta") is model
        opt = torch.optim.SGD(torch.nn.Linear(2, 1).parameters(), lr=0.1)
        loader = DataLoader(TensorDataset(torch.ones(4, 2)), batch_size=2)
        for (batch,) in loader:  # noqa: B007 (the last batch is checked below)
            opt.step()
        assert batch.shape == (2, 2)
    notices = [m["text"] for m in of_type(read_recording(rec), "notice")]
    assert len(notices) == len(set(notices))  # each said once
    assert any("tensor move" in n and "inside the watcher" in n for n in notices)
    assert any("module move" in n for n in notices)
    assert any("DataLoader" in n for n in notices) and any("optimizer" in n for n in notices)
    assert any("memory sampler stopped" in n for n in notices)


def test_watching_reports_an_exception_and_lets_it_through(rec):
    err = RuntimeError("Expected all tensors to be on the same device, but found at least "
                       "two devices, meta and cpu!")
    with pytest.raises(RuntimeError) as info:
        with tensorkitchen.watching(record=str(rec), app=False):
            raise err
    assert info.value is err
    [e] = of_type(read_recording(rec), "error")
    assert e["kind"] == "device_mismatch" and e["devices"] == ["meta", "cpu"]
    assert e["file"] == __file__ and e["code"] == "raise err"


def test_excepthook_reports_then_chains(rec, monkeypatch, capsys):
    seen = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: seen.append(a))
    tensorkitchen.watch(record=str(rec), app=False)
    try:
        raise KeyError("k")
    except KeyError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    tensorkitchen.unwatch()
    assert len(seen) == 1 and isinstance(seen[0][1], KeyError)
    messages = read_recording(rec)
    [e] = of_type(messages, "error")
    assert e["kind"] == "other" and e["exception"] == "KeyError" and not e["caught"]
    assert messages[-1]["exit_code"] == 1


class FakeEvent:
    done = False

    def __init__(self, enable_timing=False):
        assert enable_timing
        self.recorded_on = None

    def record(self, stream=None):
        self.recorded_on = stream

    def query(self):
        return FakeEvent.done

    def elapsed_time(self, end):
        return 2.5  # ms


class FakeProps:
    name = "Fake GPU"
    total_memory = 8 << 30
    major, minor = 9, 0


def test_cuda_paths_with_torch_cuda_mocked(rec, monkeypatch):
    """No GPU here: the CUDA timing and memory paths, with torch.cuda's calls faked. Checks
    that no synchronize() is ever called and that events are resolved by query()."""
    def no_sync(*a):
        raise AssertionError("the watcher must never synchronize")

    monkeypatch.setattr(torch.cuda, "synchronize", no_sync)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 1)
    monkeypatch.setattr(torch.cuda, "is_initialized", lambda: True)
    monkeypatch.setattr(torch.cuda, "get_device_properties", lambda i: FakeProps())
    monkeypatch.setattr(torch.cuda, "memory_allocated", lambda i: 1024)
    monkeypatch.setattr(torch.cuda, "memory_reserved", lambda i: 2048)
    monkeypatch.setattr(torch.cuda, "current_stream", lambda device=None: ("stream", device))
    monkeypatch.setattr(torch.cuda, "Event", FakeEvent)
    monkeypatch.setattr(torch.Tensor, "is_pinned", lambda self: True, raising=False)
    FakeEvent.done = False
    w = _watcher.Watcher(record=str(rec), app=False, excepthook=False)
    assert w.cuda
    src = torch.ones(2, 2)
    events = w._moves.tensor_started(src, ("cuda:0",), {"non_blocking": True}, "to")
    assert events[1] == ("stream", torch.device("cuda", 0))
    w._moves.tensor_moved("Tensor.to", src, src.to("meta"), 0.5, events, ("cuda:0",),
                   {"non_blocking": True})
    w._moves.resolve_cuda_events()  # not done yet: nothing
    FakeEvent.done = True
    w._moves.resolve_cuda_events()
    w._sampler._announce_cuda()
    w._sampler._memory()
    w._state.mute = 0  # as start() leaves it (nothing is patched here)
    w._steps.optimizer_step(object())
    w.close(0)
    messages = read_recording(rec)
    hello = messages[0]
    assert hello["cuda_count"] == 1
    assert hello["devices"][1] == {"device": "cuda:0", "name": "Fake GPU", "total": 8 << 30,
                                   "capability": "9.0"}
    [move] = of_type(messages, "move")
    assert move["timing"] == "cuda_events" and move["seconds"] is None
    assert move["pinned"] is True and move["non_blocking"] is True
    [mt] = of_type(messages, "move_time")
    assert mt == {"type": "move_time", "t": mt["t"], "id": move["id"], "seconds": 0.0025}
    [step] = of_type(messages, "step")
    assert step["copy_s"] == pytest.approx(0.0025) and step["moves"] == 1
    assert of_type(messages, "devices") == []  # hello already named them (initialised)
    cuda_mem = [m for m in of_type(messages, "memory") if len(m["devices"]) > 1]
    assert cuda_mem and cuda_mem[0]["devices"][1] == {"device": "cuda:0", "allocated": 1024,
                                                      "reserved": 2048, "total": 8 << 30}


def test_devices_message_once_cuda_is_initialised(rec, monkeypatch):
    state = {"init": False}
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 1)
    monkeypatch.setattr(torch.cuda, "is_initialized", lambda: state["init"])

    def props(i):
        assert state["init"], "get_device_properties before the program set CUDA up"
        return FakeProps()

    monkeypatch.setattr(torch.cuda, "get_device_properties", props)
    monkeypatch.setattr(torch.cuda, "memory_allocated", lambda i: 0)
    monkeypatch.setattr(torch.cuda, "memory_reserved", lambda i: 0)
    w = _watcher.Watcher(record=str(rec), app=False, excepthook=False)
    w.enabled = True
    w._sampler._announce_cuda()
    w._sampler._memory()
    state["init"] = True
    w._sampler._announce_cuda()
    w._sampler._announce_cuda()
    w.close(0)
    messages = read_recording(rec)
    assert len(messages[0]["devices"]) == 1 and messages[0]["cuda_count"] == 1
    [dev] = of_type(messages, "devices")
    assert dev["devices"] == [{"device": "cuda:0", "name": "Fake GPU", "total": 8 << 30,
                               "capability": "9.0"}]


def run_py(args, cwd, **kw):
    return subprocess.run([sys.executable] + args, cwd=str(cwd), env=env_with_package(),
                          capture_output=True, text=True, timeout=180, **kw)


def test_runner_sets_argv_and_path_like_python(tmp_path):
    folder = tmp_path / "proj"
    folder.mkdir()
    (folder / "helper.py").write_text("VALUE = 42\n")
    (folder / "main.py").write_text(textwrap.dedent("""
        import sys, helper
        print(repr(sys.argv), sys.path[0], __name__, helper.VALUE)
    """))
    direct = run_py([str(folder / "main.py"), "a", "--b"], tmp_path)
    watched = run_py(["-m", "tensorkitchen", "--record", str(tmp_path / "r.tkwatch"),
                      str(folder / "main.py"), "a", "--b"], tmp_path)
    assert watched.returncode == 0, watched.stderr
    assert watched.stdout == direct.stdout
    assert "'a', '--b'" in watched.stdout and "__main__ 42" in watched.stdout


def test_runner_prints_uncaught_exceptions_as_python_does(tmp_path):
    script = str(SCRIPTS / "seed003_wrong.py")
    direct = run_py([script], tmp_path)
    watched = run_py(["-m", "tensorkitchen", "--record", str(tmp_path / "r.tkwatch"), script],
                     tmp_path)
    assert direct.returncode == watched.returncode == 1
    assert watched.stderr == direct.stderr


def test_runner_module_mode(tmp_path):
    (tmp_path / "mymod.py").write_text("import sys, torch\nx = torch.ones(1).to('meta')\n"
                                       "print('ran', __name__, sys.argv[1:])\n")
    rec = tmp_path / "r.tkwatch"
    proc = run_py(["-m", "tensorkitchen", "--record", str(rec), "-m", "mymod", "z"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "ran __main__ ['z']" in proc.stdout
    [move] = of_type(read_recording(rec), "move")
    assert move["file"] == str(tmp_path / "mymod.py") and move["line"] == 2


def test_cli_usage_errors(tmp_path):
    assert run_py(["-m", "tensorkitchen"], tmp_path).returncode == 2
    assert run_py(["-m", "tensorkitchen", "--bogus", "x.py"], tmp_path).returncode == 2
    assert run_py(["-m", "tensorkitchen", "missing.py"], tmp_path).returncode == 2
    version = run_py(["-m", "tensorkitchen", "--version"], tmp_path)
    assert version.returncode == 0 and "watch protocol 1" in version.stdout


def test_an_assigned_result_is_named_from_the_call_site_alone() -> None:
    import sys as _sys

    from tensorkitchen import _frames

    seen: List[Any] = []

    class Source:
        def to(self, device: str) -> Source:
            seen.append(_frames.assigned_name(_sys._getframe(1)))
            return self

    class Holder:
        pass

    def in_a_function() -> None:
        batch = Source().to("meta")          # assigned: named
        Source().to("meta").to("cpu")        # a chain: neither call's result is a name
        holder = Holder()
        holder.x = Source().to("meta")       # an attribute: not a variable
        print(Source().to("meta"), end="")   # an argument
        del batch, holder

    in_a_function()
    assert seen == ["batch", None, None, None, None]
