"""The `hello` that opens every stream: the watcher's and each replica rank's (one builder,
so the two cannot drift apart)."""
from __future__ import annotations

import os
import platform
import sys
from typing import Any, Dict, List, Optional, Tuple

import torch

from . import _devices

Message = Dict[str, Any]


def hello_message(program: Optional[str], argv: Optional[List[str]],
                  cuda: bool) -> Tuple[Message, bool]:
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
    message = {"type": "hello", "t": 0, "v": 1, "pid": os.getpid(), "program": program,
               "argv": [str(a)[:4096] for a in argv[:256]], "python": platform.python_version(),
               "torch": str(torch.__version__), "cuda": torch.version.cuda,
               "cuda_count": _devices.cuda_count(), "devices": devices}
    return message, named
