"""The source texts' scripts under `python -m tensorkitchen --record F`: what the recording says."""
from __future__ import annotations

import json
import os
import platform
import subprocess
import sys

import pytest
import torch
from conftest import SCRIPTS, env_with_package, read_recording, script_line

from tensorkitchen import _protocol

TORCH_1 = torch.__version__.startswith("1.")


def check_stream(w, exit_code):
    """Every stream: hello first and once, bye last with the exit code, memory present."""
    msgs = w.messages
    assert msgs[0]["type"] == "hello" and sum(m["type"] == "hello" for m in msgs) == 1
    bye = {k: v for k, v in msgs[-1].items() if k not in ("calls", "step")}
    assert bye == {"type": "bye", "t": msgs[-1]["t"], "exit_code": exit_code}
    if "calls" in msgs[-1]:  # reads back after the last optimizer step, in the step it began
        assert msgs[-1]["step"] == len(w.of("step")) + 1
    assert w.proc.returncode == exit_code, w.proc.stderr
    assert w.of("memory"), "at least one memory reading"
    for m in w.of("memory"):
        cpu = m["devices"][0]
        assert cpu["device"] == "cpu" and cpu["rss"] > 0
    times = [m["t"] for m in msgs]
    assert all(t >= 0 for t in times)


def test_hello_fields(run_watched):
    w = run_watched("seed000_device.py", "--flag", "1")
    check_stream(w, 0)
    hello = w.messages[0]
    assert hello["v"] == 1 and hello["t"] == 0
    assert hello["pid"] > 0 and hello["pid"] != os.getpid()
    assert hello["program"] == "seed000_device.py"
    assert hello["argv"][1:] == ["--flag", "1"]
    assert hello["python"] == platform.python_version()
    assert hello["torch"] == torch.__version__
    assert hello["cuda"] == torch.version.cuda
    cpu = hello["devices"][0]
    assert cpu["device"] == "cpu" and cpu["total"] > 0 and cpu["name"]
    if not torch.cuda.is_available():
        assert hello["cuda_count"] == 0 and len(hello["devices"]) == 1


def test_seed000_same_device_is_no_move(run_watched):
    # On a machine without a GPU, x.to("cpu") returns x itself: no move is sent.
    w = run_watched("seed000_device.py")
    check_stream(w, 0)
    assert "cpu cpu torch.Size([2, 3])" in w.proc.stdout
    if not torch.cuda.is_available():
        assert w.of("move") == []


def test_seed000_move_to_meta(run_watched):
    w = run_watched("seed000_device.py", env={"TK_WATCH_DEVICE": "meta"})
    check_stream(w, 0)
    [move] = w.of("move")
    assert move["api"] == "Tensor.to" and move["kind"] == "tensor"
    assert move["name"] == "x" and move["from"] == "cpu" and move["to"] == "meta"
    assert move["bytes"] == 24 and move["shape"] == [2, 3] and move["dtype"] == "float32"
    assert move["pinned"] is False and move["non_blocking"] is False
    assert move["timing"] == "wall" and move["seconds"] >= 0
    assert move["id"] == 1 and move["step"] == 0
    assert move["file"] == str(SCRIPTS / "seed000_device.py")
    assert move["line"] == script_line("seed000_device.py", "x = x.to(device)")


def test_seed000_roundtrip_as_written(run_watched):
    w = run_watched("seed000_roundtrip.py")
    check_stream(w, 0)
    assert "ndarray (2, 3)" in w.proc.stdout
    if not torch.cuda.is_available():
        assert w.of("move") == [] and w.of("error") == []


def test_seed000_caught_mismatch(run_watched):
    w = run_watched("seed000_caught.py")
    check_stream(w, 0)
    assert "오류: Expected all tensors to be on the same device" in w.proc.stdout \
        or "is not on the expected device" in w.proc.stdout
    errors = w.of("error")
    if sys.version_info >= (3, 12):
        # sys.monitoring sees the handled exception: reported once, caught.
        [err] = errors
        assert err["caught"] is True and err["kind"] == "device_mismatch"
        assert err["line"] == script_line("seed000_caught.py", "x + torch.ones(2, 3)")
    else:
        assert errors == []  # before 3.12 the watcher sees only uncaught exceptions


