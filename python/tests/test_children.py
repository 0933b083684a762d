"""watch() in a process that multiprocessing started does nothing unless asked: a script that
watches itself at its top and starts spawn workers (a Pool, a DataLoader's) is imported again
in every worker, and only the parent is watched. Every run is bounded, its process group
killed if it overruns."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from conftest import automatic_recordings, env_with_package, read_recording

SCRIPT = """
import multiprocessing
import os
import sys

import torch
from torch.utils.data import DataLoader, TensorDataset

if os.environ.get("TK_TEST_WATCH"):
    import tensorkitchen
    tensorkitchen.watch(children=bool(os.environ.get("TK_TEST_CHILDREN")))


def work(n):
    return torch.ones(n).to("meta").shape[0] * 10


if __name__ == "__main__":
    x = torch.ones(2).to("meta")  # the parent's one move
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        print("pool", pool.map(work, [1, 2]))
    loader = DataLoader(TensorDataset(torch.arange(4.0)), batch_size=2, num_workers=1,
                        multiprocessing_context="spawn")
    print("batches", [b[0].tolist() for b in loader])
    sys.stderr.write("done\\n")
"""

TIMEOUT = 150


def _run(cmd: List[str], cwd: Path, env: Optional[Dict[str, str]] = None
         ) -> Tuple[int, str, str]:
    """The command's exit code, stdout and stderr; its whole process group (the workers too)
    killed if it takes longer than TIMEOUT."""
    proc = subprocess.Popen([sys.executable] + cmd, cwd=str(cwd), env=env_with_package(env),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # a worker left behind
        except ProcessLookupError:
            pass
    return proc.returncode, out, err


def _without_notices(stderr: str) -> str:
    return "".join(line for line in stderr.splitlines(keepends=True)
                   if not line.startswith("tensorkitchen: "))


def test_spawned_workers_are_not_watched_unless_asked(tmp_path: Path) -> None:
    script = tmp_path / "spawner.py"
    script.write_text(SCRIPT)
    plain = _run([str(script)], tmp_path)
    assert plain[0] == 0 and plain[1] == "pool [10, 20]\nbatches [[0.0, 1.0], [2.0, 3.0]]\n", \
        plain
    state = tmp_path / "state"
    env = {"TK_TEST_WATCH": "1", "XDG_STATE_HOME": str(state)}
    code, out, err = _run([str(script)], tmp_path, env)
    assert (code, out, _without_notices(err)) == plain, err
    [rec] = automatic_recordings(str(state))  # one recording: the parent's
    assert err.count("tensorkitchen: ") == 1 and "recording to %s" % rec in err
    messages = read_recording(rec)
    assert [m["type"] for m in messages].count("hello") == 1
    moves = [m for m in messages if m["type"] == "move"]
    assert [(m["name"], m["to"]) for m in moves] == [("x", "meta")]  # not the workers'

    # Asked: every worker that imports the script watches itself too, a stream of its own.
    asked = tmp_path / "asked"
    code, out, err = _run([str(script)], tmp_path, dict(env, TK_TEST_CHILDREN="1",
                                                        XDG_STATE_HOME=str(asked)))
    assert (code, out, _without_notices(err)) == plain, err
    recs = automatic_recordings(str(asked))
    pids = {json.loads(r.read_text().splitlines()[0])["pid"] for r in recs}
    assert len(recs) == len(pids) >= 3, recs  # the parent, the Pool's worker, the loader's
