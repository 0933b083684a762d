"""tensorkitchen/_console.py, the console's Python half, loaded as the app loads it: the package
imported from its folder, then `_tk_move` put into tensorkitchen._console. Each test runs in a
fresh interpreter: the console wraps Tensor.to and Module.to for the whole process."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict

from conftest import PACKAGE_ROOT, env_with_package, read_recording

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


def test_the_console_and_the_watcher_share_one_move_hook(tmp_path: Path) -> None:
    """One implementation (tensorkitchen._moves) intercepts a move for both: with the console
    loaded and a watcher started, a .to() is recorded by the console and reported by the
    watcher; once the watcher stops, the console's hook is the one in place and still works."""
    rec = tmp_path / "both.tkwatch"
    out = console("""
        import torch
        import tensorkitchen
        from tensorkitchen import _moves
        console_to, console_module_to = torch.Tensor.to, torch.nn.Module.to
        run('x = torch.ones(4)\\nm = nn.Linear(3, 2)\\nd = "me" + "ta"\\n')
        tensorkitchen.watch(record=%r, app=False, announce=False)
        watcher_to = torch.Tensor.to
        made_in = {f.__code__.co_filename for f in (console_to, console_module_to, watcher_to,
                                                    torch.nn.Module.to)}
        wraps = watcher_to.__wrapped__ is console_to
        watched = run('y = x.to(d)\\nm.to(d)\\n')
        tensorkitchen.unwatch()
        restored = torch.Tensor.to is console_to and torch.nn.Module.to is console_module_to
        after = run('z = x.to(d)\\n')
        print(json.dumps({"made_in": sorted(made_in), "moves_py": _moves.__file__,
                          "wraps": wraps, "restored": restored, "watched": watched,
                          "after": after, "calls": calls}))
    """ % str(rec))
    assert out["made_in"] == [out["moves_py"]]  # every wrapper is _moves' own code
    assert out["wraps"] and out["restored"]
    tensor_move, module_move = (r["moves"] for r in out["watched"])
    assert [(m["src_dev"], m["out_dev"], m["meaning"]) for m in tensor_move + module_move] == \
        [("cpu", "meta", "newname"), ("cpu", "meta", "reassign")]
    (later,) = out["after"][0]["moves"]
    assert (later["source"], later["result"], later["out_dev"]) == ("x", "z", "meta")
    # MovePath ran each move once: the module's parameters are not moves of their own.
    assert out["calls"] == [["cpu", "meta", 16, "x"], ["cpu", "meta", 32, "m"],
                            ["cpu", "meta", 16, "x"]]
    reported = [(m["kind"], m["api"], m["name"], m["from"], m["to"], m["bytes"], m["line"])
                for m in read_recording(rec) if m["type"] == "move"]
    assert reported == [("tensor", "Tensor.to", "x", "cpu", "meta", 16, 1),
                        ("module", "Module.to", "m", "cpu", "meta", 32, 2)]


def test_a_failed_move_shows_no_console_frame() -> None:
    """The console's move wrappers take their own frames off a passing exception, as the
    watcher's do: the user's own `except` sees Python's traceback, and so does a refusal (here
    MovePath is Python, so its own frame, <string>, is there too; the app's is C++)."""
    out = console("""
        def _tk_move(call, src, dst, nbytes, name):
            if name == "big":
                raise RuntimeError("not enough memory for a copy of big")
            call()
            return 0.0
        scope["_tk_move"] = _tk_move
        results = run('''
        import traceback
        x = torch.ones(2)
        big = torch.ones(3)
        d = "me" + "ta"  # (a statement naming a device would enter the console's device watch)
        files = []
        for fn in (lambda: x.to("nowhere"), lambda: big.to(d),
                   lambda: nn.Linear(2, 2).to("nowhere")):
            try:
                fn()
            except RuntimeError as e:
                files.append([f.filename for f in traceback.extract_tb(e.__traceback__)])
        ''')
        print(json.dumps({"files": ns["files"], "results": results}))
    """)
    assert all(r["error"] is None for r in out["results"])
    bad_device, refused, module = out["files"]
    assert bad_device == ["<console>", "<console>", "<string>"]  # Tensor.to is C: no frame
    assert refused == ["<console>", "<console>", "<string>"]
    assert module[:3] == ["<console>", "<console>", "<string>"]  # then torch's own frames
    assert not any(f.startswith(str(FOLDER)) for f in module)
