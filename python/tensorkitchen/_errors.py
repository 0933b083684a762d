"""Exceptions as `error` messages: a device mismatch recognised, its devices parsed."""
from __future__ import annotations

import re
import types
from typing import Any, Dict, List, Optional

from . import _frames

# PyTorch's wordings of "these operands are on different devices", 1.13 to 2.x.
_MISMATCH = re.compile(
    r"Expected all tensors to be on the same device"
    r"|to be on the same device"
    r"|is not on the expected device"
    r"|Expected [^\n]{0,200}? to be on [^\n]{0,100}? device"
    r"|device type \w+ but got device type \w+"
    r"|Input type \(torch\.(?:\w+\.)?\w*Tensor\) and weight type \(torch\.(?:\w+\.)?\w*Tensor\)")
_DEVICE = re.compile(r"(?<![\w.])(cpu|meta|mps|(?:cuda|xpu|hpu|xla|privateuseone)(?::\d+)?)\b")
# "Input type (torch.cuda.FloatTensor) and weight type (torch.FloatTensor)": cuda, then cpu.
_TENSOR_TYPE = re.compile(r"\(torch\.(?:(cuda|xpu|mps)\.)?\w*Tensor\)")


def mismatch_devices(message: str) -> Optional[List[str]]:
    """The devices a device-mismatch message names, in its order; None if it is not one."""
    if not _MISMATCH.search(message):
        return None
    if message.startswith("Input type (torch."):
        found = [m.group(1) or "cpu" for m in _TENSOR_TYPE.finditer(message)]
    else:
        found = [m.group(1) for m in _DEVICE.finditer(message)]
    devices: List[str] = []
    for device in found:
        if device not in devices:
            devices.append(device)
    return devices[:64]


def error_message(exc: BaseException, tb: Optional[types.TracebackType], caught: bool,
                  t: float) -> Dict[str, Any]:
    text = str(exc)
    devices = mismatch_devices(text) if isinstance(exc, Exception) else None
    frames = _frames.user_traceback(tb)
    message: Dict[str, Any] = {
        "type": "error", "t": t,
        "kind": "device_mismatch" if devices is not None else "other",
        "exception": type(exc).__name__, "message": text[:4096],
        "devices": devices or [], "traceback": frames, "caught": caught}
    if frames:
        message["file"] = frames[-1]["file"]
        message["line"] = frames[-1]["line"]
        message["code"] = frames[-1]["code"]
        for key in ("cell", "cell_id"):
            if key in frames[-1]:
                message[key] = frames[-1][key]
    return message
