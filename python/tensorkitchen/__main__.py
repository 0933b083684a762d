"""python -m tensorkitchen [--record FILE] [--socket PATH] [--no-app] script.py [args…]
python -m tensorkitchen [options] -m module [args…]"""
from __future__ import annotations

import os
import sys
from typing import Any, Dict, List, Optional, Tuple

USAGE = """usage: python -m tensorkitchen [options] script.py [args…]
       python -m tensorkitchen [options] -m module [args…]

Runs a PyTorch program and reports its tensors, moves, memory and errors to Tensor Kitchen.

options:
  --record FILE   also write the stream to FILE (a .tkwatch recording)
  --socket PATH   the app's socket (default: $TENSORKITCHEN_SOCKET, else
                  $XDG_RUNTIME_DIR/tensor-kitchen/watch.sock)
  --no-app        do not look for the app; only record
  --quiet         do not say on stderr where an automatic recording goes
  -h, --help      this text
  --version       the package's and the protocol's versions

With no app listening and no --record, the stream is recorded to
./tensorkitchen-<pid>.tkwatch. The exit code is the program's.
"""


class UsageError(Exception):
    pass


def parse(argv: List[str]) -> Tuple[Dict[str, Any], str, bool, List[str]]:
    """Options stop at the first argument that is not one (the script's own follow it)."""
    opts: Dict[str, Any] = {"record": None, "socket": None, "app": True, "announce": True}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        if not arg.startswith("-") or arg == "-":
            break
        name, eq, value = arg.partition("=")
        if name in ("--record", "--socket"):
            if not eq:
                i += 1
                if i >= len(argv):
                    raise UsageError("%s needs a value" % name)
                value = argv[i]
            opts[name[2:]] = value
        elif arg == "--no-app":
            opts["app"] = False
        elif arg == "--quiet":
            opts["announce"] = False
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
    import tensorkitchen

    from . import _runner
    program = target if module else os.path.basename(target)
    # The runner reports uncaught exceptions itself, so no excepthook.
    tensorkitchen.watch(opts["record"], opts["socket"], app=bool(opts["app"]), excepthook=False,
                        announce=bool(opts["announce"]), program=program,
                        argv=[target] + args)
    code = _runner.run(target, args, module=module)
    tensorkitchen.unwatch(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
