"""Where a recording goes: never over another process's.

Under a launcher (torchrun, or anything setting RANK and WORLD_SIZE) every rank is handed the
same `--record FILE`; each rank's recording gets its rank in the name (run.tkwatch →
run.rank1.tkwatch). Whatever launches it, a recording is locked (flock) while it is written,
and a process that finds its file locked by another writes beside it, with its pid in the name.
"""
from __future__ import annotations

import errno
import fcntl
import os
import socket as socket_module
import sys
from typing import IO, Any, Dict, Optional, Tuple

from . import _hello, _transport


def _with_suffix(path: str, suffix: str) -> str:
    stem, ext = os.path.splitext(path)
    if not ext:  # "run" → "run.rank1", not "run" → ".rank1"
        return path + suffix
    return stem + suffix + ext


def rank_path(path: str, dist: Optional[Dict[str, Any]]) -> str:
    """`path` with this process's rank in its name when it is one rank of a job."""
    return path if dist is None else _with_suffix(path, ".rank%d" % dist["rank"])


def _open_locked(path: str) -> Optional[IO[bytes]]:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        os.close(fd)
        if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return None  # another process is writing it
        raise
    os.ftruncate(fd, 0)  # an earlier run's recording, no longer written: replaced
    return os.fdopen(fd, "wb")


def open_recording(path: str) -> Tuple[IO[bytes], str]:
    """The stream to write and the path it writes, never one another process is writing."""
    stream = _open_locked(path)
    if stream is not None:
        return stream, path
    mine = _with_suffix(path, ".%d" % os.getpid())
    stream = _open_locked(mine)
    if stream is None:  # our pid's name is being written by someone else: give up clearly
        raise OSError(errno.EBUSY, "another process is writing", mine)
    return stream, mine


def open_outputs(record: Optional[str], socket: Optional[str], app: bool, announce: bool
                 ) -> Tuple[Optional[socket_module.socket], Optional[IO[bytes]], Optional[str],
                            Optional[str]]:
    """A watcher's ways out: (the app's socket, the recording, their paths). With no app
    listening and no `record`, the recording is ./tensorkitchen-<pid>.tkwatch, said on stderr
    (with why) when `announce`."""
    sock = None
    why = ""
    socket_path = None
    if app:
        socket_path = socket or _transport.default_socket_path()
        sock, why = _transport.connect(socket_path)
    if record is None and sock is None:
        record = os.path.join(os.getcwd(), "tensorkitchen-%d.tkwatch" % os.getpid())
        if announce:
            reason = (why + "; ") if app and why else ""
            sys.stderr.write("tensorkitchen: %srecording to %s\n" % (reason, record))
    stream = None
    record_path = None
    if record is not None:
        wanted = rank_path(os.path.abspath(record), _hello.distributed())
        stream, record_path = open_recording(wanted)
        if record_path != wanted and announce:
            sys.stderr.write("tensorkitchen: %s is being written by another process; "
                             "recording to %s\n" % (wanted, record_path))
    return sock, stream, socket_path, record_path
