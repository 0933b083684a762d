"""python -m tensorkitchen [--record FILE] [--record-max-bytes N] [--trace FILE] [--socket PATH]
    [--no-app] [--quiet] script.py …
python -m tensorkitchen --try KIND [--steps N] [--rounds N] [--at FILE:LINE] [--json] script.py …
python -m tensorkitchen [options] -m module [args…]"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from typing import Any, Dict, List, Optional, Tuple

USAGE = """usage: python -m tensorkitchen [options] script.py [args…]
       python -m tensorkitchen [options] -m module [args…]

Runs a PyTorch program and reports its tensors, moves, memory and errors to Tensor Kitchen.

options:
  --record FILE   also write the stream to FILE (a .tkwatch recording; a new file: if
                  FILE exists, the recording goes beside it, the pid in its name)
  --record-max-bytes N
                  stop writing the recording at N bytes (K, M, G suffixes; 0: no cap;
                  default $TENSORKITCHEN_RECORD_MAX_BYTES, else 1G); the rest is counted
  --trace FILE    when the program ends, write its timeline to FILE as Chrome trace JSON
                  (open it in ui.perfetto.dev or chrome://tracing)
  --socket PATH   the app's socket (default: $TENSORKITCHEN_SOCKET, else
                  $XDG_RUNTIME_DIR/tensor-kitchen/watch.sock)
  --no-app        do not look for the app; only record
  --try KIND      try a finding's fix instead of watching once: run the program again,
                  as it is and with the fix applied where each DataLoader is made, in
                  interleaved rounds of --steps optimizer steps, and say the measured step
                  time of each (KIND: data_wait, non_blocking_unpinned); the program is
                  stopped after its steps
  --steps N       optimizer steps a --try run measures (default 50)
  --rounds N      --try runs each way (default 2)
  --at FILE:LINE  --try fixes only the DataLoader made at FILE:LINE
  --json          --try says its result as one JSON object
  --quiet         do not say on stderr where an automatic recording goes
  -h, --help      this text
  --version       the package's and the protocol's versions

