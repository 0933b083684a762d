"""tensorkitchen._matmul_lane: the matmul race's Python lane times `a @ b` with
torch.utils.benchmark, answers every request (a point or an error), refuses bad requests and
ends with its stdin."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any, Dict, List

import pytest
import torch
from conftest import env_with_package

from tensorkitchen import _matmul_lane


def request(**fields: Any) -> str:
    base: Dict[str, Any] = {"n": 16, "device": "cpu", "dtype": "float32", "mode": "compute",
                            "min_run_time": 0.02}
    base.update(fields)
    return json.dumps(base)


def serve(lines: List[str]) -> List[Dict[str, Any]]:
    replies: List[Dict[str, Any]] = []
    _matmul_lane.serve(io.StringIO("\n".join(lines) + "\n"), replies.append)
    return replies


def test_a_point_is_torch_utils_benchmark_figures() -> None:
    (reply,) = serve([request(n=32)])
    assert reply["n"] == 32
    assert reply["median_s"] > 0 and reply["cold_s"] > 0 and reply["cpu_s"] >= 0
    assert reply["blocks"] >= 1 and reply["number_per_run"] >= 1
    assert reply["threads"] == torch.get_num_threads()
    # blocked_autorange's own figures: the IQR is never negative, the median is per call.
    assert 0 <= reply["iqr_s"] < 1


@pytest.mark.parametrize("fields, words", [
    ({"n": 0}, "n must be"),
    ({"n": True}, "n must be"),
    ({"n": 70000}, "n must be"),
    ({"dtype": "Tensor"}, "unknown dtype"),
    ({"dtype": "__class__"}, "unknown dtype"),
    ({"mode": "fast"}, "mode must be"),
    ({"min_run_time": float("nan")}, "min_run_time"),
    ({"min_run_time": 600}, "min_run_time"),
    ({"device": 3}, "device must be"),
    ({"device": "tpu"}, "RuntimeError"),  # torch's own word for a device it does not know
])
def test_bad_requests_get_an_error_and_the_lane_goes_on(fields: Dict[str, Any], words: str) -> None:
    replies = serve([request(**fields), "not json", "[1, 2]", "", request(n=8)])
    assert len(replies) == 4  # the blank line is skipped, every other line answered
    assert words in replies[0]["error"]
    assert "not JSON" in replies[1]["error"]
    assert "JSON object" in replies[2]["error"]
    assert replies[3]["n"] == 8 and replies[3]["median_s"] > 0


def test_the_process_says_hello_answers_and_ends_with_its_input() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tensorkitchen._matmul_lane", "--threads", "1"],
        input=request(n=8) + "\n", env=env_with_package(), capture_output=True, text=True,
        timeout=120)
    assert proc.returncode == 0, proc.stderr
    hello, reply = [json.loads(line) for line in proc.stdout.splitlines()]
    assert hello["hello"] == 1 and hello["threads"] == 1
    assert hello["torch"] == torch.__version__
    assert reply["n"] == 8 and reply["threads"] == 1
