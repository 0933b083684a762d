"""Recordings at the edges: one that cannot be made or written never changes the program (its
output and exit code are plain Python's, with one line said on stderr); a recording is a new
file of mode 0600 that never follows a symlink nor truncates what stands at its name; a cap on
its size, said in the recording."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest
from conftest import automatic_recordings, env_with_package, of_type, read_recording

from tensorkitchen import _recording, _transport

# Prints on both streams and ends with the exit code it is given. With TK_TEST_WATCH set, it
# watches itself from its first line, as a program calling tensorkitchen.watch() does.
PROGRAM = """
import os, sys
if os.environ.get("TK_TEST_WATCH"):
    import tensorkitchen
    w = tensorkitchen.watch(record=os.environ.get("TK_TEST_RECORD") or None)
    if os.environ.get("TK_TEST_FULL"):  # the disk fills up under the recording
        os.dup2(os.open("/dev/full", os.O_WRONLY), w._transport._record.fileno())
import torch
x = torch.ones(4, 4)
for i in range(20):
    y = x.to("meta")
print("out", torch.ones(2).sum().item())
sys.stderr.write("err line\\n")
sys.exit(int(sys.argv[1]))
"""

NOTICE = "tensorkitchen: "


def _program(tmp_path: Path) -> Path:
    script = tmp_path / "prog.py"
    script.write_text(PROGRAM)
    return script


def _run(cmd: List[str], cwd: Path, env: Optional[Dict[str, str]] = None
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable] + cmd, cwd=str(cwd), env=env_with_package(env),
                          capture_output=True, text=True, timeout=180)


def _notices(stderr: str) -> Tuple[List[str], str]:
    """The watcher's lines on stderr, and stderr without them."""
    lines = stderr.splitlines(keepends=True)
    ours = [line for line in lines if line.startswith(NOTICE)]
    return ours, "".join(line for line in lines if not line.startswith(NOTICE))


_plain: Dict[int, subprocess.CompletedProcess[str]] = {}


def _same_as_plain(tmp_path: Path, code: int, watched_cmd: List[str],
                   env: Optional[Dict[str, str]] = None, cwd: Optional[Path] = None) -> str:
    """Runs the program plain and watched; checks stdout, stderr less the watcher's one line,
    and the exit code are the same. Returns that line."""
    script = _program(tmp_path)
    if code not in _plain:  # its output does not depend on where it runs
        _plain[code] = _run([str(script), str(code)], cwd or tmp_path)
    plain = _plain[code]
    watched = _run(watched_cmd + [str(script), str(code)], cwd or tmp_path, env)
    said, rest = _notices(watched.stderr)
    assert plain.returncode == code
    assert (watched.returncode, watched.stdout, rest) == (plain.returncode, plain.stdout,
                                                          plain.stderr), watched.stderr
    assert len(said) == 1, said
    return said[0]


def _a_file(tmp_path: Path) -> Path:
    f = tmp_path / "a-file"
    f.write_text("not a folder\n")
    return f


# --- a recording that cannot be made ----------------------------------------------------

@pytest.mark.parametrize("code", [0, 3])
def test_a_record_path_under_a_file_runs_the_program_unrecorded(tmp_path, code):
    """ENOTDIR (as root too, unlike a read-only folder)."""
    target = _a_file(tmp_path) / "x.tkwatch"
    said = _same_as_plain(tmp_path, code, ["-m", "tensorkitchen", "--no-app", "--record",
                                           str(target)])
    assert said.startswith("tensorkitchen: cannot record to %s: " % target), said
    assert said.rstrip().endswith("the program runs unrecorded")
    # watch(record=…) inside the program: the same.
    said = _same_as_plain(tmp_path, code, [], {"TK_TEST_WATCH": "1",
                                               "TK_TEST_RECORD": str(target)})
    assert said.startswith("tensorkitchen: cannot record to %s: " % target), said


