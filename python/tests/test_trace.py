"""`python -m tensorkitchen --trace OUT.json`: the program's timeline as Chrome trace JSON when it
ends, with no app; the program's output and exit code unchanged, no recording left behind."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

from conftest import SCRIPTS, env_with_package

from tensorkitchen import _trace


def traced(tmp_path: Path, script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tensorkitchen", "--no-app", "--quiet",
                           "--trace", str(tmp_path / "out.json"), str(script), *args],
                          env=env_with_package(), cwd=str(tmp_path), capture_output=True,
                          text=True, timeout=180)


def events(tmp_path: Path) -> List[Dict[str, Any]]:
    doc = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert doc["displayTimeUnit"] == "ms"
    return list(doc["traceEvents"])


def test_a_program_becomes_a_timeline(tmp_path: Path) -> None:
    proc = traced(tmp_path, SCRIPTS / "moves_loop.py", "20", "3")
    plain = subprocess.run([sys.executable, str(SCRIPTS / "moves_loop.py"), "20", "3"],
                           capture_output=True, text=True, timeout=120, cwd=str(tmp_path))
    assert proc.returncode == plain.returncode == 3  # the program's own exit
    assert "done 20" in proc.stdout and proc.stderr == plain.stderr  # --quiet: nothing of ours
    trace = events(tmp_path)
    moves = [e for e in trace if e["ph"] == "X" and e["cat"] == "move"]
    assert len(moves) == 20
    for e in moves:
        assert e["tid"] == _trace.MOVES and e["dur"] >= 0 and e["ts"] >= 0
        assert (e["args"]["from"], e["args"]["to"], e["args"]["bytes"]) == ("cpu", "meta", 1024)
        assert e["args"]["file"].endswith("moves_loop.py") and e["args"]["line"] == 9
    names = {e["name"]: e["args"] for e in trace if e["ph"] == "M" and "tid" not in e}
    assert names["process_name"] == {"name": "moves_loop.py"}
    assert {e["args"]["name"] for e in trace if e.get("name") == "thread_name"} == {
        "optimizer steps", "device moves", "DataLoader waits", "notebook cells",
        "torch.distributed collectives"}
    assert any(e["ph"] == "C" and e["name"] == "memory cpu" for e in trace)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]  # no recording left


def test_an_error_is_an_instant_and_the_traceback_unchanged(tmp_path: Path) -> None:
    script = tmp_path / "bad.py"
    script.write_text("import torch\nx = torch.ones(2, 3)\ny = x @ x\n")
    proc = traced(tmp_path, script)
    plain = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                           timeout=120, cwd=str(tmp_path))
    assert proc.returncode == plain.returncode == 1
    assert proc.stderr == plain.stderr
    (error,) = [e for e in events(tmp_path) if e["ph"] == "i"]
    assert error["s"] == "p" and error["name"] == "RuntimeError" and error["args"]["line"] == 3


def test_the_converter_keeps_a_late_timing_and_skips_junk(tmp_path: Path) -> None:
    rec = tmp_path / "r.tkwatch"
    rec.write_text("\n".join([
        '{"type":"hello","t":0,"v":1,"pid":9,"program":"/u/t.py","rank":1,"world_size":2}',
        "not json",
        '{"type":"move","t":1.5,"id":4,"name":"x","from":"cpu","to":"cuda:0","bytes":8,'
        '"seconds":null,"timing":"cuda_events"}',
        '{"type":"move_time","t":1.7,"id":4,"seconds":0.002}',
        '{"type":"step","t":2.0,"n":1,"seconds":2.0}',
    ]) + "\n")
    assert _trace.write_trace(str(rec), str(tmp_path / "t.json")) > 0
    trace = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))["traceEvents"]
    (move,) = [e for e in trace if e.get("cat") == "move"]
    assert (move["ts"], move["dur"]) == (1498000.0, 2000.0)  # its end kept, its duration late
    (step,) = [e for e in trace if e.get("cat") == "step"]
    assert (step["ts"], step["dur"]) == (0.0, 2000000.0)
    name = [e for e in trace if e.get("name") == "process_name"][0]["args"]["name"]
    assert name == "t.py · rank 1 of 2"
