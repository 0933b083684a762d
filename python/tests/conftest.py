"""Helpers: run a script under `python -m tensorkitchen` (bounded), read a recording."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parent.parent   # python/
SCRIPTS = Path(__file__).resolve().parent / "scripts"
# The package from this source tree (as the app runs it, with PYTHONPATH=python).
if str(PACKAGE_ROOT) not in sys.path:
    sys.path.insert(0, str(PACKAGE_ROOT))
TIMEOUT = 180  # seconds for one watched script (torch's import alone is seconds here)

# The suite's own socket: nothing a test starts may reach an app the user has open. Every
# process the tests start, and every watch() in this one, inherits it (a socket path is
# short: a folder under /tmp, not under pytest's deep tmp_path).
SUITE_DIR = tempfile.mkdtemp(prefix="tk-pytest-")
SUITE_SOCKET = os.path.join(SUITE_DIR, "watch.sock")
os.environ["TENSORKITCHEN_SOCKET"] = SUITE_SOCKET
# Likewise the state folder, where automatic recordings go: never the user's own.
SUITE_STATE = os.path.join(SUITE_DIR, "state")
os.environ["XDG_STATE_HOME"] = SUITE_STATE


def automatic_recordings(state: str = SUITE_STATE) -> List[Path]:
    """The recordings made with no app listening and no --record, under a state folder."""
    return sorted(Path(state, "tensor-kitchen").glob("tensorkitchen-*.tkwatch"))


def read_recording(path: Path) -> List[Dict[str, Any]]:
    """A recording's messages, each window expanded into the messages it stands for (as the
    app reads them)."""
    from tensorkitchen import _protocol
    return _protocol.messages(read_lines(path))


def read_lines(path: Path) -> List[Dict[str, Any]]:
    """A recording's lines as they were written (windows as windows)."""
    lines = path.read_bytes().split(b"\n")
    assert lines[-1] == b"", "a recording ends with a newline"
    messages = []
    for raw in lines[:-1]:
        assert len(raw) <= 65536
        msg = json.loads(raw.decode("utf-8"))
        assert isinstance(msg, dict) and isinstance(msg["type"], str)
        assert msg["t"] >= 0
        messages.append(msg)
    return messages


def of_type(messages: List[Dict[str, Any]], kind: str) -> List[Dict[str, Any]]:
    return [m for m in messages if m["type"] == kind]


def script_line(name: str, text: str) -> int:
    """The 1-based line of `text` in a fixture script (so tests do not hard-code numbers)."""
    for i, line in enumerate((SCRIPTS / name).read_text(encoding="utf-8").splitlines(), 1):
        if text in line:
            return i
    raise AssertionError("%r not in %s" % (text, name))


def env_with_package(extra: Optional[Dict[str, str]] = None) -> Dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE_ROOT)] + [p for p in
                                         env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["TENSORKITCHEN_SOCKET"] = SUITE_SOCKET
    env["XDG_STATE_HOME"] = SUITE_STATE
    env.setdefault("OMP_NUM_THREADS", "1")
    if extra:
        env.update(extra)
    return env


class Watched:
    def __init__(self, proc: subprocess.CompletedProcess[str], messages: List[Dict[str, Any]]):
        self.proc = proc
        self.messages = messages

    def of(self, kind: str) -> List[Dict[str, Any]]:
        return of_type(self.messages, kind)


@pytest.fixture
def run_watched(tmp_path: Path):
    def run(script: str, *args: str, env: Optional[Dict[str, str]] = None,
            options: Optional[List[str]] = None, record: bool = True) -> Watched:
        rec = tmp_path / (Path(script).stem + ".tkwatch")
        cmd = [sys.executable, "-m", "tensorkitchen"]
        cmd += ["--record", str(rec)] if record else []
        cmd += options if options is not None else ["--no-app"]
        cmd += [str(SCRIPTS / script)] + list(args)
        proc = subprocess.run(cmd, cwd=str(tmp_path), env=env_with_package(env),
                              capture_output=True, text=True, timeout=TIMEOUT)
        messages = read_recording(rec) if record and rec.exists() else []
        return Watched(proc, messages)
    return run


def pytest_sessionfinish(session: Any, exitstatus: Any) -> None:
    import shutil
    shutil.rmtree(SUITE_DIR, ignore_errors=True)
