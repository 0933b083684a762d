"""The transport: a fake app on an AF_UNIX socket, a socket that breaks, a full queue, the
line limit, non-finite numbers."""
from __future__ import annotations

import io
import json
import math
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import List

from conftest import SCRIPTS, automatic_recordings, env_with_package, read_recording

from tensorkitchen import _protocol, _transport


class FakeApp:
    """A listening AF_UNIX socket in a 0700 folder, reading one connection's lines."""

    def __init__(self, folder: Path, close_after: int = 0) -> None:
        folder.mkdir(mode=0o700, exist_ok=True)
        os.chmod(folder, 0o700)
        self.path = str(folder / "watch.sock")
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(self.path)
        self.server.listen(1)
        self.server.settimeout(120)
        self.close_after = close_after
        self.data = b""
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        conn, _ = self.server.accept()
        conn.settimeout(120)
        with conn:
            while True:
                chunk = conn.recv(65536)
                if not chunk:
                    return
                self.data += chunk
                if self.close_after and self.data.count(b"\n") >= self.close_after:
                    return  # the app goes away mid-run

    def lines(self) -> List[dict]:
        self.thread.join(30)
        return _protocol.messages(json.loads(line) for line in self.data.split(b"\n") if line)


def run_cli(args: List[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tensorkitchen"] + args, cwd=str(cwd),
                          env=env_with_package(), capture_output=True, text=True, timeout=180)


def test_fake_app_receives_the_live_stream(tmp_path):
    app = FakeApp(tmp_path / "rt")
    proc = run_cli(["--socket", app.path, str(SCRIPTS / "moves_loop.py"), "20"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = app.lines()
    assert lines[0]["type"] == "hello" and lines[0]["v"] == 1
    assert lines[-1]["type"] == "bye" and lines[-1]["exit_code"] == 0
    assert sum(m["type"] == "move" for m in lines) == 20
    # Connected: no automatic recording, nothing said on stderr.
    assert list(tmp_path.glob("*.tkwatch")) == [] and "recording" not in proc.stderr


def test_socket_from_environment_and_record_too(tmp_path):
    app = FakeApp(tmp_path / "rt")
    rec = tmp_path / "both.tkwatch"
    env = env_with_package({"TENSORKITCHEN_SOCKET": app.path})
    proc = subprocess.run([sys.executable, "-m", "tensorkitchen", "--record", str(rec),
                           str(SCRIPTS / "moves_loop.py"), "5"], cwd=str(tmp_path), env=env,
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert app.lines() == read_recording(rec)  # --record writes even when the app listens


def test_broken_socket_mid_run(tmp_path):
    app = FakeApp(tmp_path / "rt", close_after=1)  # reads the hello, then hangs up
    rec = tmp_path / "r.tkwatch"
    proc = run_cli(["--record", str(rec), "--socket", app.path,
                    str(SCRIPTS / "moves_loop.py"), "100"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "done 100" in proc.stdout and "Traceback" not in proc.stderr
    messages = read_recording(rec)
    assert sum(m["type"] == "move" for m in messages) == 100
    assert any(m["type"] == "notice" and "the app went away" in m["text"] for m in messages)
    assert messages[-1]["type"] == "bye"


def test_refuses_a_socket_folder_others_can_enter(tmp_path):
    folder = tmp_path / "open"
    app = FakeApp(folder)
    os.chmod(folder, 0o755)
    proc = run_cli(["--socket", app.path, str(SCRIPTS / "moves_loop.py"), "1"], tmp_path)
    assert proc.returncode == 0
    assert "refusing" in proc.stderr and "recording to" in proc.stderr
    app.server.close()


def test_no_app_listening_falls_back_to_a_recording(tmp_path):
    before = automatic_recordings()
    proc = run_cli(["--socket", str(tmp_path / "nobody.sock"), str(SCRIPTS / "moves_loop.py"),
                    "1"], tmp_path)
    assert proc.returncode == 0
    [rec] = [r for r in automatic_recordings() if r not in before]
    assert "no app listening" in proc.stderr and "recording to %s" % rec in proc.stderr
    assert read_recording(rec)[-1]["type"] == "bye"


def _transport_to(buf: io.BytesIO, size: int) -> _transport.Transport:
    class Keep(io.BytesIO):
        def close(self) -> None:  # keep the bytes readable after Transport.close
            if not self.closed:
                buf.write(self.getvalue())
            super().close()

    return _transport.Transport(None, Keep(), lambda: 1.0, queue_size=size)


def test_full_queue_drops_and_counts():
    buf = io.BytesIO()
    t = _transport_to(buf, 3)
    for i in range(10):  # the sender is not started: the queue fills
        t.put({"type": "notice", "t": 0.0, "text": str(i)})
    t.put_forced({"type": "bye", "t": 1.0, "exit_code": 0})
    t.close(timeout=0.1)
    lines = [json.loads(x) for x in buf.getvalue().splitlines()]
    assert [m.get("text") for m in lines[:3]] == ["0", "1", "2"]
    assert lines[3] == {"type": "dropped", "t": 1.0, "count": 7}
    assert lines[4]["type"] == "bye" and len(lines) == 5


def test_put_never_blocks_on_a_stuck_app():
    a, b = socket.socketpair()
    try:
        t = _transport.Transport(a, None, lambda: 0.0, queue_size=16)
        t.start()
        big = "x" * 60000
        import time
        start = time.perf_counter()
        for _ in range(2000):  # nobody reads b: the socket fills, the sender blocks
            t.put({"type": "notice", "t": 0.0, "text": big})
        assert time.perf_counter() - start < 2.0
    finally:
        b.close()
        a.close()


def test_line_limit():
    long_text = "가" * 100000  # 300,000 bytes of UTF-8
    data = _transport.encode({"type": "notice", "t": 0.0, "text": long_text})
    assert data is not None and data.endswith(b"\n") and len(data) - 1 <= 65536
    assert json.loads(data)["text"] == "가" * 4096
    items = [{"name": "t%d" % i, "kind": "tensor", "device": "cpu", "shape": [1] * 16,
              "dtype": "float32", "bytes": 4, "file": "/x" * 200, "line": 1} for i in range(256)]
    data = _transport.encode({"type": "tensors", "t": 0.0, "items": items})
    assert data is not None and len(data) - 1 <= 65536
    kept = json.loads(data)["items"]
    assert 0 < len(kept) < 256 and kept == items[: len(kept)]


def test_non_finite_numbers_become_null():
    data = _transport.encode({"type": "step", "t": 0.0, "seconds": math.nan,
                              "wait_s": math.inf, "copy_s": [1.0, -math.inf]})
    assert json.loads(data) == {"type": "step", "t": 0.0, "seconds": None, "wait_s": None,
                                "copy_s": [1.0, None]}
    assert b"NaN" not in data and b"Infinity" not in data


def test_unicode_is_sent_as_utf8():
    data = _transport.encode({"type": "notice", "t": 0.0, "text": "오류"})
    assert "오류".encode() in data


def test_the_suite_never_reaches_the_users_app(tmp_path, monkeypatch):
    """A listener where the user's app listens (the default socket of a user's session)
    receives nothing from a test's watched program: the suite's helpers give every program
    the suite's own socket. Without that override the same run does reach it."""
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))  # the user's session, as the tests see it
    users_app = FakeApp(runtime / "tensor-kitchen")
    assert _transport.default_socket_path() != users_app.path  # the suite's socket instead
    script = str(SCRIPTS / "moves_loop.py")
    quiet = run_cli(["--record", str(tmp_path / "a.tkwatch"), script, "2"], tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    users_app.thread.join(2)
    assert users_app.data == b"" and users_app.thread.is_alive()  # still waiting: nobody came
    # The control: a program started with the user's own environment does reach it.
    env = env_with_package()
    del env["TENSORKITCHEN_SOCKET"]
    reached = subprocess.run([sys.executable, "-m", "tensorkitchen", script, "2"],
                             cwd=str(tmp_path), env=env, capture_output=True, text=True,
                             timeout=180)
    assert reached.returncode == 0, reached.stderr
    assert [m["type"] for m in users_app.lines()][0] == "hello"