def test_seed003_wrong_code_mismatch(run_watched):
    w = run_watched("seed003_wrong.py")
    check_stream(w, 1)
    # The program's own traceback, as Python prints it, starting at the script.
    assert w.proc.stderr.startswith("Traceback (most recent call last):\n  File \"%s\""
                                    % (SCRIPTS / "seed003_wrong.py")), w.proc.stderr
    assert "tensorkitchen" not in w.proc.stderr.split("\n")[1]
    [move] = w.of("move")
    # torch.randn(3, 3).to("meta"): no variable holds the source; the result is assigned to x.
    assert move["name"] == "x"
    assert move["line"] == script_line("seed003_wrong.py", 'x = torch.randn(3, 3).to("meta")')
    [err] = w.of("error")
    assert err["kind"] == "device_mismatch" and err["exception"] == "RuntimeError"
    assert err["caught"] is False
    assert sorted(err["devices"]) == ["cpu", "meta"]
    # In the message's order: 1.13 says "meta and cpu", 2.x "cpu is not on … meta".
    assert err["devices"] == (["meta", "cpu"] if TORCH_1 else ["cpu", "meta"])
    assert err["file"] == str(SCRIPTS / "seed003_wrong.py")
    assert err["line"] == script_line("seed003_wrong.py", "return x + self.w")
    assert err["code"] == "return x + self.w"
    outer, inner = err["traceback"]
    assert outer == {"file": err["file"], "func": "<module>",
                     "code": "output = model(x)  # 오류 발생!",
                     "line": script_line("seed003_wrong.py", "output = model(x)")}
    assert inner["func"] == "forward" and inner["line"] == err["line"]
    assert err["t"] <= w.messages[-1]["t"]


def test_seed003_right_code_moves(run_watched):
    w = run_watched("seed003_right.py")
    check_stream(w, 0)
    model_move, x_move = w.of("move")
    assert model_move["kind"] == "module" and model_move["api"] == "Module.to"
    assert model_move["class"] == "MyModel" and model_move["bytes"] == 36
    assert model_move["name"] is None  # MyModel().to(device): a temporary
    assert "shape" not in model_move and "dtype" not in model_move
    assert (model_move["from"], model_move["to"]) == ("cpu", "meta")
    assert model_move["line"] == script_line("seed003_right.py", "model = MyModel().to(device)")
    assert x_move["name"] == "x" and x_move["bytes"] == 36
    assert x_move["line"] == script_line("seed003_right.py", "x = x.to(device)")
    assert [m["id"] for m in (model_move, x_move)] == [1, 2]
    assert w.of("error") == []


def test_seed003_right_code_on_cpu_sends_no_moves(run_watched):
    w = run_watched("seed003_right.py", env={"TK_WATCH_DEVICE": "cpu"})
    check_stream(w, 0)
    assert w.of("move") == []  # model.to(cpu) and x.to(cpu) change nothing


