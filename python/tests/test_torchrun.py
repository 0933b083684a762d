"""Watched under torchrun: each rank says where it stands in the job and records into a file of
its own; no process writes over a recording another is writing. The torchrun run is 2 CPU ranks
over gloo on 127.0.0.1, bounded in time."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from conftest import env_with_package, read_recording

from tensorkitchen import _hello, _recording

TORCHRUN_SCRIPT = """
import sys
import torch
import torch.distributed as dist
dist.init_process_group("gloo")
t = torch.ones(4) * (dist.get_rank() + 1)
dist.all_reduce(t)
work = dist.all_reduce(t.clone(), async_op=True)
work.wait()
opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(2))], lr=0.1)
dist.barrier()
opt.step()
on_meta = t.to("meta")
# One write per line: both ranks share torchrun's stdout, and print() writes piece by piece.
sys.stdout.write("rank %d sum %.1f\\n" % (dist.get_rank(), t.sum().item()))
dist.destroy_process_group()
"""


def test_the_job_is_read_from_torchruns_environment() -> None:
    env = {"RANK": "1", "LOCAL_RANK": "1", "WORLD_SIZE": "2", "LOCAL_WORLD_SIZE": "2",
           "TORCHELASTIC_RUN_ID": "job7", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": "29500"}
    assert _hello.distributed(env) == {"rank": 1, "world_size": 2, "local_rank": 1,
                                       "local_world_size": 2, "group": "job7"}
    del env["TORCHELASTIC_RUN_ID"]
    assert _hello.distributed(env)["group"] == "127.0.0.1:29500"  # type: ignore[index]
    assert _hello.distributed({}) is None
    for bad in ({"RANK": "2", "WORLD_SIZE": "2"}, {"RANK": "-1", "WORLD_SIZE": "2"},
                {"RANK": "x", "WORLD_SIZE": "2"}, {"RANK": "0", "WORLD_SIZE": "9" * 40}):
        assert _hello.distributed(bad) is None, bad


def test_a_rank_records_under_its_own_name() -> None:
    assert _recording.rank_path("/r/run.tkwatch", {"rank": 3}) == "/r/run.rank3.tkwatch"
    assert _recording.rank_path("/r/run", {"rank": 0}) == "/r/run.rank0"
    assert _recording.rank_path("/r/run.tkwatch", None) == "/r/run.tkwatch"


def test_a_recording_is_never_written_over(tmp_path: Path) -> None:
    path = str(tmp_path / "run.tkwatch")
    first, where = _recording.open_recording(path)
    assert where == path
    first.write(b"first\n")
    first.flush()
    second, beside = _recording.open_recording(path)  # the same file, still being written
    assert beside == str(tmp_path / ("run.%d.tkwatch" % os.getpid()))
    second.write(b"second\n")
    second.close()
    first.close()
    assert Path(path).read_bytes() == b"first\n"
    # No longer written: still an earlier run's, never truncated; the pid's name is taken too.
    third, where = _recording.open_recording(path)
    third.close()
    assert where == str(tmp_path / ("run.%d-1.tkwatch" % os.getpid()))
    assert Path(path).read_bytes() == b"first\n" and Path(beside).read_bytes() == b"second\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(sys.platform != "linux", reason="gloo on 127.0.0.1: Linux here")
def test_torchrun_gives_each_rank_its_recording(tmp_path: Path) -> None:
    script = tmp_path / "job.py"
    script.write_text(TORCHRUN_SCRIPT)
    record = tmp_path / "job.tkwatch"
    env = env_with_package({"GLOO_SOCKET_IFNAME": "lo"})
    launcher = [sys.executable, "-m", "torch.distributed.run", "--nnodes=1", "--nproc_per_node=2",
                "--master_addr=127.0.0.1", "--master_port=%d" % _free_port()]
    if torch.__version__.startswith("1.") and sys.version_info >= (3, 11):
        # Std 0 (the default) is not a member to Python 3.11's IntFlag, which torch 1.13's
        # torchrun trips over: ranks' stdout to files, and tee'd here.
        launcher += ["--redirects=1", "--tee=1"]
    proc = subprocess.run(
        launcher + ["-m", "tensorkitchen", "--no-app", "--record", str(record), str(script)],
        env=env, cwd=str(tmp_path), capture_output=True, text=True, timeout=150)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "rank 0 sum 12.0" in proc.stdout and "rank 1 sum 12.0" in proc.stdout
    assert not record.exists()  # no rank wrote the shared name
    groups = set()
    for rank in (0, 1):
        messages = read_recording(tmp_path / ("job.rank%d.tkwatch" % rank))
        hello = messages[0]
        assert hello["type"] == "hello"
        assert (hello["rank"], hello["world_size"], hello["local_rank"]) == (rank, 2, rank)
        groups.add(hello["group"])
        moves = [m for m in messages if m["type"] == "move"]
        assert [m["to"] for m in moves] == ["meta"], moves
        # The collectives the script called, at their lines; the blocking ones in the step.
        collectives = [(m["op"], m["async"], m["bytes"], m["line"]) for m in messages
                       if m["type"] == "collective"]
        assert collectives == [("all_reduce", False, 16, 7), ("all_reduce", True, 16, 8),
                               ("barrier", False, 0, 11)], collectives
        (step,) = [m for m in messages if m["type"] == "step"]
        blocking = sum(m["seconds"] for m in messages
                       if m["type"] == "collective" and not m["async"])
        # A step's times are whole microseconds on the wire.
        assert step["collectives"] == 2 and step["collective_s"] == pytest.approx(blocking,
                                                                                  abs=1e-6)
        assert step["collective_s"] <= step["seconds"]
        assert messages[-1]["type"] == "bye"
    assert len(groups) == 1  # one job
