"""Starting, watching and stopping the replica ranks (tensorkitchen.replicas' process side).

Every wait is bounded: the ranks' collectives have a timeout, the launcher polls their
sentinels, and stopping is SIGTERM, then SIGKILL after 2 s.
"""
from __future__ import annotations

import json
import multiprocessing
import multiprocessing.connection
import os
import shutil
import signal
import socket
import tempfile
import threading
import time
from typing import Any, Dict, List, Optional, Tuple

import torch.multiprocessing

from . import _replica_rank

STOP_GRACE = 2.0    # seconds between SIGTERM and SIGKILL
POLL = 0.2          # seconds between looks at the ranks


class LaunchError(Exception):
    """Bad input or a port in use: nothing was started (exit code 2)."""
    exit_code = 2


class RankFailed(Exception):
    """A rank raised, died or stalled; the others were stopped (exit code 3)."""
    exit_code = 3

    def __init__(self, text: str, rank: int, step: int) -> None:
        super().__init__(text)
        self.rank = rank
        self.step = step


class Stopped(Exception):
    """SIGTERM or SIGINT reached the launcher; every rank was stopped (exit 128 + signal)."""

    def __init__(self, signum: int) -> None:
        super().__init__("stopped by %s" % signal.Signals(signum).name)
        self.signum = signum
        self.exit_code = 128 + signum


