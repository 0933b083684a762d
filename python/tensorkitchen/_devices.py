"""What the machine has: device descriptions for `hello`/`devices`, and memory readings."""
from __future__ import annotations

import os
import platform
from typing import Any, Dict, List, Optional

import torch

Device = Dict[str, Any]


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "CPU"


def _mem_total() -> int:
    try:
        with open("/proc/meminfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 0


def cpu_device() -> Device:
    return {"device": "cpu", "name": _cpu_name(), "total": _mem_total()}


def cuda_available() -> bool:
    """torch.cuda.is_available() creates no CUDA context (it asks the driver for a count)."""
    try:
        return bool(torch.cuda.is_available())
    except Exception:
        return False


def cuda_count() -> int:
    try:
        return int(torch.cuda.device_count()) if cuda_available() else 0
    except Exception:
        return 0


def cuda_initialized() -> bool:
    try:
        return bool(torch.cuda.is_initialized())
    except Exception:
        return False


def cuda_devices() -> List[Device]:
    """Names, totals and capabilities. Only call once CUDA is initialised by the program:
    get_device_properties would initialise it otherwise (a context, hundreds of ms)."""
    devices: List[Device] = []
    for i in range(cuda_count()):
        props = torch.cuda.get_device_properties(i)
        devices.append({"device": "cuda:%d" % i, "name": str(props.name),
                        "total": int(props.total_memory),
                        "capability": "%d.%d" % (props.major, props.minor)})
    return devices


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def cpu_rss() -> int:
    """The process's resident set in bytes: /proc/self/statm, else getrusage's peak."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return int(peak) * (1 if platform.system() == "Darwin" else 1024)
    except Exception:
        return 0


def cuda_memory(totals: Dict[int, int]) -> List[Device]:
    """Allocated/reserved per device; `totals` caches total_memory per index."""
    out: List[Device] = []
    for i in range(cuda_count()):
        if i not in totals:
            totals[i] = int(torch.cuda.get_device_properties(i).total_memory)
        out.append({"device": "cuda:%d" % i, "allocated": int(torch.cuda.memory_allocated(i)),
                    "reserved": int(torch.cuda.memory_reserved(i)), "total": totals[i]})
    return out


def device_str(device: Optional[torch.device]) -> Optional[str]:
    """PyTorch's string, `cuda` resolved to its index (a tensor's device always has one)."""
    if device is None:
        return None
    if device.type == "cuda" and device.index is None:
        try:
            return "cuda:%d" % torch.cuda.current_device()
        except Exception:
            return "cuda"
    return str(device)
