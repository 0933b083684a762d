"""A named tensor's autograd graph in the name samples (`graph`, `assigned`): what the app's
graph_kept finding reads. History kept across steps grows sample after sample; a loss rebuilt
each step does not; nothing of the graph is kept by the watcher."""
from __future__ import annotations

import gc
import sys
import weakref

import torch
from conftest import script_line
from test_scripts import check_stream

from tensorkitchen import _frames, _sampler


def samples_of(w, name):
    return [i for m in w.of("tensors") for i in m["items"] if i["name"] == name]


def test_history_kept_grows_from_sample_to_sample_at_its_assignment(run_watched):
    script = "findings/graph_kept.py"
    w = run_watched(script)
    check_stream(w, 0)
    kept = [i for i in samples_of(w, "total_loss") if "graph" in i]
    assert len(kept) >= 3
    nodes = [i["graph"] for i in kept]
    assert nodes == sorted(nodes) and nodes[-1] > nodes[0] + 20
    assigned = {i["assigned"] for i in kept if "assigned" in i}
    assert assigned == {script_line(script, "# the line the finding names")}
    losses = {i["graph"] for i in samples_of(w, "loss")}
    assert len(losses) == 1  # a step's own loss: the same graph each step


def test_the_twin_keeps_no_history(run_watched):
    w = run_watched("findings/graph_kept_fixed.py")
    check_stream(w, 0)
    samples = samples_of(w, "total_loss")
    assert samples and all("graph" not in i for i in samples)


def test_counting_a_graph_keeps_nothing_of_it():
    x = torch.ones(3, requires_grad=True)
    y = (x * 2).sum()
    fn = y.grad_fn
    before = sys.getrefcount(fn)
    assert _sampler.graph_nodes(fn) == 3  # SumBackward0, MulBackward0, AccumulateGrad
    assert _sampler.graph_nodes(fn, limit=2) == 2
    assert sys.getrefcount(fn) == before
    ref = weakref.ref(y)
    del y, fn
    gc.collect()
    assert ref() is None


def test_the_assignment_line_prefers_the_augmented_one():
    code = compile("total = 0\nfor i in range(3):\n    total += i\n    other = total\n", "x.py",
                   "exec")
    assert _frames.assigned_at(code, "total") == 3
    assert _frames.assigned_at(code, "other") == 4
    assert _frames.assigned_at(code, "nothing") is None
