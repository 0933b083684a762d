"""The coalesced `window` (tensorkitchen._protocol): what the watcher writes for a loop of many
steps, how it expands, and that the committed fixture the app's test reads
(tests/fixtures/window) is still what this expansion gives."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Dict, List

import torch
from conftest import read_lines, read_recording
from torch.utils.data import DataLoader, TensorDataset

import tensorkitchen
from tensorkitchen import _protocol, _transport

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "window"


def test_fixture_expands_as_committed():
    lines = [json.loads(x) for x in (FIXTURE / "window.tkwatch").read_text().splitlines()]
    expected = [json.loads(x) for x in
                (FIXTURE / "window.expanded.jsonl").read_text().splitlines()]
    assert sum(m["type"] == "window" for m in lines) >= 2
    assert _protocol.messages(lines) == expected


def _loop(steps: int, record: Path) -> None:
    model = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    loader = DataLoader(TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,))),
                        batch_size=4)
    tensorkitchen.watch(record=str(record), app=False, announce=False)
    try:
        n = 0
        while n < steps:
            for xb, yb in loader:
                shadow = xb.to("meta")
                opt.zero_grad()
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                loss.backward()
                opt.step()
                loss.item()
                n += 1
                if n == steps:
                    break
        del shadow
    finally:
        tensorkitchen.unwatch()


def test_many_steps_are_windows_of_few_bytes(tmp_path):
    rec = tmp_path / "steps.tkwatch"
    start = time.monotonic()
    _loop(3000, rec)
    seconds = time.monotonic() - start
    lines = read_lines(rec)
    kinds = [m["type"] for m in lines]
    # Not one line per event: the steps, moves and waits came in windows, ~10 a second.
    assert not {"step", "move", "data_wait"} & set(kinds)
    assert 1 <= kinds.count("window") <= seconds / _protocol.WINDOW_SECONDS + 3
    assert rec.stat().st_size / 3000 < 100  # bytes a step (≈850 as one message each)
    messages = read_recording(rec)
    steps = [m for m in messages if m["type"] == "step"]
    moves = [m for m in messages if m["type"] == "move"]
    waits = [m for m in messages if m["type"] == "data_wait"]
    assert [s["n"] for s in steps] == list(range(1, 3001))
    assert [m["id"] for m in moves] == list(range(1, 3001))
    # Each event keeps what it had as a message of its own.
    assert [m["step"] for m in moves] == list(range(3000))
    assert [w["batch"] for w in waits[:20]] == list(range(16)) + list(range(4))
    assert all(m["name"] == "xb" and m["to"] == "meta" and m["bytes"] == 64 for m in moves)
    assert all(s["moves"] == 1 and s["bytes"] == 64 and s["optimizer"] == "SGD" for s in steps)
    ts = [m["t"] for m in messages if m["type"] in ("step", "move", "data_wait")]
    assert ts == sorted(ts)
    # A step's reads back of the loss: in the step after (as a step message carries them).
    assert all(s["calls"][0]["what"] == "item" and s["calls"][0]["n"] == 1 for s in steps[1:])


def _window(rows: int) -> Dict[str, Any]:
    w = _protocol.Window(1.0, 7)
    move = w.add_site("m", {"type": "move", "api": "Tensor.to", "kind": "tensor",
                            "from": "cpu", "to": "meta", "bytes": 8}, 8)
    step = w.add_site("s", {"type": "step", "optimizer": "SGD"})
    for i in range(rows):
        w.add((move, 1.0 + i * 1e-5, 2e-6, 41 + i))
        w.add((step, 1.0 + i * 1e-5 + 5e-6, 1e-5, None, None, 0.0, 0, 0.0))
    return w.message(2.0, lambda *a: None, [0.0, 0.0, 0, 0])


def test_expand_gives_ids_steps_and_seconds():
    out = _protocol.expand(_window(2))
    assert [m["type"] for m in out] == ["move", "step", "move", "step"]
    assert [m.get("id") for m in out] == [41, None, 42, None]
    assert [m.get("n") for m in out] == [None, 8, None, 9]
    assert out[2]["step"] == 8 and out[0]["seconds"] == 2e-6
    assert abs(out[3]["t"] - (1.0 + 1e-5 + 5e-6)) < 1.5e-6


def test_a_step_adds_up_what_came_before_it_across_windows():
    carry = [0.0, 0.0, 0, 0]
    first = _protocol.Window(0.0, 0)
    move = first.add_site("m", {"type": "move", "bytes": 64}, 64)
    wait = first.add_site("w", {"type": "data_wait"})
    first.add((wait, 0.001, 3e-4, 0))
    first.add((move, 0.002, 2e-5, 1))
    first.add((move, 0.003, None, 2))  # timed by CUDA events: its seconds come with the step
    one = _protocol.expand(first.message(0.1, lambda *a: None, carry))
    assert [m["type"] for m in one] == ["data_wait", "move", "move"]
    second = _protocol.Window(0.1, 0)
    step = second.add_site("s", {"type": "step", "optimizer": "SGD"})
    second.add((step, 0.15, 0.15, None, None, 0.0, 0, 5e-6))
    second.add((step, 0.2, 0.05, None, None, 0.0, 0, 0.0))
    steps = _protocol.expand(second.message(0.2, lambda *a: None, carry))
    assert steps[0]["moves"] == 2 and steps[0]["bytes"] == 128
    assert steps[0]["wait_s"] == 3e-4 and steps[0]["copy_s"] == 2.5e-5
    assert steps[1]["moves"] == 0 and steps[1]["wait_s"] == 0.0 and steps[1]["copy_s"] == 0.0
    assert carry == [0.0, 0.0, 0, 0]


def test_a_window_too_long_for_a_line_is_split_losing_nothing():
    message = _window(6000)
    lines = _transport.encode_lines(message)
    assert len(lines) >= 2 and all(len(x) <= _protocol.MAX_LINE + 1 for x in lines)
    parts = [json.loads(x) for x in lines]
    whole = _protocol.expand(message)
    split = _protocol.messages(parts)
    assert len(split) == len(whole) == 12000
    for a, b in zip(whole, split):
        assert {k: v for k, v in a.items() if k != "t"} == {k: v for k, v in b.items() if k != "t"}
        assert abs(a["t"] - b["t"]) < 1e-6


def test_events_past_the_limit_are_dropped_and_counted(monkeypatch):
    monkeypatch.setattr(_protocol, "MAX_WINDOW_EVENTS", 3)
    w = _protocol.Window(0.0, 0)
    w.add_site("m", {"type": "move"}, 8)
    for i in range(5):
        w.add((0, i * 1e-3, None, i + 1))
    message = w.message(1.0, lambda *a: None, [0.0, 0.0, 0, 0])
    assert message["site"] == [0, 0, 0] and w.overflow == 2 and message["id0"] == 1


_KINDS = {"int": (int,), "number": (int, float), "string": (str,), "bool": (bool,),
          "device": (str,), "array": (list,), "object": (dict,)}


def _conforms(message: Dict[str, Any]) -> List[str]:
    """What in a message is not as _protocol.MESSAGES declares it (empty when all is)."""
    kind = message["type"]
    fields = _protocol.MESSAGES.get(kind)
    if fields is None:
        return ["%s: not a declared type" % kind]
    wrong = []
    for name, value in message.items():
        if name in ("type", "t") or value is None:
            continue
        declared = fields.get(name)
        if declared is None:
            wrong.append("%s.%s: not declared" % (kind, name))
        elif not isinstance(value, _KINDS[declared]) or \
                (declared in ("int", "number") and isinstance(value, bool)):
            wrong.append("%s.%s: %r is not %s" % (kind, name, value, declared))
    return wrong


def test_what_the_watcher_sends_is_declared(run_watched, tmp_path):
    # A loop of steps, moves, waits and reads; a script's errors and module moves; a DataLoader
    # with its dataset; the recording's own lines and what its windows stand for.
    rec = tmp_path / "steps.tkwatch"
    _loop(200, rec)
    recordings = [read_lines(rec), read_recording(rec)]
    for script in ("seed000_device.py", "seed003_dataloader.py", "findings/reads_in_step.py",
                   "errors/program.py"):
        w = run_watched(script)
        recordings.append(w.messages)
        recordings.append(read_lines(tmp_path / (Path(script).stem + ".tkwatch")))
    seen = set()
    for messages in recordings:
        for m in messages:
            assert not _conforms(m), _conforms(m)
            seen.add(m["type"])
    assert {"hello", "window", "move", "data_wait", "step", "memory", "tensors", "error",
            "bye"} <= seen, seen


def test_a_window_keeps_nothing_of_the_users_alive(tmp_path):
    # Sites are keyed by ids: the window must not hold the module or dataset it names, or
    # `del model` would not free it until the sender took the window.
    import weakref
    tensorkitchen.watch(record=str(tmp_path / "alive.tkwatch"), app=False, announce=False)
    try:
        model = torch.nn.Linear(4, 2)
        gone_model = weakref.ref(model)
        model.to("meta")
        del model
        data = TensorDataset(torch.randn(8, 4))
        gone_data = weakref.ref(data)
        for _ in DataLoader(data, batch_size=4):
            pass
        del data
        assert gone_model() is None and gone_data() is None
    finally:
        tensorkitchen.unwatch()
