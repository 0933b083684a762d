"""The lines of a step loop that read values back (.item(), print, …) or pin memory: counted
per step, per line, sent with the step message as `calls`; the program's output unchanged."""
from __future__ import annotations

import subprocess
import sys
from typing import Any, Dict, List

from conftest import SCRIPTS, script_line
from test_scripts import check_stream


def calls_of(step: Dict[str, Any]) -> Dict[tuple, Dict[str, Any]]:
    return {(c["line"], c["what"]): c for c in step.get("calls", [])}


def test_item_in_every_step_is_counted_at_its_line(run_watched):
    w = run_watched("findings/sync_in_step.py")
    check_stream(w, 0)
    plain = subprocess.run([sys.executable, str(SCRIPTS / "findings/sync_in_step.py")],
                           capture_output=True, text=True, timeout=120)
    assert w.proc.stdout == plain.stdout and "mean loss" in plain.stdout
    steps: List[Dict[str, Any]] = w.of("step")
    assert [s["n"] for s in steps] == list(range(1, 9))
    line = script_line("findings/sync_in_step.py", "running += loss.item()")
    # The read after step n is counted in step n + 1 (the step it delays); after the last step
    # no step ends, so its read is not sent.
    assert "calls" not in steps[0]
    for s in steps[1:]:
        [call] = s["calls"]
        assert (call["line"], call["what"], call["n"], call["device"]) == (line, "item", 1, "cpu")
        assert call["file"] == str(SCRIPTS / "findings/sync_in_step.py")
        assert call["seconds"] >= 0


def test_the_twin_reads_once_after_the_loop(run_watched):
    w = run_watched("findings/sync_in_step_fixed.py")
    check_stream(w, 0)
    assert all("calls" not in s for s in w.of("step"))


def test_print_format_tolist_numpy_each_once_and_not_torchs_own(run_watched):
    w = run_watched("findings/reads_in_step.py")
    check_stream(w, 0)
    name = "findings/reads_in_step.py"
    want = {(script_line(name, "# printed"), "__repr__"),
            (script_line(name, "# formatted"), "__format__"),
            (script_line(name, "# tolist"), "tolist"),
            (script_line(name, "# numpy"), "numpy")}
    steps = w.of("step")
    assert len(steps) == 4
    for s in steps[1:]:
        calls = calls_of(s)
        # print(loss) formats through torch's own code (item() inside), Adam reads its step
        # counter: neither is the program's line, so each read is counted once, where written.
        assert set(calls) == want, calls
        assert all(c["n"] == 1 for c in calls.values())
    assert len(w.proc.stdout.splitlines()) == 8


HIDDEN = {"# truth test": "__bool__", "# float": "__float__", "# int": "__int__",
          "# nonzero": "nonzero", "# masked_select": "masked_select", "# unique": "unique",
          "# repeat_interleave": "repeat_interleave"}


def test_hidden_syncs_each_counted_at_its_line_with_its_kind(run_watched):
    name = "findings/hidden_syncs.py"
    w = run_watched(name)
    check_stream(w, 0)
    plain = subprocess.run([sys.executable, str(SCRIPTS / name)], capture_output=True,
                           text=True, timeout=120)
    assert w.proc.stdout == plain.stdout and "last loss" in plain.stdout
    want = {(script_line(name, marker), what) for marker, what in HIDDEN.items()}
    steps = w.of("step")
    assert len(steps) == 8
    for s in steps[1:]:  # a step's reads are sent with the next step
        calls = calls_of(s)
        assert set(calls) == want, calls
        assert all(c["n"] == 1 and c["device"] == "cpu" for c in calls.values())


def test_hidden_syncs_twin_counts_nothing_in_its_steps(run_watched):
    w = run_watched("findings/hidden_syncs_fixed.py")
    check_stream(w, 0)
    assert len(w.of("step")) == 8
    assert all("calls" not in s for s in w.of("step"))
