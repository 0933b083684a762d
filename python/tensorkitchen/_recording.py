"""Where a recording goes, and how it is made: never over anything already there.

A recording is always a new file, made with O_CREAT|O_EXCL|O_NOFOLLOW and mode 0600: whatever
stands at its name (an earlier recording, one another process is writing, a symlink, a device)
is never followed, truncated or written through. A regular file already there: the recording is
written beside it, with this process's pid in its name. Anything else (a symlink, /dev/null, a
folder): nothing is recorded.

Under a launcher (torchrun, or anything setting RANK and WORLD_SIZE) every rank is handed the
same `--record FILE`; each rank's recording gets its rank in the name (run.tkwatch →
run.rank1.tkwatch).

With no app listening and no recording asked for, the recording goes to the user's state folder,
$XDG_STATE_HOME/tensor-kitchen (else ~/.local/state/tensor-kitchen), made 0700: not the working
folder, which may be read-only, shared, or the user's source tree.

The watcher runs inside the user's program: a recording it cannot make is one line on stderr,
and the program runs on unrecorded.
"""
from __future__ import annotations

import errno
import os
import re
import socket as socket_module
import stat
import sys
import time
from typing import IO, Any, Dict, Optional, Tuple

from . import _hello, _transport

# O_EXCL: never an existing file (nor a symlink, dangling or not); O_NOFOLLOW says the same of
# the last component where O_EXCL is not honoured; O_CLOEXEC: no program the user runs inherits it.
_CREATE = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
           | getattr(os, "O_CLOEXEC", 0))
_BESIDE = 100  # names tried beside a taken one (pids repeat: containers start at 1)

DEFAULT_MAX_BYTES = 1 << 30
MAX_BYTES_ENV = "TENSORKITCHEN_RECORD_MAX_BYTES"
_SIZE = re.compile(r"^\s*(\d+)\s*([kmgt]?)(i?b)?\s*$", re.IGNORECASE)


def say(text: str) -> None:
    """One line on stderr, like every other word of the watcher's; never raises."""
    try:
        sys.stderr.write("tensorkitchen: %s\n" % text)
        sys.stderr.flush()
    except Exception:
        pass  # a closed or broken stderr is no reason to break the program


def parse_size(text: str) -> int:
    """Bytes from "1073741824", "512M", "1GiB", "64k" (powers of 1024); 0 means no cap.
    ValueError for anything else."""
    m = _SIZE.match(text)
    if m is None:
        raise ValueError("%r is not a size (bytes, or a number with K, M, G or T)" % text)
    return int(m.group(1)) << (10 * " kmgt".index(m.group(2).lower() or " "))


def max_bytes(value: Optional[int]) -> Optional[int]:
    """The recording's cap in bytes, None for none. `value`: the caller's (0: no cap), else
    $TENSORKITCHEN_RECORD_MAX_BYTES, else 1 GiB. ValueError for a value that is not a size."""
    if value is None:
        env = os.environ.get(MAX_BYTES_ENV, "")
        value = DEFAULT_MAX_BYTES
        if env:
            try:
                value = parse_size(env)
            except ValueError as exc:  # the program runs on, with the default
                say("%s: %s; capping recordings at 1 GiB" % (MAX_BYTES_ENV, exc))
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("max_record_bytes must be an int >= 0 (0: no cap), not %r" % (value,))
    return value or None


def _with_suffix(path: str, suffix: str) -> str:
    stem, ext = os.path.splitext(path)
    if not ext:  # "run" → "run.rank1", not "run" → ".rank1"
        return path + suffix
    return stem + suffix + ext


def rank_path(path: str, dist: Optional[Dict[str, Any]]) -> str:
    """`path` with this process's rank in its name when it is one rank of a job."""
    return path if dist is None else _with_suffix(path, ".rank%d" % dist["rank"])


def _create(path: str) -> IO[bytes]:
    return os.fdopen(os.open(path, _CREATE, 0o600), "wb")


def _what(mode: int) -> str:
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                       (stat.S_ISFIFO, "a pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "something else"


def open_recording(path: str) -> Tuple[IO[bytes], str]:
    """A new file at `path`, or beside it when a regular file has that name: (stream, its path).
    OSError, saying why, when neither can be made."""
    try:
        return _create(path), path
    except FileExistsError:
        pass
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:  # gone again since: ours to make
        return _create(path), path
    if not stat.S_ISREG(mode):
        raise OSError(errno.EEXIST, "it is %s, not a regular file" % _what(mode))
    mine = _with_suffix(path, ".%d" % os.getpid())
    for n in range(_BESIDE):
        name = mine if n == 0 else _with_suffix(path, ".%d-%d" % (os.getpid(), n))
        try:
            return _create(name), name
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "it and %d names beside it are taken" % _BESIDE)


def state_folder() -> str:
    """$XDG_STATE_HOME/tensor-kitchen, else ~/.local/state/tensor-kitchen (the XDG base
    directory spec: a relative XDG_STATE_HOME is ignored)."""
    base = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "tensor-kitchen")


def private_folder(path: str) -> str:
    """`path` made (0700, and each missing folder above it) or found; OSError unless it is a
    folder of the user's own that nobody else can write to."""
    missing = []
    top = path
    while not os.path.lexists(top) and os.path.dirname(top) != top:
        missing.append(top)
        top = os.path.dirname(top)
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass
    st = os.lstat(path)
    if not stat.S_ISDIR(st.st_mode):
        raise OSError(errno.ENOTDIR, "it is %s" % _what(st.st_mode))
    if st.st_uid != os.getuid() or st.st_mode & 0o022:
        raise OSError(errno.EPERM, "it is not a folder of the user's own that only they can "
                                   "write to")
    return path


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def open_outputs(record: Optional[str], socket: Optional[str], app: bool, announce: bool
                 ) -> Tuple[Optional[socket_module.socket], Optional[IO[bytes]], Optional[str],
                            Optional[str]]:
    """A watcher's ways out: (the app's socket, the recording, their paths). With no app
    listening and no `record`, the recording goes to the state folder (say where, and why, on
    stderr when `announce`). A recording that cannot be made is said on stderr (always) and
    left out: the program runs on unrecorded."""
    sock = None
    why = ""
    socket_path = None
    if app:
        socket_path = socket or _transport.default_socket_path()
        sock, why = _transport.connect(socket_path)
    automatic = record is None and sock is None
    reason = (why + "; ") if automatic and why else ""  # why it records where it does
    wanted = None
    try:
        if automatic:
            wanted = state_folder()
            private_folder(wanted)
            wanted = os.path.join(wanted, "tensorkitchen-%s-%d.tkwatch"
                                  % (time.strftime("%Y%m%d-%H%M%S"), os.getpid()))
        elif record is not None:
            wanted = rank_path(os.path.abspath(record), _hello.distributed())
        else:
            return sock, None, socket_path, None
        stream, record_path = open_recording(wanted)
    except OSError as exc:
        say("%scannot record to %s: %s; the program runs unrecorded"
            % (reason, wanted if wanted is not None else record, _why(exc)))
        return sock, None, socket_path, None
    if announce and automatic:
        say("%srecording to %s" % (reason, record_path))
    elif announce and record_path != wanted:
        say("%s exists; recording to %s" % (wanted, record_path))
    return sock, stream, socket_path, record_path