@pytest.mark.parametrize("code", [0, 3])
def test_an_unusable_state_folder_runs_the_program_unrecorded(tmp_path, code):
    """No app, no --record: the automatic recording's folder cannot be made."""
    state = {"XDG_STATE_HOME": str(_a_file(tmp_path))}
    said = _same_as_plain(tmp_path, code, ["-m", "tensorkitchen"], state)
    assert "cannot record to %s/tensor-kitchen" % state["XDG_STATE_HOME"] in said, said
    said = _same_as_plain(tmp_path, code, [], dict(state, TK_TEST_WATCH="1"))
    assert "cannot record to" in said


@pytest.mark.parametrize("target", ["/dev/null", "folder"])
def test_a_device_or_a_folder_is_not_recorded_into(tmp_path, target):
    if target == "folder":
        (tmp_path / "folder").mkdir()
        target = str(tmp_path / "folder")
    said = _same_as_plain(tmp_path, 0, ["-m", "tensorkitchen", "--no-app", "--record", target])
    what = "a device" if target == "/dev/null" else "a folder"
    assert said == "tensorkitchen: cannot record to %s: it is %s, not a regular file; the " \
                   "program runs unrecorded\n" % (target, what), said
    assert os.path.isdir(tmp_path / "folder") or target == "/dev/null"
    assert list(tmp_path.glob("**/*.tkwatch")) == []


def _read_only(folder: Path) -> bool:
    """A folder made read-only (0555); False where that does not stop a write (root)."""
    folder.mkdir()
    os.chmod(folder, 0o555)
    try:
        (folder / "probe").touch()
    except OSError:
        return True
    (folder / "probe").unlink()
    return False


@pytest.mark.parametrize("code", [0, 3])
def test_a_read_only_folder_runs_the_program_unrecorded(tmp_path, code):
    ro = tmp_path / "ro"
    if not _read_only(ro):
        pytest.skip("a read-only folder is writable here (root): the tests above use ENOTDIR")
    try:
        # The working folder read-only, no app: the automatic recording is not put there.
        script = _program(tmp_path)
        plain = _run([str(script), str(code)], ro)
        auto = _run(["-m", "tensorkitchen", str(script), str(code)], ro)
        assert (auto.returncode, auto.stdout) == (plain.returncode, plain.stdout), auto.stderr
        assert len(automatic_recordings()) >= 1 and "recording to" in auto.stderr
        # Asked to record there, or with the state folder there: one line, then the program.
        said = _same_as_plain(tmp_path, code, ["-m", "tensorkitchen", "--no-app", "--record",
                                               str(ro / "x.tkwatch")])
        assert "cannot record to %s: Permission denied" % (ro / "x.tkwatch") in said, said
        said = _same_as_plain(tmp_path, code, ["-m", "tensorkitchen"],
                              {"XDG_STATE_HOME": str(ro / "state")}, cwd=ro)
        assert "cannot record to" in said, said
    finally:
        os.chmod(ro, 0o755)


def test_a_full_disk_ends_the_recording_not_the_program(tmp_path):
    rec = tmp_path / "full.tkwatch"
    said = _same_as_plain(tmp_path, 3, [], {"TK_TEST_WATCH": "1", "TK_TEST_RECORD": str(rec),
                                            "TK_TEST_FULL": "1"})
    assert said == "tensorkitchen: could not write the recording %s: No space left on " \
                   "device; it ends here, the program runs on\n" % rec, said


def test_a_write_failure_is_said_once_and_the_stream_goes_on():
    failures: List[str] = []
    full = open("/dev/full", "wb")  # the transport closes it
    t = _transport.Transport(None, full, lambda: 1.0, on_record_failed=failures.append)
    for i in range(3):
        t.put({"type": "notice", "t": 0.0, "text": str(i)})
        t._drain()
    t.put_forced({"type": "bye", "t": 1.0, "exit_code": 0})
    t.close(timeout=0.1)
    assert failures == ["No space left on device"] and full.closed


# --- a new file, never another's ---------------------------------------------------------

