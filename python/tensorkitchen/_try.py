"""`python -m tensorkitchen --try KIND script.py …`: a finding's fix, tried by measuring it.

The program runs again, under the watcher, for a number of optimizer steps, as it is and with
the fix applied by the watcher where each DataLoader is made, in interleaved rounds (as it is,
fixed; then fixed, as it is; …). Each run's step times come from its own recording, as the
app's step chart has them; the first steps (start-up, the workers' start) are left out. It
stops each run after its steps: this reruns the user's program, so the app says so before.

Fixes (the findings' own advice, docs/findings.md):
- data_wait: `num_workers=N` where it is 0 (N as the app advises: this machine's cores, at
  most 4), `persistent_workers=True` with workers, and `pin_memory=True` where CUDA is;
- non_blocking_unpinned: `pin_memory=True`.
"""
from __future__ import annotations

import inspect
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional, Tuple

KINDS = ("data_wait", "non_blocking_unpinned")
SKIP = 2  # first steps of each run left out: the start-up's and the workers' start


def advice_workers() -> int:
    """The workers the app's advice names (WatchFindings::adviceWorkers): the cores this
    process may run on (as Qt's idealThreadCount counts them), 1…4."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, 4))


# --- in the rerun program (`--try-run CONFIG`, made by run_try below) -------------------------

def arm(config: Dict[str, Any]) -> None:
    """In the rerun program, after watch(): the fix applied (when `apply`) where each
    DataLoader is made, and the program stopped after `steps` optimizer steps."""
    kind, report = str(config["kind"]), str(config["report"])
    if config.get("apply"):
        at = config.get("at")
        _patch_loaders(kind, (str(at[0]), int(at[1])) if at else None, report)
    _stop_after(int(config["steps"]))


def _note(report: str, entry: Dict[str, Any]) -> None:
    with open(report, "a", encoding="utf-8") as f:
        f.write(json.dumps(entry) + "\n")


def _patch_loaders(kind: str, at: Optional[Tuple[str, int]], report: str) -> None:
    from torch.utils.data import DataLoader, IterableDataset

    from . import _devices
    from ._watch_steps import loader_made_at
    inner = DataLoader.__init__
    signature = inspect.signature(inspect.unwrap(inner))
    pin = kind == "non_blocking_unpinned" or _devices.cuda_available()

    def __init__(loader: Any, *args: Any, **kwargs: Any) -> None:
        made = loader_made_at(sys._getframe(1))  # as the watcher places it: the finding's
        file, line = made.get("file"), made.get("line")
        if at is not None and (file, line) != at:
            return inner(loader, *args, **kwargs)
        try:
            bound = signature.bind(loader, *args, **kwargs)
        except TypeError:
            return inner(loader, *args, **kwargs)  # torch's own message, as without the fix
        given = bound.arguments
        changes: Dict[str, Any] = {}
        if kind == "data_wait":
            if not given.get("num_workers"):
                changes["num_workers"] = advice_workers()
            if not given.get("persistent_workers"):
                changes["persistent_workers"] = True
        if pin and not given.get("pin_memory"):
            changes["pin_memory"] = True
        given.update(changes)
        if changes:
            entry: Dict[str, Any] = {"file": file, "line": line, "changes": changes}
            if isinstance(given.get("dataset"), IterableDataset) and "num_workers" in changes:
                entry["note"] = ("an IterableDataset: each worker yields all of it unless it "
                                 "shards itself (torch.utils.data.get_worker_info)")
            _note(report, entry)
        return inner(*bound.args, **bound.kwargs)

    __init__.__wrapped__ = inner  # type: ignore[attr-defined]
    setattr(DataLoader, "__init__", __init__)  # noqa: B010 (its types are torch's own)


def _stop_after(steps: int) -> None:
    """After `steps` optimizer steps: the stream ended (the recording complete), then the
    process, at once (its DataLoader workers see their parent gone and end)."""
    from torch.optim import optimizer as om
    done = [0]

    def counted() -> None:
        done[0] += 1
        if done[0] < steps:
            return
        import tensorkitchen
        tensorkitchen.unwatch(0)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(0)

    register = getattr(om, "register_optimizer_step_post_hook", None)
    if register is not None:  # torch 2.x: after the watcher's own hook
        register(lambda *_: counted())
        return
    inner = getattr(om.Optimizer, "_optimizer_step_code")  # noqa: B009 (torch 1.13 only)

    def _optimizer_step_code(self: Any) -> Any:
        result = inner(self)
        counted()
        return result

    setattr(om.Optimizer, "_optimizer_step_code", _optimizer_step_code)  # noqa: B010


# --- the runs, from `python -m tensorkitchen --try KIND …` -------------------------------------

class Cancelled(Exception):
    pass


def _terminated(signum: int, frame: Any) -> None:
    raise Cancelled()


def run_once(kind: str, target: str, args: List[str], module: bool, steps: int, apply: bool,
             at: Optional[Tuple[str, int]], timeout: float) -> Dict[str, Any]:
    """One run: its step times (seconds, in order) and what the fix changed."""
    folder = tempfile.mkdtemp(prefix="tensorkitchen-try-")
    record = os.path.join(folder, "run.tkwatch")
    report = os.path.join(folder, "applied.jsonl")
    config = {"kind": kind, "steps": steps, "apply": apply, "report": report,
              "at": list(at) if at else None}
    cmd = [sys.executable, "-m", "tensorkitchen", "--no-app", "--quiet", "--record", record,
           "--try-run", json.dumps(config)] + (["-m", target] if module else [target]) + args
    # Its own session, so that a cancel stops its DataLoader workers too.
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        _, err = proc.communicate(timeout=timeout)
    except BaseException:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        proc.wait()
        raise
    finally:
        try:  # workers left behind by the stop (they end on their own; not later than here)
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
    try:
        from ._trace import read_recording
        messages = read_recording(record) if os.path.exists(record) else []
        applied = []
        if os.path.exists(report):
            with open(report, encoding="utf-8") as f:
                applied = [json.loads(line) for line in f if line.strip()]
    finally:
        for name in (record, report):
            try:
                os.remove(name)
            except OSError:
                pass
        try:
            os.rmdir(folder)
        except OSError:
            pass
    seconds = [float(m["seconds"]) for m in messages
               if m.get("type") == "step" and isinstance(m.get("seconds"), (int, float))]
    return {"exit_code": proc.returncode, "seconds": seconds, "applied": applied,
            "stderr": err.decode("utf-8", "replace")[-2000:]}


def _kept(runs: List[Dict[str, Any]]) -> List[float]:
    return [s for run in runs for s in run["seconds"][SKIP:]]


def _median(runs: List[Dict[str, Any]]) -> Optional[float]:
    kept = _kept(runs)
    return statistics.median(kept) if kept else None


def run_try(kind: str, target: str, args: List[str], module: bool, steps: int, rounds: int,
            at: Optional[Tuple[str, int]], as_json: bool, timeout: float) -> int:
    """The interleaved runs, then the result on stdout (words, or one JSON object)."""
    previous = signal.signal(signal.SIGTERM, _terminated)
    sides: Dict[str, List[Dict[str, Any]]] = {"as_is": [], "fixed": []}
    began = time.monotonic()
    try:
        for r in range(rounds):
            for side in (("as_is", "fixed") if r % 2 == 0 else ("fixed", "as_is")):
                if not as_json:
                    sys.stderr.write("tensorkitchen --try: round %d of %d, %s…\n"
                                     % (r + 1, rounds, side.replace("_", " ")))
                run = run_once(kind, target, args, module, steps, side == "fixed", at, timeout)
                sides[side].append(run)
                if len(run["seconds"]) <= SKIP:
                    return _failed(kind, run, side, steps, as_json)
    except (Cancelled, KeyboardInterrupt):
        sys.stderr.write("tensorkitchen --try: cancelled\n")
        return 130
    except subprocess.TimeoutExpired:
        sys.stderr.write("tensorkitchen --try: a run took longer than %g s; stopped\n" % timeout)
        return 1
    finally:
        signal.signal(signal.SIGTERM, previous)
    as_is, fixed = _median(sides["as_is"]), _median(sides["fixed"])
    applied = [a for run in sides["fixed"][:1] for a in run["applied"]]
    result: Dict[str, Any] = {
        "kind": kind, "steps": steps, "rounds": rounds, "skipped": SKIP,
        "as_is_s": as_is, "fixed_s": fixed,
        "as_is_steps": len(_kept(sides["as_is"])), "fixed_steps": len(_kept(sides["fixed"])),
        "as_is_runs": [_median([run]) for run in sides["as_is"]],
        "fixed_runs": [_median([run]) for run in sides["fixed"]],
        "applied": applied, "seconds": time.monotonic() - began}
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return 0
    name = os.path.basename(target)
    out = ["%s: %s, up to %d steps a run, %d run(s) each way, interleaved"
           % (kind, name, steps, rounds),
           "  as it is:     %8.2f ms a step (median of %d steps)"
           % (1e3 * (as_is or 0), result["as_is_steps"]),
           "  with the fix: %8.2f ms a step (median of %d steps)"
           % (1e3 * (fixed or 0), result["fixed_steps"])]
    if as_is and fixed:
        out.append("  %.2f× %s; each run's first %d steps left out (start-up, workers starting)"
                   % (as_is / fixed if as_is >= fixed else fixed / as_is,
                      "faster" if as_is >= fixed else "slower", SKIP))
    if not applied:
        out.append("  the fix changed nothing: no DataLoader made%s needed it"
                   % (" at %s:%d" % at if at else ""))
    for a in applied:
        out.append("  fixed %s:%s: %s" % (os.path.basename(str(a.get("file"))), a.get("line"),
                                         ", ".join("%s=%s" % kv for kv in a["changes"].items())))
        if a.get("note"):
            out.append("    note: %s" % a["note"])
    sys.stdout.write("\n".join(out) + "\n")
    return 0


def _failed(kind: str, run: Dict[str, Any], side: str, steps: int, as_json: bool) -> int:
    why = ("the program ended (exit code %s) after %d optimizer step(s), before %d could be "
           "measured" % (run["exit_code"], len(run["seconds"]), SKIP + 1))
    if as_json:
        sys.stdout.write(json.dumps({"kind": kind, "steps": steps, "error": why, "side": side,
                                     "stderr": run["stderr"]}) + "\n")
    else:
        sys.stderr.write("tensorkitchen --try: %s (%s)\n%s" % (why, side.replace("_", " "),
                                                              run["stderr"]))
    return 1
