"""tensorkitchen.replicas: N DDP ranks give the single process's losses, stream their own
watch-protocol streams, stop cleanly when one dies, refuse bad input, and listen on loopback
only. Every run here is bounded (a few seconds of training; subprocess timeouts)."""
from __future__ import annotations

import json
import math
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest
from conftest import PACKAGE_ROOT, env_with_package

REPO = PACKAGE_ROOT.parent
BENCH = REPO / "bench" / "torch_train.py"
RUN_TIMEOUT = 55  # seconds for one launcher run (each test < 60 s)


def launcher(args: List[str], timeout: float = RUN_TIMEOUT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tensorkitchen.replicas"] + args,
                          env=env_with_package(), capture_output=True, text=True,
                          timeout=timeout)


def agreeing_digits(a: float, b: float) -> int:
    """Leading significant digits shared (TrainingRace::agreeingDigits' rule)."""
    if a == b:
        return 17
    scale = max(abs(a), abs(b))
    if scale == 0 or not (math.isfinite(a) and math.isfinite(b)):
        return 0
    return max(0, min(16, math.floor(-math.log10(abs(a - b) / scale))))


class App:
    """A fake app: an AF_UNIX socket in a 0700 folder, one reader thread per connection."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(mode=0o700, exist_ok=True)
        os.chmod(folder, 0o700)
        self.path = str(folder / "watch.sock")
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(self.path)
        self.server.listen(16)
        self.server.settimeout(0.2)
        self.lock = threading.Lock()
        self.streams: List[List[Dict[str, Any]]] = []
        self.readers: List[threading.Thread] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.server.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            stream: List[Dict[str, Any]] = []
            with self.lock:
                self.streams.append(stream)
            t = threading.Thread(target=self._read, args=(conn, stream), daemon=True)
            t.start()
            self.readers.append(t)

    def _read(self, conn: socket.socket, stream: List[Dict[str, Any]]) -> None:
        buf = b""
        conn.settimeout(RUN_TIMEOUT)
        with conn:
            while True:
                try:
                    chunk = conn.recv(65536)
                except OSError:
                    return
                if not chunk:
                    return
                buf += chunk
                *lines, buf = buf.split(b"\n")
                with self.lock:
                    stream.extend(json.loads(line) for line in lines if line)

    def wait_for(self, predicate: Any, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if predicate([list(s) for s in self.streams]):
                    return True
            time.sleep(0.05)
        return False

    def close(self) -> List[List[Dict[str, Any]]]:
        for t in list(self.readers):
            t.join(10)
        self.stop.set()
        self.thread.join(5)
        self.server.close()
        with self.lock:
            return [list(s) for s in self.streams]


def by_rank(streams: List[List[Dict[str, Any]]]) -> Dict[int, List[Dict[str, Any]]]:
    return {s[0]["rank"]: s for s in streams if s and s[0]["type"] == "hello"}


def steps_seen(streams: List[List[Dict[str, Any]]], ranks: int, n: int) -> bool:
    got = by_rank(streams)
    return len(got) == ranks and all(
        sum(m["type"] == "step" for m in s) >= n for s in got.values())


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:  # a zombie not yet reaped by init is no running process either
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def all_gone(pids: List[int], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(gone(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


_references: Dict[str, List[float]] = {}


def reference(optimizer: str) -> List[float]:
    """The single process's losses: bench/torch_train.py (checked against the C++ trainer)."""
    if optimizer not in _references:
        proc = subprocess.run([sys.executable, str(BENCH), "--steps", "60", "--batch", "96",
                               "--threads", "1", "--optimizer", optimizer],
                              env=env_with_package(), capture_output=True, text=True,
                              timeout=RUN_TIMEOUT)
        assert proc.returncode == 0, proc.stderr
        _references[optimizer] = json.loads(proc.stdout)["losses"]
    return _references[optimizer]


# The --json keys the C++ side reads (docs: ddp contract §3).
CONTRACT_KEYS = {"ranks", "parallel", "backend", "device", "batch", "steps", "threads_per_rank",
                 "torch", "losses", "step_s", "allreduce_s", "allreduce_bytes", "rank_step_s",
                 "rank_forward_s", "rank_backward_s", "rank_allreduce_s", "samples_per_s"}


# --- the same numbers -------------------------------------------------------------------

@pytest.mark.parametrize("parallel, ranks, optimizer", [
    ("none", 1, "adam"), ("none", 1, "sgd"), ("ddp", 1, "sgd"), ("ddp", 2, "adam"),
    ("ddp", 3, "sgd")])