@pytest.mark.parametrize("workers", [0, 2])
def test_seed003_dataloader_waits_and_steps(run_watched, workers):
    w = run_watched("seed003_dataloader.py", env={"TK_WATCH_WORKERS": str(workers)})
    check_stream(w, 0)
    assert "steps 8 " in w.proc.stdout
    waits = w.of("data_wait")
    steps = w.of("step")
    assert len(waits) == 8  # 100 samples in batches of 32: 4 per epoch, 2 epochs
    assert [d["batch"] for d in waits] == [0, 1, 2, 3, 0, 1, 2, 3]
    loop_line = script_line("seed003_dataloader.py", "for x_batch, y_batch in dataloader:")
    for d in waits:
        assert d["workers"] == workers and d["pin_memory"] is False
        assert d["seconds"] >= 0 and d["line"] == loop_line
    assert len(steps) == 8
    assert [s["n"] for s in steps] == list(range(1, 9))
    step_line = script_line("seed003_dataloader.py", "optimizer.step()")
    for s, d in zip(steps, waits):
        assert s["optimizer"] == "Adam" and s["line"] == step_line
        assert s["wait_s"] == pytest.approx(d["seconds"])
        assert s["seconds"] >= s["wait_s"]
        assert s["moves"] == 0 and s["bytes"] == 0 and s["copy_s"] == 0
    # Each wait belongs to the step it precedes.
    assert [d["step"] for d in waits] == list(range(8))
    if not torch.cuda.is_available():
        assert w.of("move") == []  # model.to(cpu), batch.to(cpu): the same device


def test_tensors_sample(run_watched):
    w = run_watched("names.py")
    check_stream(w, 0)
    samples = w.of("tensors")
    assert samples, "a sample within 1.2 s"
    # While hold() sleeps: its locals and the script's globals, innermost frame first.
    during = [x for x in samples if any(i["name"] == "batch" for i in x["items"])]
    assert during, "a sample while hold() runs"
    items = {i["name"]: i for i in during[-1]["items"]}
    assert items["batch"]["device"] == "cpu" and items["batch"]["shape"] == [8, 5]
    assert items["batch"]["bytes"] == 160 and items["batch"]["dtype"] == "float32"
    assert items["on_meta"]["device"] == "meta"
    assert items["batch"]["line"] == script_line("names.py", "time.sleep(1.2)")
    assert items["weights"]["dtype"] == "float64" and items["weights"]["bytes"] == 160
    # `hold()`, the script's last line
    assert items["weights"]["line"] == len((SCRIPTS / "names.py").read_text().splitlines())
    model = items["model"]
    assert model["kind"] == "module" and model["class"] == "Sequential"
    assert model["params"] == 18 and model["bytes"] == 72
    assert all(i["file"] == str(SCRIPTS / "names.py") for i in items.values())
    assert len(samples[-1]["items"]) <= 256
    # As the script ended: its globals, a last picture even for a short script; hold()'s
    # locals are gone.
    final = {i["name"]: i for i in samples[-1]["items"]}
    assert "batch" not in final and "model" in final and "line" not in final["model"]


def test_exit_code_and_argv(run_watched):
    w = run_watched("moves_loop.py", "3", "7")
    check_stream(w, 7)
    assert "done 3 ['%s', '3', '7']" % (SCRIPTS / "moves_loop.py") in w.proc.stdout
    assert len(w.of("move")) == 3
    assert [m["id"] for m in w.of("move")] == [1, 2, 3]


