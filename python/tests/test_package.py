"""The package's parts and its boundary: what `import tensorkitchen` loads, who may import
the Watcher, and the state every part counts in (python/README.md, "The package's parts")."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Set

import pytest

from tensorkitchen import _state, _watcher

PACKAGE = Path(_watcher.__file__).parent
# What serves the app, not a watched program: the console's Python half and the race lanes.
APP_SIDE = {"_console", "_console_moves", "_console_objects", "_matmul_lane", "_replica_launch",
            "_replica_rank", "replicas", "_runner", "__main__", "_trace", "_notebook"}
# The parts that watch: each sees the state and the outbox, never the Watcher.
PARTS = ["_watch_moves", "_watch_steps", "_errors", "_notebook", "_sampler", "_gpu_idle",
         "_hooks", "_outbox", "_state"]


def imported(module: str) -> Set[str]:
    """The package's modules that `module` imports (at any level of its source)."""
    tree = ast.parse((PACKAGE / (module + ".py")).read_text(encoding="utf-8"))
    names: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                names.add(node.module)
            else:
                names.update(a.name for a in node.names)
    return names


def test_import_tensorkitchen_loads_none_of_the_apps_side() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "import sys, tensorkitchen; print(' '.join(sorted("
         "m.split('.', 1)[1] for m in sys.modules if m.startswith('tensorkitchen.'))))"],
        capture_output=True, text=True, timeout=120, cwd=str(PACKAGE.parent))
    assert out.returncode == 0, out.stderr
    loaded = set(out.stdout.split())
    assert "_watcher" in loaded and "_watch_moves" in loaded  # the check reads what it means
    assert not loaded & APP_SIDE, loaded & APP_SIDE


def test_only_the_package_entry_imports_the_watcher() -> None:
    importers = sorted(p.stem for p in PACKAGE.glob("*.py")
                       if p.stem != "_watcher" and "_watcher" in imported(p.stem))
    assert importers == ["__init__"]


@pytest.mark.parametrize("part", PARTS)
def test_a_part_never_sees_the_watcher(part: str) -> None:
    source = (PACKAGE / (part + ".py")).read_text(encoding="utf-8")
    assert "_watcher" not in imported(part)
    assert "Watcher" not in {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}


def test_the_state_holds_what_the_parts_count() -> None:
    """A part that set an attribute of its own on the state would fail here (slots), and every
    attribute is named in the module's table of who may touch it."""
    state = _state.WatchState(cuda=False)
    with pytest.raises(AttributeError):
        state.something_new = 1  # type: ignore[attr-defined]
    table = _state.__doc__ or ""
    for name in _state.WatchState.__slots__:
        assert name in table, name