def test_ranks_give_the_single_process_losses(parallel, ranks, optimizer):
    ref = reference(optimizer)
    proc = launcher(["--parallel", parallel, "--ranks", str(ranks), "--batch", "96", "--steps",
                     "60", "--threads", "1", "--optimizer", optimizer, "--json"])
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert CONTRACT_KEYS <= set(out), CONTRACT_KEYS - set(out)
    assert out["ranks"] == ranks and out["parallel"] == parallel and len(out["losses"]) == 60
    # What torch.optim ran: a loop over the parameters on the CPU, whatever the torch.
    assert out["optimizer_impl"] == "single-tensor"
    if ranks == 1:
        assert out["losses"] == ref  # one process, or one rank: bit for bit
    else:
        # Measured here: every step agrees to 6 significant digits or more (relative error
        # ≤ 2.2e-7, float32 rounding of a sum split N ways). A gradient summed instead of
        # averaged (SGD), or shards that overlap (every optimizer), differ from step 2 on.
        digits = [agreeing_digits(a, b) for a, b in zip(ref, out["losses"])]
        assert min(digits) >= 6, digits
    assert len(out["rank_step_s"]) == ranks and all(len(r) == 60 for r in out["rank_step_s"])
    if parallel == "none":  # the Python lane: a plain model, nothing to all-reduce
        assert out["backend"] == "none" and out["allreduce_bytes"] == 0
    else:
        assert out["backend"] == "gloo"
        assert out["allreduce_bytes"] == out["parameters"] * 4
    assert out["samples_per_s"] > 0 and all(s > 0 for s in out["step_s"])


def test_the_trained_model_is_drawn_as_the_app_draws_it():
    # P(class 1) over a grid, rank 0's model after the last step: one process and two DDP
    # ranks trained the same model, so they draw the same picture.
    pictures = []
    for parallel, ranks in (("none", "1"), ("ddp", "2")):
        proc = launcher(["--parallel", parallel, "--ranks", ranks, "--batch", "96", "--steps",
                         "40", "--threads", "1", "--optimizer", "sgd", "--grid", "8", "--json"])
        assert proc.returncode == 0, proc.stderr
        decision = json.loads(proc.stdout)["decision"]
        assert len(decision) == 64 and all(0 <= p <= 1 for p in decision)
        assert max(decision) - min(decision) > 0.05  # it learned something: not one colour
        pictures.append(decision)
    assert max(abs(a - b) for a, b in zip(*pictures)) < 1e-4
    proc = launcher(["--parallel", "none", "--ranks", "1", "--steps", "3", "--json"])
    assert json.loads(proc.stdout)["decision"] == []  # none asked for


def test_api_returns_a_typed_result():
    from tensorkitchen import replicas
    result = replicas.train(2, batch=96, steps=5, threads=1)
    assert isinstance(result, replicas.ReplicaResult)
    assert result.ranks == 2 and result.steps == 5 and len(result.losses) == 5
    assert result.buckets >= 1 and result.allreduce_bytes > 0 and len(set(result.pids)) == 2
    assert all_gone(result.pids)
    with pytest.raises(replicas.LaunchError, match="does not split evenly"):
        replicas.train(3, batch=128, steps=5)


# --- the stream -------------------------------------------------------------------------

