"""tensorkitchen/_console.py, the console's Python half, loaded as the app loads it: the package
imported from its folder, then `_tk_move` put into tensorkitchen._console. Each test runs in a
fresh interpreter: the console wraps Tensor.to and Module.to for the whole process."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from typing import Any, Dict

from conftest import PACKAGE_ROOT, env_with_package

FOLDER = PACKAGE_ROOT / "tensorkitchen"

# What the app does (PythonRuntime), with a MovePath that records its calls and times nothing.
LOADER = textwrap.dedent("""
    import importlib, importlib.util, json, sys
    folder = sys.argv[1]
    spec = importlib.util.spec_from_file_location(
        "tensorkitchen", folder + "/__init__.py", submodule_search_locations=(folder,))
    package = importlib.util.module_from_spec(spec)
    sys.modules["tensorkitchen"] = package
    spec.loader.exec_module(package)
    helpers = importlib.import_module("tensorkitchen._console")
    scope = helpers.__dict__
    calls = []
    def _tk_move(call, src, dst, nbytes, name):
        calls.append([src, dst, nbytes, name])
        call()
        return 0.25
    scope["_tk_move"] = _tk_move
    ns = scope["make_namespace"]()
    def run(source):
        results = []
        for code, text, line in scope["parse"](source):
            error, moves, mixes = scope["execute"](code, ns, text)
            for m in moves:
                m.pop("src_tensor")
            results.append({"text": text, "line": line, "error": error, "moves": moves})
        return results
""")


def console(program: str) -> Dict[str, Any]:
    """Runs `program` after the loader; it prints one JSON object, returned here."""
    proc = subprocess.run([sys.executable, "-c", LOADER + textwrap.dedent(program), str(FOLDER)],
                          env=env_with_package(), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out: Dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    return out


def test_a_move_goes_through_move_path_and_is_classified() -> None:
    out = console("""
        results = run('x = torch.ones(4)\\ny = x.to("meta")\\nx.to("meta")\\n')
        print(json.dumps({"results": results, "calls": calls}))
    """)
    first, second, third = out["results"]
    assert first["moves"] == [] and first["error"] is None
    (move,) = second["moves"]
    assert move["src_dev"] == "cpu" and move["out_dev"] == "meta" and move["requested"] == "meta"
    assert move["nbytes"] == 16 and move["line"] == 2 and move["seconds"] == 0.25
    assert (move["meaning"], move["source"], move["result"]) == ("newname", "x", "y")
    assert third["moves"][0]["meaning"] == "discard"  # a result no name holds
    # Every move ran through MovePath, named as the user named it.
    assert out["calls"] == [["cpu", "meta", 16, "x"], ["cpu", "meta", 16, "x"]]


def test_a_module_move_reassigns_and_library_moves_are_not_the_users() -> None:
    out = console("""
        results = run('m = nn.Linear(3, 2)\\nm.to("meta")\\n')
        print(json.dumps({"results": results, "calls": calls}))
    """)
    (move,) = out["results"][1]["moves"]
    assert move["module"] and move["meaning"] == "reassign" and move["result"] == "m"
    assert move["nbytes"] == (3 * 2 + 2) * 4
    # The module's own parameter moves inside Module.to are not recorded on their own.
    assert out["calls"] == [["cpu", "meta", 32, "m"]]


def test_an_error_shows_the_users_frames_only() -> None:
    out = console("""
        results = run('a = torch.ones(2, 3)\\nb = a @ a\\n')
        print(json.dumps(results))
    """)
    error = out[1]["error"] if isinstance(out, list) else out["results"][1]["error"]
    kind, message, shown, line = error
    assert kind == "RuntimeError" and line == 2
    assert 'File "<console>", line 2' in shown and "tensorkitchen" not in shown
    assert "mat1 and mat2 shapes cannot be multiplied" in message


def test_bad_source_is_an_error_not_a_crash() -> None:
    out = console("""
        parsed = scope["parse"]("x = (1,\\n")
        results = run('print("hello")\\n')
        print(json.dumps({"parsed": parsed, "output": scope["take_output"](),
                          "results": results}))
    """)
    kind, _message, shown, line = out["parsed"]
    assert kind == "SyntaxError" and line >= 1 and "SyntaxError" in shown
    assert out["output"] == ["hello", "\n"]  # print's output captured, not on the real stdout
