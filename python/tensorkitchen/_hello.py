"""The `hello` that opens every stream: the watcher's and each replica rank's (one builder,
so the two cannot drift apart)."""
from __future__ import annotations

import os
import platform
import sys
from typing import Any, Dict, List, Mapping, Optional, Tuple

import torch

from . import _devices, _protocol

Message = Dict[str, Any]


def main_of(main: Optional[Tuple[str, str]] = None) -> Message:
    """What runs as __main__, so that the app can run it again (a finding's "Try the fix"):
    `script` (its absolute path) or `module` (`python -m`), with `executable` and `cwd`.
    `main` is ("script", path) or ("module", name) from `python -m tensorkitchen`; else it is
    read from the __main__ module. Neither in IPython or Jupyter (their kernel is not the
    program)."""
    out: Message = {"executable": sys.executable or "", "cwd": ""}
    try:
        out["cwd"] = os.getcwd()
    except OSError:
        pass  # removed under it: nothing to run again from
    if main is None:
        from . import _notebook
        if _notebook.shell() is not None:
            return out
        module = sys.modules.get("__main__")
        spec = getattr(module, "__spec__", None)
        name = getattr(spec, "name", None)
        file = getattr(module, "__file__", None)
        if isinstance(name, str) and name and name != "__main__":
            main = ("module", name)
        elif isinstance(file, str) and file.endswith(".py"):
            main = ("script", os.path.abspath(file))
    if main is not None:
        out[main[0]] = main[1][:4096]
    return out


def hello_message(program: Optional[str], argv: Optional[List[str]],
                  cuda: bool, main: Optional[Tuple[str, str]] = None) -> Tuple[Message, bool]:
    """The hello (protocol v1) and whether it already named the CUDA devices.

    CUDA devices are named only when the program has initialised CUDA itself: naming them
    would initialise it (a context, hundreds of ms)."""
    argv = list(sys.argv if argv is None else argv)
    if program is None:
        program = os.path.basename(argv[0]) if argv and argv[0] else "python"
    devices = [_devices.cpu_device()]
    named = False
    if cuda and _devices.cuda_initialized():
        try:
            devices += _devices.cuda_devices()
            named = True
        except Exception:
            pass
    message = {"type": "hello", "t": 0, "v": _protocol.VERSION, "pid": os.getpid(),
               "program": program,
               "argv": [str(a)[:4096] for a in argv[:256]], "python": platform.python_version(),
               "torch": str(torch.__version__), "cuda": torch.version.cuda,
               "cuda_count": _devices.cuda_count(), "devices": devices}
    message.update(main_of(main))
    dist = distributed()
    if dist is not None:  # one rank of a job: the replica fields the app already reads
        message.update(dist)
    return message, named


def _small_int(env: Mapping[str, str], key: str) -> Optional[int]:
    value = env.get(key, "")
    return int(value) if value.isdigit() and len(value) <= 6 else None


def distributed(env: Optional[Mapping[str, str]] = None) -> Optional[Message]:
    """This process's place in a job that torchrun (or another launcher setting the same
    variables) started: rank, local rank, world size and the job it belongs to; None outside one.
    Read from the environment only, so nothing of torch.distributed is initialised."""
    env = os.environ if env is None else env
    rank, world = _small_int(env, "RANK"), _small_int(env, "WORLD_SIZE")
    if rank is None or world is None or not 0 <= rank < world:
        return None
    local = _small_int(env, "LOCAL_RANK")
    group = env.get("TORCHELASTIC_RUN_ID") or "%s:%s" % (env.get("MASTER_ADDR", ""),
                                                         env.get("MASTER_PORT", ""))
    return {"rank": rank, "world_size": world, "local_rank": local if local is not None else rank,
            "local_world_size": _small_int(env, "LOCAL_WORLD_SIZE") or world,
            "group": group[:256]}