With no app listening and no --record, the stream is recorded into
$XDG_STATE_HOME/tensor-kitchen/ (else ~/.local/state/tensor-kitchen/). A recording that
cannot be made is said on stderr and the program runs unrecorded. The exit code is the
program's.
"""


class UsageError(Exception):
    pass


def parse(argv: List[str]) -> Tuple[Dict[str, Any], str, bool, List[str]]:
    """Options stop at the first argument that is not one (the script's own follow it)."""
    opts: Dict[str, Any] = {"record": None, "trace": None, "socket": None, "app": True,
                            "announce": True, "record-max-bytes": None, "try": None,
                            "try-run": None, "steps": 50, "rounds": 2, "at": None,
                            "json": False, "timeout": 600.0}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        if not arg.startswith("-") or arg == "-":
            break
        name, eq, value = arg.partition("=")
        if name in ("--record", "--trace", "--socket", "--record-max-bytes", "--try",
                    "--try-run", "--steps", "--rounds", "--at", "--timeout"):
            if not eq:
                i += 1
                if i >= len(argv):
                    raise UsageError("%s needs a value" % name)
                value = argv[i]
            opts[name[2:]] = _try_option(name, value)
            if name == "--record-max-bytes":
                from ._recording import parse_size
                try:
                    opts[name[2:]] = parse_size(value)
                except ValueError as exc:
                    raise UsageError("--record-max-bytes: %s" % exc) from None
        elif arg == "--no-app":
            opts["app"] = False
        elif arg == "--quiet":
            opts["announce"] = False
        elif arg == "--json":
            opts["json"] = True
        elif arg in ("-h", "--help"):
            raise SystemExit(sys.stdout.write(USAGE) and 0)
        elif arg == "--version":
            from . import PROTOCOL_VERSION, __version__
            sys.stdout.write("tensorkitchen %s (watch protocol %d)\n"
                             % (__version__, PROTOCOL_VERSION))
            raise SystemExit(0)
        elif arg == "-m":
            if i + 1 >= len(argv):
                raise UsageError("-m needs a module name")
            return opts, argv[i + 1], True, argv[i + 2:]
        else:
            raise UsageError("unknown option %s" % arg)
        i += 1
    if i >= len(argv):
        raise UsageError("no script to run")
    return opts, argv[i], False, argv[i + 1:]


def _try_option(name: str, value: str) -> Any:
    """--try's options, checked (the others as given)."""
    from . import _try
    if name == "--try" and value not in _try.KINDS:
        raise UsageError("--try: no fix to try for %r (%s)" % (value, ", ".join(_try.KINDS)))
    if name in ("--steps", "--rounds"):
        if not value.isdigit() or not 1 <= int(value) <= 100000:
            raise UsageError("%s needs a whole number from 1 to 100000" % name)
        return int(value)
    if name == "--timeout":
        try:
            seconds = float(value)
        except ValueError:
            seconds = 0
        if not seconds > 0:
            raise UsageError("--timeout needs seconds above 0")
        return seconds
    if name == "--at":
        file, _, line = value.rpartition(":")
        if not file or not line.isdigit():
            raise UsageError("--at needs FILE:LINE")
        return (os.path.abspath(file), int(line))
    if name == "--try-run":
        import json
        try:
            config = json.loads(value)
        except ValueError:
            config = None
        if not isinstance(config, dict) or not {"kind", "steps", "report"} <= set(config):
            raise UsageError("--try-run: not a rerun's settings")
        return config
    return value


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        opts, target, module, args = parse(argv)
    except UsageError as exc:
        sys.stderr.write("tensorkitchen: %s\n\n%s" % (exc, USAGE))
        return 2
    if not module and not os.path.exists(target):
        sys.stderr.write("tensorkitchen: can't open file %r: No such file\n" % target)
        return 2
    if opts["try"]:
        from . import _try
        # The parent runs nothing of the program: each run is a process of its own.
        return _try.run_try(opts["try"], target, args, module, opts["steps"], opts["rounds"],
                            opts["at"], opts["json"], opts["timeout"])
    import tensorkitchen

    from . import _runner
    program = target if module else os.path.basename(target)
    # A timeline is made from a recording: the one asked for, or one of our own removed after.
    record, scratch = opts["record"], None
    if opts["trace"] and record is None:
        try:
            scratch = tempfile.mkdtemp(prefix="tensorkitchen-")  # 0700
            record = os.path.join(scratch, "run.tkwatch")
        except OSError:
            pass  # no recording, so no timeline: said when it would be written
    # The runner reports uncaught exceptions itself, so no excepthook.
    watcher = tensorkitchen.watch(record, opts["socket"], app=bool(opts["app"]),
                                  excepthook=False, announce=bool(opts["announce"]),
                                  program=program, argv=[target] + args,
                                  max_record_bytes=opts["record-max-bytes"],
                                  main=("module", target) if module
                                  else ("script", os.path.abspath(target)))
    if opts["try-run"] is not None:  # one run of --try: its fix, and its stop after N steps
        from . import _try
        _try.arm(opts["try-run"])
    code = _runner.run(target, args, module=module)
    tensorkitchen.unwatch(code)
    if opts["trace"]:
        _write_trace(watcher.record_path, opts["trace"], bool(opts["announce"]))
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)
    return code


def _write_trace(recording: Optional[str], out: str, announce: bool) -> None:
    """The program's timeline; a failure is said on stderr and changes nothing else."""
    from . import _hello, _recording, _trace
    out = _recording.rank_path(os.path.abspath(out), _hello.distributed())
    try:
        if recording is None:
            raise OSError("no recording was made")
        n = _trace.write_trace(recording, out)
    except (OSError, ValueError) as exc:
        sys.stderr.write("tensorkitchen: could not write the timeline %s: %s\n" % (out, exc))
        return
    if announce:
        sys.stderr.write("tensorkitchen: timeline (%d events) written to %s\n" % (n, out))


if __name__ == "__main__":
    sys.exit(main())