def reserve_port(port: int) -> socket.socket:
    """A socket bound to 127.0.0.1:port (0: a free one), or LaunchError saying why not."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError as exc:
        sock.close()
        why = exc.strerror or str(exc)
        if exc.errno == getattr(__import__("errno"), "EADDRINUSE", 98):
            raise LaunchError("Port %d on 127.0.0.1 is in use: %s (choose another --port, or 0 "
                              "for a free one)." % (port, why)) from None
        raise LaunchError("Port %d on 127.0.0.1 cannot be used: %s." % (port, why)) from None
    return sock


class Store:
    """The group's rendezvous: a FileStore in the run's private (0700) folder, which the ranks
    open themselves; never a TCP store, whose server listens for anyone (torch 1.13's on every
    address). The port on 127.0.0.1 is only held, bound and never listening: it names the group,
    and a --port in use is refused before anything starts."""

    kind = "file"

    def __init__(self, port: int, folder: str) -> None:
        self._sock: Optional[socket.socket] = reserve_port(port)
        self.port = self._sock.getsockname()[1]
        self.path = os.path.join(folder, "store")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _signal_text(code: int) -> str:
    if code < 0:
        try:
            return "killed by %s" % signal.Signals(-code).name
        except ValueError:
            return "killed by signal %d" % -code
    return "exited with code %d" % code


class Launch:
    """N spawned ranks of _replica_rank.run_rank, watched until all finish or one fails."""

    def __init__(self, spec: Dict[str, Any], nprocs: int) -> None:
        self.spec = spec
        self.nprocs = nprocs
        # 0700, the run's own: the ranks' store, results and errors; removed at the end.
        self.folder = tempfile.mkdtemp(prefix="tensorkitchen-replicas-")
        self.store: Optional[Store] = None
        self.processes: List[Any] = []
        self._context: Any = None
        self.spawned_at = 0.0
        self._stopping = False

    def pids(self) -> List[int]:
        return [p.pid for p in self.processes if p.pid is not None]

    def run(self) -> List[Dict[str, Any]]:
        """The ranks' results, in rank order; raises RankFailed, Stopped or LaunchError."""
        old = self._catch_signals()
        try:
            self.store = Store(self.spec["port"], self.folder)
            self.spec.update(port=self.store.port, store=self.store.kind,
                             store_path=self.store.path,
                             group="%d-%d" % (os.getpid(), self.store.port))
            progress = multiprocessing.get_context("spawn").Array("q", self.nprocs, lock=False)
            self.spawned_at = time.time()
            self._context = torch.multiprocessing.start_processes(
                _replica_rank.run_rank, args=(self.spec, progress, self.folder),
                nprocs=self.nprocs, join=False, daemon=False, start_method="spawn")
            self.processes = list(self._context.processes)
            self._watch(progress)
            return [self._read("result", r) or {} for r in range(self.nprocs)]
        finally:
            self._stopping = True
            self.stop()
            self._restore_signals(old)
            if self.store is not None:
                self.store.close()
            for path in getattr(self._context, "error_files", None) or []:
                try:
                    os.unlink(path)  # torch ≥ 2 leaves its per-rank error files to join()
                except OSError:
                    pass
            shutil.rmtree(self.folder, ignore_errors=True)

    def _read(self, kind: str, rank: int) -> Optional[Dict[str, Any]]:
        try:
            with open(os.path.join(self.folder, "%s-%d.json" % (kind, rank)),
                      encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def _watch(self, progress: Any) -> None:
        alive = set(range(self.nprocs))
        stall = self.spec["timeout"] * 2 + 60  # beyond any collective's own timeout
        last, last_change = [0] * self.nprocs, time.monotonic()
        while alive:
            sentinels = {self.processes[r].sentinel: r for r in alive}
            ready = multiprocessing.connection.wait(list(sentinels), timeout=POLL)
            failed: List[Tuple[int, int]] = []
            for s in ready:
                r = sentinels[s]
                proc = self.processes[r]
                proc.join(1.0)
                alive.discard(r)
                if proc.exitcode != 0 or self._read("result", r) is None:
                    failed.append((r, proc.exitcode if proc.exitcode is not None else -9))
            if failed:
                raise self._blame(failed, progress)
            now = time.monotonic()
            current = list(progress[:])
            if current != last:
                last, last_change = current, now
            elif now - last_change > stall:
                r = min(alive)
                raise RankFailed("tensorkitchen.replicas: rank %d stalled at step %d (nothing "
                                 "moved for %.0f s); the other ranks were stopped."
                                 % (r, current[r], stall), r, current[r])

    def _blame(self, failed: List[Tuple[int, int]], progress: Any) -> RankFailed:
        """The first cause among ranks that ended together: a rank killed or exiting on its own
        beats one that raised (its peers' collectives fail because it went), and among those
        that raised, the earliest."""
        def key(item: Tuple[int, int]) -> Tuple[int, float, int]:
            r, _ = item
            err = self._read("error", r)
            return (1, float(err["t"]), r) if err else (0, 0.0, r)
        r, code = min(failed, key=key)
        err = self._read("error", r)
        step = int(err["step"]) if err else int(progress[r])
        if err:
            how = "raised %s: %s" % (err["exception"], err["message"])
        elif code == 0:
            how = "ended without finishing"
        else:
            how = _signal_text(code)
        where = "at step %d" % step if step > 0 else "while starting"
        return RankFailed("tensorkitchen.replicas: rank %d died %s (%s); the other ranks were "
                          "stopped." % (r, where, how), r, step)

    def stop(self) -> None:
        """SIGTERM every live rank, SIGKILL what is left after 2 s, reap them all."""
        live = [p for p in self.processes if p.is_alive()]
        for p in live:
            try:
                p.terminate()
            except OSError:
                pass
        deadline = time.monotonic() + STOP_GRACE
        for p in live:
            p.join(max(0.0, deadline - time.monotonic()))
        for p in live:
            if p.is_alive():
                try:
                    p.kill()
                except OSError:
                    pass
                p.join(1.0)

    def _catch_signals(self) -> Dict[int, Any]:
        if threading.current_thread() is not threading.main_thread():
            return {}

        def handler(signum: int, frame: Any) -> None:
            if not self._stopping:  # a second signal must not cut the stopping short
                self._stopping = True
                raise Stopped(signum)
        old: Dict[int, Any] = {}
        for signum in (signal.SIGINT, signal.SIGTERM):
            old[signum] = signal.signal(signum, handler)
        return old

    @staticmethod
    def _restore_signals(old: Dict[int, Any]) -> None:
        for signum, prev in old.items():
            signal.signal(signum, prev)