def test_each_rank_streams_hello_steps_and_bye(tmp_path):
    app = App(tmp_path / "rt")
    proc = subprocess.Popen([sys.executable, "-m", "tensorkitchen.replicas", "--ranks", "2",
                             "--batch", "64", "--steps", "12", "--threads", "1", "--socket",
                             app.path, "--json"], env=env_with_package(), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        stdout, stderr = proc.communicate(timeout=RUN_TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
    streams = app.close()
    assert proc.returncode == 0, stderr
    out = json.loads(stdout)
    ranks = by_rank(streams)
    assert sorted(ranks) == [0, 1] and len(streams) == 2
    hellos = [ranks[r][0] for r in (0, 1)]
    assert [h["pid"] for h in hellos] == out["pids"]
    for r, h in enumerate(hellos):
        assert h["v"] == 1 and h["program"] == "tensorkitchen.replicas"
        assert h["world_size"] == 2 and h["backend"] == "gloo" and h["parallel"] == "ddp"
        assert h["device"] == "cpu" and h["threads"] == 1 and h["rank"] == r
        assert h["group"] == hellos[0]["group"] == "%d-%d" % (proc.pid, out["port"])
    for r, stream in ranks.items():
        assert stream[-1] == {"type": "bye", "t": stream[-1]["t"], "exit_code": 0}
        notices = [m for m in stream if m["type"] == "notice"]
        assert len(notices) == 1 and notices[0]["text"].startswith(
            "DDP on cpu: 2 ranks over gloo, %d bucket(s), " % out["buckets"])
        steps = [m for m in stream if m["type"] == "step"]
        assert [m["n"] for m in steps] == list(range(1, 13))
        for m in steps:
            assert m["rank"] == r and m["samples"] == 32 and m["optimizer"] == "Adam"
            assert m["allreduce_bytes"] == out["allreduce_bytes"] > 0
            assert 0 < m["allreduce_s"] and m["forward_s"] > 0 and m["backward_s"] > 0
            assert m["forward_s"] + m["backward_s"] + m["optimizer_s"] <= m["seconds"] * 1.0001
            assert (m["wait_s"], m["copy_s"], m["bytes"], m["moves"]) == (0, 0, 0, 0)
        assert [m["seconds"] for m in steps] == out["rank_step_s"][r]
    # The global loss is the mean of the ranks' losses, step by step.
    for k in range(12):
        pair = [next(m["loss"] for m in ranks[r] if m["type"] == "step" and m["n"] == k + 1)
                for r in (0, 1)]
        assert out["losses"][k] == sum(pair) / 2


# --- failures ---------------------------------------------------------------------------

def start_long_run(app: App, ranks: int = 2, timeout: int = 20) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tensorkitchen.replicas", "--ranks",
                             str(ranks), "--batch", "64", "--steps", "1000000", "--threads", "1",
                             "--timeout", str(timeout), "--socket", app.path],
                            env=env_with_package(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_a_rank_killed_mid_run_stops_the_others(tmp_path):
    app = App(tmp_path / "rt")
    proc = start_long_run(app)
    try:
        assert app.wait_for(lambda s: steps_seen(s, 2, 5), 40), proc.stderr
        pids = {r: s[0]["pid"] for r, s in by_rank(app.streams).items()}
        os.kill(pids[1], signal.SIGKILL)
        t0 = time.monotonic()
        _, err = proc.communicate(timeout=15)
        took = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 3, err
    assert took < 10, took  # terminate + at most 2 s before SIGKILL, not the 20 s timeout
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tensorkitchen.replicas: rank 1 died at step "), err
    assert lines[0].endswith("(killed by SIGKILL); the other ranks were stopped."), err
    assert all_gone(list(pids.values()))
    app.close()


def test_a_stuck_rank_times_out_the_collective(tmp_path):
    """A rank that stops answering (SIGSTOP): its peer's all-reduce times out (--timeout),
    raises, and the launcher stops everything, the stopped rank too (SIGKILL)."""
    app = App(tmp_path / "rt")
    proc = start_long_run(app, timeout=3)
    try:
        assert app.wait_for(lambda s: steps_seen(s, 2, 5), 40), proc.stderr
        pids = {r: s[0]["pid"] for r, s in by_rank(app.streams).items()}
        os.kill(pids[1], signal.SIGSTOP)
        t0 = time.monotonic()
        _, err = proc.communicate(timeout=20)
        took = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 3, err
    assert 3 <= took < 12, took  # the 3 s timeout, then SIGTERM/SIGKILL within 2 s
    assert err.startswith("tensorkitchen.replicas: rank 0 died at step "), err
    assert "(raised RuntimeError: " in err and "Timed out" in err, err
    assert err.endswith("; the other ranks were stopped.\n"), err
    assert all_gone(list(pids.values()))
    app.close()


def test_sigterm_stops_every_rank(tmp_path):
    app = App(tmp_path / "rt")
    proc = start_long_run(app)
    try:
        assert app.wait_for(lambda s: steps_seen(s, 2, 3), 40), proc.stderr
        pids = [s[0]["pid"] for s in by_rank(app.streams).values()]
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, err
    assert "Traceback" not in err and "every rank was stopped" in err
    assert all_gone(pids)
    app.close()


def _socket_inodes(pid: int) -> List[int]:
    inodes = []
    for fd in os.listdir("/proc/%d/fd" % pid):
        try:
            target = os.readlink("/proc/%d/fd/%s" % (pid, fd))
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.append(int(target[8:-1]))
    return inodes


def _tcp_sockets(listening: bool = False) -> Dict[int, str]:
    """inode -> local address, from /proc/net/tcp and tcp6 (only those listening: state 0A)."""
    found = {}
    for name in ("tcp", "tcp6"):
        try:
            with open("/proc/net/" + name) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            cols = row.split()
            if not listening or cols[3] == "0A":
                found[int(cols[9])] = cols[1].split(":")[0]
    return found


LOOPBACK = {"0100007F", "0000000000000000FFFF00000100007F"}  # 127.0.0.1, ::ffff:127.0.0.1


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="no /proc/net/tcp here")
def test_ranks_and_launcher_use_loopback_only(tmp_path):
    app = App(tmp_path / "rt")
    proc = start_long_run(app)
    try:
        assert app.wait_for(lambda s: steps_seen(s, 2, 3), 40), proc.stderr
        pids = [s[0]["pid"] for s in by_rank(app.streams).values()] + [proc.pid]
        tcp = _tcp_sockets()
        owned = {pid: [tcp[i] for i in _socket_inodes(pid) if i in tcp] for pid in pids}
        listening = _tcp_sockets(listening=True)
        launcher_listens = [i for i in _socket_inodes(proc.pid) if i in listening]
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    ranks_tcp = [a for pid in pids[:2] for a in owned[pid]]
    assert ranks_tcp, "the ranks talk over gloo: they own TCP sockets"
    assert launcher_listens == [], "the launcher hosts no TCP store: nothing of its listens"
    for pid, addrs in owned.items():
        assert all(a in LOOPBACK for a in addrs), (pid, addrs)
    app.close()


def test_the_ranks_meet_through_a_file_store_in_a_private_folder(monkeypatch):
    """No TCP store, whatever the torch: none is made here (even where torch could host one on a
    socket of ours, as torch >= 2.1 can), MASTER_ADDR/MASTER_PORT are not used (a listener there
    hears nothing), the ranks meet through a FileStore in the run's own 0700 folder, and that
    folder is gone afterwards."""
    import tempfile

    import torch.distributed as dist

    from tensorkitchen import _replica_launch, replicas

    def no_tcp_store(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a TCPStore was made")

    monkeypatch.setattr(dist, "TCPStore", no_tcp_store)
    monkeypatch.setattr(_replica_launch, "tcp_store_takes_a_socket", lambda: True,
                        raising=False)
    folders: List[Any] = []
    mkdtemp = tempfile.mkdtemp

    def spy(*args: Any, **kwargs: Any) -> str:
        path = mkdtemp(*args, **kwargs)
        folders.append((path, os.stat(path).st_mode & 0o777))
        return path

    monkeypatch.setattr(_replica_launch.tempfile, "mkdtemp", spy)
    master = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    master.bind(("127.0.0.1", 0))
    master.listen(8)
    master.setblocking(False)
    monkeypatch.setenv("MASTER_ADDR", "127.0.0.1")  # the ranks inherit these (spawn)
    monkeypatch.setenv("MASTER_PORT", str(master.getsockname()[1]))
    try:
        result = replicas.train(2, batch=64, steps=3, threads=1)
        with pytest.raises(BlockingIOError):
            master.accept()  # nobody came
    finally:
        master.close()
    assert result.store == "file" and len(result.losses) == 3
    [(folder, mode)] = folders
    assert mode == 0o700 and not os.path.exists(folder)
    assert all_gone(result.pids)


# --- bad input --------------------------------------------------------------------------

def test_a_port_in_use_is_refused():
    busy = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    port = busy.getsockname()[1]
    try:
        proc = launcher(["--ranks", "2", "--steps", "5", "--port", str(port)])
    finally:
        busy.close()
    assert proc.returncode == 2
    assert proc.stderr.startswith(
        "tensorkitchen.replicas: Port %d on 127.0.0.1 is in use: " % port), proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args, message", [
    (["--ranks", "0"], "--ranks must be at least 1 (got 0)."),
    (["--ranks", "9"], "--ranks 9 is more than 8, the most this launcher starts."),
    (["--ranks", "3", "--batch", "128"], "The global batch 128 does not split evenly over 3 "
                                         "ranks: use a multiple of 3 (126 or 129)."),
    (["--ranks", "4", "--batch", "2"], "use a multiple of 4 (4)."),
    (["--parallel", "dp"], "nn.DataParallel needs two GPUs or more; this machine has "),
    (["--parallel", "none", "--ranks", "2"], "--parallel none trains in one process: --ranks "
                                             "must be 1 (got 2)."),
    (["--parallel", "pipe"], "--parallel must be ddp, dp or none (got 'pipe')."),
    (["--grid", "300"], "--grid must be 0 to 256 (got 300)."),
    (["--ranks", "x"], "tensorkitchen.replicas: argument --ranks: invalid int value: 'x'"),
])
def test_bad_input_exits_2_with_one_line(args, message):
    if args[0] == "--parallel":
        import torch
        if torch.cuda.is_available() and torch.cuda.device_count() >= 2:
            pytest.skip("two GPUs here: DataParallel runs")
    t0 = time.monotonic()
    proc = launcher(args + ["--steps", "5"])
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and proc.stdout == ""
    assert time.monotonic() - t0 < 30  # refused before any rank starts