def test_no_app_records_to_the_state_folder_and_says_so(tmp_path):
    """Not the working folder (read-only, shared, the user's sources): the user's state
    folder, made 0700, the file 0600."""
    from conftest import automatic_recordings, env_with_package
    state = tmp_path / "state"
    proc = subprocess.run([sys.executable, "-m", "tensorkitchen", "--no-app",
                           str(SCRIPTS / "seed000_device.py")], cwd=str(tmp_path),
                          env=env_with_package({"XDG_STATE_HOME": str(state)}),
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert list(tmp_path.glob("*.tkwatch")) == []
    files = automatic_recordings(str(state))
    assert len(files) == 1
    assert files[0].name.endswith("-%d.tkwatch" % json.loads(
        files[0].read_text().splitlines()[0])["pid"])
    assert proc.stderr.count("tensorkitchen: recording to %s" % files[0]) == 1
    assert os.stat(state / "tensor-kitchen").st_mode & 0o777 == 0o700
    assert os.stat(files[0]).st_mode & 0o777 == 0o600
    # Without XDG_STATE_HOME: ~/.local/state/tensor-kitchen (HOME here a folder of the test's).
    env = env_with_package({"HOME": str(tmp_path / "home")})
    del env["XDG_STATE_HOME"]
    proc = subprocess.run([sys.executable, "-m", "tensorkitchen", "--no-app",
                           str(SCRIPTS / "seed000_device.py")], cwd=str(tmp_path), env=env,
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    [rec] = automatic_recordings(str(tmp_path / "home" / ".local" / "state"))
    assert "recording to %s" % rec in proc.stderr
    for folder in (".local", ".local/state", ".local/state/tensor-kitchen"):
        assert os.stat(tmp_path / "home" / folder).st_mode & 0o777 == 0o700, folder


def test_a_sliced_batch_says_its_whole_and_a_loader_its_dataset(run_watched):
    """per_batch_move's evidence: a batch sliced from the dataset's tensor carries the bytes of
    that tensor; a DataLoader's batch names its dataset (a TensorDataset's bytes too)."""
    w = run_watched("findings/per_batch_move.py")
    check_stream(w, 0)
    moves = w.of("move")
    assert len(moves) == 8 and all(m["source_bytes"] == 64 * 16 * 4 for m in moves)
    w = run_watched("findings/slow_loader_fixed.py")
    check_stream(w, 0)
    waits = w.of("data_wait")
    assert waits and all(d["dataset"] == "TensorDataset" for d in waits)
    assert all(d["dataset_bytes"] == 64 * 8 * 4 + 64 * 8 for d in waits)  # float32 xs, int64 ys
    w = run_watched("findings/slow_loader.py")
    waits = w.of("data_wait")
    assert waits and all(d["dataset"] == "Slow" and "dataset_bytes" not in d for d in waits)


def test_a_wait_names_where_its_dataloader_was_made(run_watched, tmp_path):
    """data_wait's fix goes where the DataLoader is made: each wait carries that line (the
    loop's line is where it shows). A DataLoader made before watching has none; either way
    DataLoader.__init__ is torch's own again after unwatch()."""
    w = run_watched("findings/slow_loader.py")
    check_stream(w, 0)
    waits = w.of("data_wait")
    made = script_line("findings/slow_loader.py", "loader = DataLoader(Slow()")
    assert waits and all(d["loader_line"] == made and d["line"] == made + 1 for d in waits)
    assert all(d["loader_file"] == str(SCRIPTS / "findings/slow_loader.py") for d in waits)
    script = tmp_path / "before.py"
    script.write_text(
        "import torch, tensorkitchen\n"
        "from torch.utils.data import DataLoader, TensorDataset\n"
        "init = DataLoader.__init__\n"
        "data = TensorDataset(torch.zeros(16, 2))\n"
        "early = DataLoader(data, batch_size=4)\n"
        "tensorkitchen.watch(record=%r, app=False)\n"
        "late = DataLoader(data, batch_size=4)\n"
        "for (x,) in early: pass\n"
        "for (x,) in late: pass\n"
        "tensorkitchen.unwatch()\n"
        "assert DataLoader.__init__ is init\n"
        "print('ok')\n" % str(tmp_path / "before.tkwatch"))
    proc = subprocess.run([sys.executable, str(script)], env=env_with_package(),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout == "ok\n", proc.stderr
    waits = [m for m in _protocol.messages(read_recording(tmp_path / "before.tkwatch"))
             if m["type"] == "data_wait"]
    assert [d.get("loader_line") for d in waits] == [None] * 4 + [7] * 4


def test_a_short_run_inside_main_shows_its_model_and_batch(run_watched):
    """The first optimizer steps sample the names where they were made: a 30-step run inside
    main() that ends between two of the sampler's turns still shows main()'s model and batch."""
    w = run_watched("short_main.py")
    check_stream(w, 0)
    assert len(w.of("step")) == 30
    main_line = script_line("short_main.py", "optimizer.step()")
    names = {(i["name"], i.get("line")) for t in w.of("tensors") for i in t["items"]}
    assert {("model", main_line), ("xb", main_line), ("loss", main_line)} <= names, names
    # Python ≥ 3.12 (sys.monitoring): main()'s end is sampled too, with what it made last.
    ended = {i["name"] for t in w.of("tensors") for i in t["items"]
             if i.get("file") == str(SCRIPTS / "short_main.py")}
    assert ("summary" in ended) == (sys.version_info >= (3, 12)), ended


def test_an_error_through_a_with_block_is_not_said_caught(tmp_path):
    """Python ≥ 3.12 reports the mismatches the program catches (sys.monitoring's handled
    exceptions). A `with` block's exit and a `finally:` see an exception pass without catching
    it: one raised through `with torch.no_grad():` is said once, uncaught; one caught by an
    `except` inside such a block is said caught."""
    script = tmp_path / "through_with.py"
    script.write_text(
        "import torch\n"
        "x = torch.randn(3, 3).to('meta')\n"
        "with torch.no_grad():\n"
        "    try:\n"
        "        x + torch.ones(3, 3)  # caught below\n"
        "    except RuntimeError:\n"
        "        pass\n"
        "    try:\n"
        "        x + torch.zeros(3, 3)  # through finally and with: uncaught\n"
        "    finally:\n"
        "        pass\n")
    rec = tmp_path / "through_with.tkwatch"
    proc = subprocess.run([sys.executable, "-m", "tensorkitchen", "--no-app", "--record",
                           str(rec), str(script)], env=env_with_package(),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and "RuntimeError" in proc.stderr
    errors = [(e["line"], e["caught"]) for e in read_recording(rec) if e["type"] == "error"]
    if sys.version_info >= (3, 12):
        assert errors == [(5, True), (9, False)], errors
    else:
        assert errors == [(9, False)], errors


def test_a_librarys_loader_is_placed_at_the_users_settings_and_keeps_nothing(tmp_path):
    """A DataLoader an installed library makes from settings the user's code made (as Hugging
    Face's Trainer does from TrainingArguments): its waits carry the line that assigns the
    settings, and their class. Reading the user's frame for them (and the first steps'
    samples) keeps nothing of the user's alive: a big tensor of main() is freed when deleted."""
    lib = tmp_path / "env" / "site-packages"
    lib.mkdir(parents=True)
    (lib / "fakelib.py").write_text(
        "from torch.utils.data import DataLoader\n"
        "def make(args, data):\n"
        "    return DataLoader(data, batch_size=4, num_workers=args.dataloader_num_workers)\n")
    script = tmp_path / "train.py"
    script.write_text(
        "import gc, sys, weakref\n"
        "sys.path.insert(0, %r)\n"
        "import torch, fakelib\n"
        "from torch.utils.data import TensorDataset\n"
        "class Settings:\n"
        "    dataloader_num_workers = 0\n"
        "def main():\n"
        "    big = torch.zeros(4 << 20)\n"
        "    args = Settings()  # the settings\n"
        "    model = torch.nn.Linear(2, 1)\n"
        "    opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "    for (x,) in fakelib.make(args, TensorDataset(torch.ones(12, 2))):\n"
        "        opt.zero_grad(); model(x).sum().backward(); opt.step()\n"
        "    again = fakelib.make(args, TensorDataset(torch.ones(4, 2)))  # the last watched call\n"
        "    ref = weakref.ref(big)\n"
        "    del big\n"
        "    gc.collect()\n"
        "    print('freed', ref() is None)\n"
        "main()\n" % str(lib))
    rec = tmp_path / "train.tkwatch"
    proc = subprocess.run([sys.executable, "-m", "tensorkitchen", "--no-app", "--record",
                           str(rec), str(script)], env=env_with_package(),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "freed True\n"
    waits = [m for m in read_recording(rec) if m["type"] == "data_wait"]
    assert len(waits) == 3
    assert all(w["loader_line"] == 9 and w["loader_settings"] == "Settings" and w["line"] == 12
               for w in waits), waits
