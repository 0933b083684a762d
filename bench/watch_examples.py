#!/usr/bin/env python3
"""Programs written by others behave the same watched: public pytorch/examples programs run
as `python3 prog.py …` and as `python3 -m tensorkitchen --no-app --record F prog.py …`, with
their exit codes and their output compared (timings, and numbers of unseeded runs, masked).

The examples are not part of this repository: pass a checkout (or `git archive` of one).
  python3 bench/watch_examples.py --examples /tmp/pyex [--examples-2023 /tmp/pyex-2023]
--examples: any recent commit (tested: 77f55b9, 2025-08-25). --examples-2023: commit
4028977 (2023-01-05), whose word_language_model and distributed/rpc/rnn still run on
torch 1.13; word_language_model gets a tiny corpus cut from its own wikitext-2 files.
Prints one line per program and exits 1 if any differs.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional, Tuple

PACKAGE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

# (folder, command, masks applied to stdout and stderr, sort stderr lines)
Program = Tuple[str, List[str], List[Tuple[str, str]], bool]
NUMBER = (r"[-+]?[0-9]+\.[0-9]+", "<N>")

RECENT: List[Program] = [
    ("regression", ["main.py"], [(r"after [0-9]+ batches", "after <N> batches"), NUMBER], False),
    ("fx", ["profiling_tracer.py"], [(r" *[0-9]+\.[0-9]+(%|us|ms|s)(?![A-Za-z])", r" <N>\1")], False),
    ("fx", ["primitive_library.py"], [], False),
    ("fx", ["invert.py"], [], False),
    ("fx", ["subgraph_rewriter_basic_use.py"], [], False),
    ("time_sequence_prediction", ["generate_sine_wave.py"], [], False),
    ("fx", ["custom_tracer.py"], [], False),  # fails without tabulate: a traceback to compare
]
OLD: List[Program] = [
    ("word_language_model", ["main.py", "--data", "data/tiny", "--epochs", "1", "--emsize", "32",
                             "--nhid", "32", "--log-interval", "10", "--save", "model-{run}.pt"],
     [(r"ms/batch +[0-9.]+", "ms/batch <N>"), (r"time: +[0-9.]+s", "time: <N>s")], False),
    ("distributed/rpc/rnn", ["main.py"], [(r"^[IWE][0-9]{8} [0-9:.]+ +[0-9]+ ", "")], True),
]


def tiny_corpus(folder: str) -> None:
    data = os.path.join(folder, "data")
    tiny = os.path.join(data, "tiny")
    if os.path.isdir(tiny):
        return
    os.makedirs(tiny)
    with open(os.path.join(data, "wikitext-2", "valid.txt"), encoding="utf-8") as f:
        valid = f.readlines()
    with open(os.path.join(data, "wikitext-2", "test.txt"), encoding="utf-8") as f:
        test = f.readlines()
    for name, lines in (("train.txt", valid[:300]), ("valid.txt", valid[300:400]),
                        ("test.txt", test[:100])):
        with open(os.path.join(tiny, name), "w", encoding="utf-8") as f:
            f.writelines(lines)


def masked(text: str, masks: List[Tuple[str, str]], sort: bool) -> List[str]:
    lines = []
    for line in text.splitlines():
        for pattern, repl in masks:
            line = re.sub(pattern, repl, line)
        lines.append(line)
    return sorted(lines) if sort else lines


def run(python: str, cwd: str, argv: List[str], watched: Optional[str], run_id: str
        ) -> Tuple["subprocess.CompletedProcess[str]", float]:
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE
    env.setdefault("OMP_NUM_THREADS", "1")
    argv = [a.replace("{run}", run_id) for a in argv]
    cmd = [python] + (["-m", "tensorkitchen", "--no-app", "--record", watched] if watched else [])
    t0 = time.monotonic()
    proc = subprocess.run(cmd + argv, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)
    return proc, time.monotonic() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", required=True)
    parser.add_argument("--examples-2023")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    programs = [(args.examples, p) for p in RECENT]
    if args.examples_2023:
        tiny_corpus(os.path.join(args.examples_2023, "word_language_model"))
        programs += [(args.examples_2023, p) for p in OLD]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n, (root, (folder, argv, masks, sort)) in enumerate(programs):
            cwd = os.path.join(root, folder)
            # A name of its own: several are main.py, and a recording is always a new file.
            rec = os.path.join(tmp, "%d-%s.tkwatch" % (n, argv[0]))
            plain, t_plain = run(args.python, cwd, argv, None, "plain")
            watched, t_watched = run(args.python, cwd, argv, rec, "watched")
            same = (plain.returncode == watched.returncode
                    and masked(plain.stdout, masks, sort) == masked(watched.stdout, masks, sort)
                    and masked(plain.stderr, masks, sort) == masked(watched.stderr, masks, sort))
            with open(rec, "rb") as f:
                lines = f.read().splitlines()
            ended = lines and b'"type":"bye"' in lines[-1]
            failures += not (same and ended)
            print("%-5s %-48s exit %d/%d  %5.1f s / %5.1f s  %d messages%s" % (
                "same" if same else "DIFF", os.path.join(folder, argv[0]), plain.returncode,
                watched.returncode, t_plain, t_watched, len(lines), "" if ended else ", no bye"))
            if not same:
                sys.stdout.write("--- plain stderr ---\n%s--- watched stderr ---\n%s" % (
                    plain.stderr[-1500:], watched.stderr[-1500:]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