def test_a_recording_is_private_and_new(tmp_path):
    rec = tmp_path / "r.tkwatch"
    proc = _run(["-m", "tensorkitchen", "--no-app", "--record", str(rec), str(_program(tmp_path)),
                 "0"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert os.stat(rec).st_mode & 0o777 == 0o600
    stream, where = _recording.open_recording(str(tmp_path / "new.tkwatch"))
    stream.close()
    assert os.stat(where).st_mode & 0o777 == 0o600


@pytest.mark.parametrize("dangling", [False, True])
def test_a_symlink_at_the_recordings_name_is_never_followed(tmp_path, dangling):
    target = tmp_path / "precious.txt"
    if not dangling:
        target.write_text("the user's own\n")
    link = tmp_path / "run.tkwatch"
    link.symlink_to(target)
    for code, cmd, env in ((3, ["-m", "tensorkitchen", "--no-app", "--record", str(link)], None),
                           (0, [], {"TK_TEST_WATCH": "1", "TK_TEST_RECORD": str(link)})):
        said = _same_as_plain(tmp_path, code, cmd, env)
        assert said.startswith("tensorkitchen: cannot record to %s: it is a symbolic "
                               "link" % link), said
    assert link.is_symlink() and os.readlink(link) == str(target)
    if dangling:
        assert not os.path.lexists(target)  # not made through the link
    else:
        assert target.read_text() == "the user's own\n"
    assert list(tmp_path.glob("*.tkwatch")) == [link]


def test_an_existing_file_is_kept_and_the_recording_goes_beside_it(tmp_path):
    rec = tmp_path / "run.tkwatch"
    rec.write_text("an earlier run\n")
    script = _program(tmp_path)
    proc = _run(["-m", "tensorkitchen", "--no-app", "--record", str(rec), str(script), "0"],
                tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert rec.read_text() == "an earlier run\n"  # never truncated
    [beside] = [p for p in tmp_path.glob("run.*.tkwatch") if p != rec]
    messages = read_recording(beside)
    assert beside.name == "run.%d.tkwatch" % messages[0]["pid"]
    assert _notices(proc.stderr) == (["tensorkitchen: %s exists; recording to %s\n"
                                      % (rec, beside)], "err line\n")
    quiet = _run(["-m", "tensorkitchen", "--no-app", "--quiet", "--record", str(rec),
                  str(script), "0"], tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == "err line\n"


# --- the cap ---------------------------------------------------------------------------

STEPS = """
import sys, time, torch
w = torch.nn.Parameter(torch.ones(4))
opt = torch.optim.SGD([w], lr=0.01)
x = torch.ones(8, 8)
for i in range(int(sys.argv[1])):
    y = x.to("meta")
    w.sum().backward()
    opt.step()
    time.sleep(0.002)  # steps over several windows (one line each ~100 ms)
print("steps done")
"""


def _capped(messages: List[Dict[str, object]]) -> List[Dict[str, object]]:
    return of_type(messages, "recording_capped")  # type: ignore[arg-type]


def test_the_cap_stops_the_recording_and_says_so(tmp_path):
    script = tmp_path / "steps.py"
    script.write_text(STEPS)
    rec = tmp_path / "capped.tkwatch"
    proc = _run(["-m", "tensorkitchen", "--no-app", "--record-max-bytes", "8K", "--record",
                 str(rec), str(script), "600"], tmp_path)
    assert proc.returncode == 0 and proc.stdout == "steps done\n", proc.stderr
    raw = rec.read_bytes()
    messages = read_recording(rec)
    first, last = _capped(messages)
    assert messages[0]["type"] == "hello" and messages[-1]["type"] == "bye"
    assert messages[-2] is last and messages[-1]["exit_code"] == 0
    assert first["max_bytes"] == last["max_bytes"] == 8192
    assert (first["lines"], first["steps"]) == (0, 0)
    # What was written before the cap, then only the two notes and the end.
    assert first["bytes"] == last["bytes"] == raw.index(b'{"type":"recording_capped"')
    # Whole lines only: a window holds ~100 ms of steps (here ~40 of them, ~1.5 KB).
    assert first["bytes"] <= 8192 < first["bytes"] + 4096
    assert len(raw) < 8192 + 400
    kept = [m["n"] for m in of_type(messages, "step")]
    assert kept == list(range(1, len(kept) + 1))
    assert last["steps"] == 600 - len(kept) > 0  # counted, not written
    assert last["lines"] >= 2  # the windows of those steps, and memory readings
    assert last["t"] >= first["t"]


def test_the_cap_from_watch_and_from_the_environment(tmp_path):
    script = tmp_path / "steps.py"
    script.write_text("import tensorkitchen, os\n"
                      "tensorkitchen.watch(record=os.environ['REC'], app=False%s)\n" + STEPS)
    for name, extra, env in (("arg", ", max_record_bytes=4096", {}),
                             ("env", "", {_recording.MAX_BYTES_ENV: "4k"})):
        path = tmp_path / (name + ".py")
        path.write_text(script.read_text() % extra)
        rec = tmp_path / (name + ".tkwatch")
        proc = _run([str(path), "100"], tmp_path, dict(env, REC=str(rec)))
        assert proc.returncode == 0, proc.stderr
        first, last = _capped(read_recording(rec))
        assert first["max_bytes"] == 4096 and last["steps"] > 0, name


def test_the_default_cap_and_its_settings(monkeypatch):
    monkeypatch.delenv(_recording.MAX_BYTES_ENV, raising=False)
    assert _recording.max_bytes(None) == 1 << 30
    assert _recording.max_bytes(0) is None and _recording.max_bytes(5000) == 5000
    monkeypatch.setenv(_recording.MAX_BYTES_ENV, "2G")
    assert _recording.max_bytes(None) == 2 << 30
    monkeypatch.setenv(_recording.MAX_BYTES_ENV, "0")
    assert _recording.max_bytes(None) is None
    assert [_recording.parse_size(s) for s in ("10", "1k", "3M", "1GiB", "2 MB")] == [
        10, 1024, 3 << 20, 1 << 30, 2 << 20]
    for bad in ("", "-1", "1.5G", "lots"):
        with pytest.raises(ValueError):
            _recording.parse_size(bad)
    with pytest.raises(ValueError):
        _recording.max_bytes(-1)


def test_a_bad_cap_in_the_environment_is_said_and_the_program_runs(tmp_path):
    said = _same_as_plain(tmp_path, 0, ["-m", "tensorkitchen", "--no-app", "--record",
                                        str(tmp_path / "r.tkwatch")],
                          {_recording.MAX_BYTES_ENV: "lots"})
    assert said.startswith("tensorkitchen: %s: " % _recording.MAX_BYTES_ENV), said
    bad = _run(["-m", "tensorkitchen", "--record-max-bytes", "lots", "x.py"], tmp_path)
    assert bad.returncode == 2 and "--record-max-bytes" in bad.stderr


def test_the_cap_in_the_transport():
    out = io.BytesIO()

    class Keep(io.BytesIO):
        def close(self) -> None:
            out.write(self.getvalue())
            super().close()

    t = _transport.Transport(None, Keep(), lambda: 2.0, max_record_bytes=300)
    t.put_forced({"type": "hello", "t": 0, "text": "h" * 400})  # always written
    for n in range(1, 6):
        t.put({"type": "step", "t": 1.0, "n": n})
    t.put_forced({"type": "bye", "t": 3.0, "exit_code": 0})
    t.close(timeout=0.1)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [m["type"] for m in lines] == ["hello", "recording_capped", "recording_capped", "bye"]
    assert lines[1] == {"type": "recording_capped", "t": 2.0, "max_bytes": 300,
                        "bytes": len(out.getvalue().splitlines()[0]) + 1, "lines": 0,
                        "steps": 0}
    assert lines[2] == dict(lines[1], lines=5, steps=5)
