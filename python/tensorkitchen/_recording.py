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
from typing import IO, Any, Dict, Optional, Tuple


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
