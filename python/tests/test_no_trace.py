"""The watcher leaves no trace in the program: tracebacks exactly as Python prints them, no
object kept alive, its own failures invisible, and no message to the user's app from here."""
from __future__ import annotations

import gc
import glob
import os
import shutil
import subprocess
import sys
import textwrap
import weakref
from pathlib import Path
from typing import Dict, List, Optional

import pytest
import torch
from conftest import PACKAGE_ROOT, SCRIPTS, TIMEOUT, env_with_package, of_type, read_recording
from torch.utils.data import DataLoader, TensorDataset

import tensorkitchen

ERRORS = SCRIPTS / "errors"


def run(args: List[str], cwd: Path, extra: Optional[Dict[str, str]] = None
        ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable] + args, cwd=str(cwd), env=env_with_package(extra),
                          capture_output=True, timeout=TIMEOUT)


def site_watch(tmp_path: Path, record: Path, prelude: str = "") -> Dict[str, str]:
    """An environment whose sitecustomize calls tensorkitchen.watch() in the program itself
    (the in-process API, with its excepthook), after `prelude`."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(prelude + textwrap.dedent("""
        import tensorkitchen
        tensorkitchen.watch(record=%r, app=False, sample_seconds=0.05)
    """ % str(record)))
    return {"PYTHONPATH": os.pathsep.join([str(site), str(PACKAGE_ROOT)])}


def same(a: subprocess.CompletedProcess[bytes], b: subprocess.CompletedProcess[bytes]
         ) -> None:
    assert a.returncode == b.returncode
    assert b.stdout == a.stdout
    assert b.stderr == a.stderr  # byte for byte


UNCAUGHT = ["meta_to_cpu" if torch.cuda.is_available() else "cuda_on_this_torch",
            "loader_item_fails"]


@pytest.mark.parametrize("uncaught", UNCAUGHT)
def test_tracebacks_are_pythons_own(tmp_path, uncaught):
    """Every error through Tensor.to/cuda/cpu/copy_, Module.cpu, the DataLoader, an optimizer
    step and a torch.distributed collective, caught (format_exc, extract_tb, sys.exc_info, pdb's
    `where`) and one uncaught: plain python3, python -m tensorkitchen and watch() print the same
    bytes."""
    script = str(ERRORS / "tracebacks.py")
    plain = run([script, uncaught], tmp_path)
    assert plain.returncode == 1 and b"Traceback" in plain.stderr
    assert plain.stdout.count(b"== ") >= 8
    cli = run(["-m", "tensorkitchen", "--no-app", "--record", str(tmp_path / "c.tkwatch"),
               script, uncaught], tmp_path)
    same(plain, cli)
    rec = tmp_path / "s.tkwatch"
    api = run([script, uncaught], tmp_path, site_watch(tmp_path, rec))
    same(plain, api)
    assert b"tensorkitchen" not in api.stdout + api.stderr
    [error] = of_type(read_recording(rec), "error")  # and the watcher did see it
    assert error["traceback"][-1]["file"].endswith("tracebacks.py")


# Every part of the watcher that runs in the program, broken.
BREAK_EVERYTHING = """
from tensorkitchen import _devices, _errors, _frames, _moves, _sampler, _watcher
def _broken(*args, **kwargs):
    raise RuntimeError("injected into the watcher")
for _owner, _name in [(_moves, "non_blocking"), (_moves, "module_device"),
                      (_frames, "innermost_user_frame"), (_frames, "locals_items"),
                      (_frames, "place"),
                      (_devices, "cpu_rss"), (_sampler, "sample_frames"),
                      (_errors, "error_message"), (_watcher.Watcher, "cuda_start")]:
    setattr(_owner, _name, _broken)
