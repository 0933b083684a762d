"""`%load_ext tensorkitchen` in a real Jupyter kernel (ipykernel through nbclient, as Jupyter
runs a notebook) and in plain IPython: events name their cell, the notebook's variables are
sampled, a result assigned in a cell gets its name, each cell ends with its totals, an error
names its cell, and with no app listening it records into the user's state folder, said once."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest
from conftest import (
    PACKAGE_ROOT,
    automatic_recordings,
    env_with_package,
    of_type,
    read_recording,
)

CELLS = [
    "import torch\n%load_ext tensorkitchen",
    "x = torch.ones(3)\ny = x.to('meta')\nmodel = torch.nn.Linear(2, 2)",
    "batch = torch.ones(8, 64).to('meta')",
    "z = x + y",
    "%unload_ext tensorkitchen",
    "after = torch.ones(2).to('meta')",
]


def _check_recording(messages: List[Dict[str, Any]], counts: List[int]) -> None:
    load, made, assigned, failing, unload, _after = counts
    moves = of_type(messages, "move")
    assert [(m["name"], m["cell"], m["line"]) for m in moves] == [("x", made, 2),
                                                                 ("batch", assigned, 1)]
    cells = of_type(messages, "cell")
    assert [(c["n"], c["moves"], c["error"]) for c in cells] == [
        (made, 1, False), (assigned, 1, False), (failing, 0, True)]
    assert cells[1]["bytes"] == 8 * 64 * 4
    (error,) = of_type(messages, "error")
    assert error["kind"] == "device_mismatch"
    assert error["cell"] == failing and error["line"] == 1 and error["code"] == "z = x + y"
    assert error["traceback"][-1]["cell"] == failing
    # The notebook's names, as they stand after a cell: its tensors and its model are cards.
    names = {(i["name"], i["device"]) for t in of_type(messages, "tensors") for i in t["items"]}
    assert {("x", "cpu"), ("y", "meta"), ("model", "cpu"), ("batch", "meta")} <= names
    assert messages[-1]["type"] == "bye"  # %unload_ext ended the stream: `after` is not in it
    assert load < made < assigned < failing < unload


def test_a_jupyter_kernel_names_each_cell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    # The kernel inherits this environment: the package from this tree, the suite's socket
    # (nothing listens there), and a quiet debugger.
    state = tmp_path / "state"
    for key, value in env_with_package({"PYDEVD_DISABLE_FILE_VALIDATION": "1",
                                        "XDG_STATE_HOME": str(state)}).items():
        monkeypatch.setenv(key, value)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    counts = [cell.execution_count for cell in nb.cells]
    stderr = [o["text"] for cell in nb.cells for o in cell.outputs
              if o.get("output_type") == "stream" and o.get("name") == "stderr"
              and "tensorkitchen" in o.get("text", "")]
    recordings = automatic_recordings(str(state))
    assert len(recordings) == 1, list(tmp_path.iterdir())
    # Said once, in the cell that loaded it, where the recording is.
    assert len(stderr) == 1 and str(recordings[0]) in stderr[0], stderr
    errors = [o for o in nb.cells[3].outputs if o.get("output_type") == "error"]
    assert errors and errors[0]["ename"] == "RuntimeError"  # the user's error, untouched
    _check_recording(read_recording(recordings[0]), counts)


PLAIN_IPYTHON = """
import sys
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
counts = []
for source in sys.argv[1:]:
    result = shell.run_cell(source, store_history=True)
    counts.append(result.execution_count)
print("COUNTS", counts)
"""


# The same with tensorkitchen.watch() and unwatch() in cells: watch() in IPython follows its
# cells as %load_ext does.
WATCH_CELLS = ["import torch, tensorkitchen\nw = tensorkitchen.watch()"] + CELLS[1:4] + [
    "tensorkitchen.unwatch()", CELLS[5]]


@pytest.mark.parametrize("cells", [CELLS, WATCH_CELLS], ids=["load_ext", "watch"])
def test_plain_ipython_names_each_cell(tmp_path: Path, cells: List[str]) -> None:
    pytest.importorskip("IPython")
    state = tmp_path / "state"
    proc = subprocess.run([sys.executable, "-c", PLAIN_IPYTHON] + cells,
                          env=env_with_package({"XDG_STATE_HOME": str(state)}),
                          cwd=str(tmp_path), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    counts = eval(proc.stdout.split("COUNTS", 1)[1].strip())
    recordings = automatic_recordings(str(state))
    assert len(recordings) == 1, proc.stderr
    assert proc.stderr.count("recording to %s" % recordings[0]) == 1
    _check_recording(read_recording(recordings[0]), counts)


def test_the_extension_is_found_where_ipython_looks() -> None:
    import tensorkitchen
    assert callable(tensorkitchen.load_ipython_extension)
    assert callable(tensorkitchen.unload_ipython_extension)
    assert os.path.isdir(PACKAGE_ROOT / "tensorkitchen")
