"""`python -m tensorkitchen --try KIND`: a finding's fix measured by running the program again,
as it is and fixed, interleaved; each run stopped after its steps; cancellable."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import SCRIPTS, env_with_package, script_line


def try_fix(*args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tensorkitchen", "--try", *args],
                          env=env_with_package(), capture_output=True, text=True,
                          timeout=timeout)


def test_workers_make_a_slow_datasets_step_faster():
    """slow_loader.py: 2 ms a sample, no workers. With the advice's workers its measured step
    is below the one without, on this machine, and the fix is said where it was applied."""
    script = str(SCRIPTS / "findings/slow_loader.py")
    proc = try_fix("data_wait", "--json", script)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["as_is_s"] > 0.016  # 8 samples × 2 ms, waited in the loop
    assert 0 < result["fixed_s"] < result["as_is_s"]
    assert result["as_is_steps"] >= 2 * 4 and result["fixed_steps"] >= 2 * 4
    assert len(result["as_is_runs"]) == len(result["fixed_runs"]) == 2
    [applied] = result["applied"]
    assert applied["file"] == script
    assert applied["line"] == script_line("findings/slow_loader.py", "loader = DataLoader(Slow()")
    assert applied["changes"]["persistent_workers"] is True
    assert 1 <= applied["changes"]["num_workers"] <= 4
    # The words say the same.
    words = try_fix("data_wait", "--rounds", "1", script)
    assert words.returncode == 0, words.stderr
    assert "as it is:" in words.stdout and "with the fix:" in words.stdout
    assert "faster" in words.stdout and "num_workers=" in words.stdout


def test_each_run_stops_after_its_steps_and_at_names_one_loader(tmp_path):
    """A loop of 10,000 steps is stopped after --steps; --at another line fixes nothing."""
    script = tmp_path / "long.py"
    script.write_text(
        "import torch\n"
        "from torch.utils.data import DataLoader, TensorDataset\n"
        "model = torch.nn.Linear(4, 1)\n"
        "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "loader = DataLoader(TensorDataset(torch.zeros(10000, 4)), batch_size=1)\n"
        "for (x,) in loader:\n"
        "    opt.zero_grad(); model(x).sum().backward(); opt.step()\n"
        "print('never here')\n")
    began = time.monotonic()
    proc = try_fix("data_wait", "--json", "--steps", "6", "--rounds", "1",
                   "--at", "%s:3" % script, str(script))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["as_is_steps"] == result["fixed_steps"] == 6 - 2
    assert result["applied"] == []
    assert time.monotonic() - began < 120


def test_a_program_that_ends_first_is_said(tmp_path):
    script = tmp_path / "none.py"
    script.write_text("import sys\nprint('no steps')\nsys.exit(3)\n")
    proc = try_fix("data_wait", "--json", str(script))
    assert proc.returncode == 1
    result = json.loads(proc.stdout)
    assert "exit code 3" in result["error"] and "0 optimizer step" in result["error"]


def test_cancelled_by_sigterm_stops_the_run_and_its_workers(tmp_path):
    script = tmp_path / "slow.py"
    marker = "tk-try-cancel-%d" % os.getpid()
    script.write_text(
        "import time, torch\n"
        "from torch.utils.data import DataLoader, Dataset\n"
        "class Slow(Dataset):\n"
        "    def __len__(self): return 100000\n"
        "    def __getitem__(self, i): time.sleep(0.5); return torch.zeros(2)\n"
        "model = torch.nn.Linear(2, 1)\n"
        "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for x in DataLoader(Slow(), batch_size=4):  # %s\n"
        "    opt.zero_grad(); model(x).sum().backward(); opt.step()\n" % marker)
    proc = subprocess.Popen([sys.executable, "-m", "tensorkitchen", "--try", "data_wait",
                             "--json", str(script)], env=env_with_package(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(4)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130 and "cancelled" in err
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        left = subprocess.run(["pgrep", "-f", str(script)], capture_output=True, text=True)
        if not left.stdout.strip():
            break
        time.sleep(0.2)
    assert not left.stdout.strip(), "runs left behind: " + left.stdout


def test_inside_lightning_the_fix_goes_in_train_dataloader(run_watched):
    """Lightning runs the loop (trainer.fit); the user's DataLoader is made in its module's
    train_dataloader(): the waits show at trainer.fit and carry that line, and --try fixes
    the DataLoader there. Only where the lightning package is installed."""
    pytest.importorskip("lightning")
    name = "findings/lightning_loader.py"
    w = run_watched(name)
    assert w.proc.returncode == 0, w.proc.stderr[-2000:]
    waits = w.of("data_wait")
    assert waits and all(d["line"] == script_line(name, "trainer.fit(Model())  #")
                         and d["loader_line"] == script_line(name, "return DataLoader(Slow()")
                         for d in waits)
    proc = try_fix("data_wait", "--json", "--rounds", "1", "--steps", "8", str(SCRIPTS / name))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert 0 < result["fixed_s"] < result["as_is_s"]
    assert [a["line"] for a in result["applied"]] == [script_line(name, "return DataLoader(Slow()")]


def test_inside_hugging_face_the_fix_goes_in_training_arguments(run_watched):
    """Hugging Face's Trainer makes the DataLoader from the user's TrainingArguments: the waits
    show at trainer.train() and carry the line that assigns the arguments (and their class);
    --try with that line fixes the Trainer's DataLoader. Only where transformers is installed."""
    pytest.importorskip("transformers")
    pytest.importorskip("accelerate")
    name = "findings/hf_loader.py"
    w = run_watched(name)
    assert w.proc.returncode == 0, w.proc.stderr[-2000:]
    waits = w.of("data_wait")
    made = script_line(name, "args = TrainingArguments(")
    assert waits and all(d["line"] == script_line(name, "trainer.train()  #")
                         and d["loader_line"] == made
                         and d["loader_settings"] == "TrainingArguments" for d in waits)
    proc = try_fix("data_wait", "--json", "--rounds", "1", "--steps", "8",
                   "--at", "%s:%d" % (SCRIPTS / name, made), str(SCRIPTS / name))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert 0 < result["fixed_s"] < result["as_is_s"]
    assert [a["line"] for a in result["applied"]] == [made]