"""


def test_failures_in_every_hook_change_nothing(tmp_path):
    script = str(ERRORS / "program.py")
    plain = run([script], tmp_path)
    assert plain.returncode == 1 and b"loss " in plain.stdout
    rec = tmp_path / "broken.tkwatch"
    broken = run([script], tmp_path, site_watch(tmp_path, rec, BREAK_EVERYTHING))
    same(plain, broken)
    notices = [m["text"] for m in of_type(read_recording(rec), "notice")]
    assert all("injected into the watcher" in n for n in notices)
    for part in ("tensor move", "module move", "DataLoader", "optimizer", "memory sampler",
                 "an error"):
        assert any(part in n for n in notices), (part, notices)
    assert len(notices) == len(set(notices))  # each said once


@pytest.fixture
def watched(tmp_path):
    # Sampling every 10 ms: the sampler reads the frames while the test's functions run.
    w = tensorkitchen.watch(record=str(tmp_path / "refs.tkwatch"), app=False,
                            sample_seconds=0.01, memory_seconds=0.01)
    yield w
    tensorkitchen.unwatch()


def _sleep_for_the_sampler() -> None:
    import time
    time.sleep(0.1)


def moved_tensor_is_freed() -> bool:
    w = torch.randn(512, 512)
    ref = weakref.ref(w)
    _sleep_for_the_sampler()
    w = w.to("meta")
    return ref() is None and w.device.type == "meta"


def moved_module_parameters_are_freed() -> bool:
    torch.__future__.set_overwrite_module_params_on_conversion(True)
    try:
        model = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.Linear(64, 8))
        refs = [weakref.ref(p) for p in model.parameters()]
        _sleep_for_the_sampler()
        model = model.to("meta")
        return all(r() is None for r in refs) and next(model.parameters()).is_meta
    finally:
        torch.__future__.set_overwrite_module_params_on_conversion(False)


def moved_batch_is_freed() -> bool:
    loader = DataLoader(TensorDataset(torch.randn(8, 256)), batch_size=4)
    freed = []
    for (batch,) in loader:
        ref = weakref.ref(batch)
        _sleep_for_the_sampler()
        batch = batch.to("meta")
        freed.append(ref() is None)
    return freed == [True, True]


@pytest.mark.parametrize("case", [moved_tensor_is_freed, moved_module_parameters_are_freed,
                                  moved_batch_is_freed])
def test_no_object_kept_alive(watched, case):
    gc.disable()  # freed by reference counting, as without the watcher, not by a collection
    try:
        assert case()
        tensorkitchen.unwatch()
        assert case()  # the same without the watcher (the test means what it says)
    finally:
        gc.enable()
    moves = of_type(read_recording(Path(watched.record_path)), "move")
    assert moves and moves[0]["name"] in ("w", "model", "batch")


def locals_snapshot_kept() -> list:
    a = 1  # noqa: F841
    snapshot = locals()
    _sleep_for_the_sampler()
    moved = torch.ones(2).to("meta")  # noqa: F841
    _sleep_for_the_sampler()
    return sorted(snapshot)


def test_a_kept_locals_dict_is_not_refilled(watched):
    """On Python <= 3.12 locals() hands out the frame's one dict: the watcher must not read
    (and so refill) the frame of a function that may hold it, on a move or from the sampler."""
    assert locals_snapshot_kept() == ["a"]
    tensorkitchen.unwatch()
    assert locals_snapshot_kept() == ["a"]


SNIPPET = """
import importlib.util, sys, traceback
spec = importlib.util.spec_from_file_location("_frames", sys.argv[1])
_frames = importlib.util.module_from_spec(spec)
spec.loader.exec_module(_frames)  # the module alone: no torch needed

def original():
    return 1 / 0

def wrapper():
    try:
        return original()
    except BaseException as exc:
        _frames.hide_frame(exc)
        raise

def user():
    return wrapper()

try:
    user()
except ZeroDivisionError as exc:
    print([f.name for f in traceback.extract_tb(exc.__traceback__)])
    print([f.name for f in traceback.extract_tb(sys.exc_info()[2])])
user()
"""


@pytest.mark.parametrize("minor", range(8, 14))
def test_hide_frame_on_every_python(tmp_path, minor):
    """The frame-hiding rule on each Python 3.8-3.13 found here (no torch needed)."""
    name = "python3.%d" % minor
    found = [p for p in [shutil.which(name)] if p and "/shims/" not in p]
    pyenv = os.path.expanduser("~/.pyenv/versions/3.%d.*/bin/%s" % (minor, name))
    found += sorted(glob.glob(pyenv))
    if not found:
        pytest.skip("no %s on this machine" % name)
    (tmp_path / "snippet.py").write_text(SNIPPET)
    frames = str(PACKAGE_ROOT / "tensorkitchen" / "_frames.py")
    proc = subprocess.run([found[0], "snippet.py", frames], cwd=str(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.splitlines() == ["['<module>', 'user', 'original']"] * 2
    assert ", in wrapper" not in proc.stderr and ", in hide_frame" not in proc.stderr
    assert proc.stderr.rstrip().endswith("ZeroDivisionError: division by zero")
