"""What the console's app asks about the objects of its namespace: which are cards (tensors,
models, optimizers, losses), how a card describes them, undo's copies of them, the completions
of a name, and the app's own move of one to a device (a drag, not a console line)."""
from __future__ import annotations

import copy
import rlcompleter
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import torch
from torch import nn

# (class, its children, parameter count, bytes, device, tensors, its first tensor or None)
Description = Tuple[str, str, int, int, str, int, Optional[torch.Tensor]]


def _nbytes(tensors: Iterable[torch.Tensor]) -> int:
    return sum(t.numel() * t.element_size() for t in tensors)


def _kind(v: Any) -> Optional[str]:
    # By the real type (a mock's __class__ must not pass for a tensor), and only what a card can
    # show: dense tensors (not sparse, quantized or nested ones).
    t = type(v)
    if issubclass(t, torch.Tensor):
        if v.layout != torch.strided or v.is_quantized or getattr(v, "is_nested", False):
            return None
        return "tensor"
    if issubclass(t, torch.optim.Optimizer):
        return "optimizer"
    if issubclass(t, nn.modules.loss._Loss):
        return "loss"
    if issubclass(t, nn.Module):
        return "model"
    return None


def card_values(ns: Dict[str, Any]) -> List[Tuple[str, str, Any]]:
    return [(k, kind, v) for k, v in ns.items()
            if not k.startswith("__") and (kind := _kind(v)) is not None]


def _tensors_of(obj: Any) -> List[torch.Tensor]:
    if isinstance(obj, torch.optim.Optimizer):
        return [p for g in obj.param_groups for p in g["params"]]
    return list(obj.parameters()) + list(obj.buffers())


def describe(obj: Any) -> Description:
    try:
        tensors = _tensors_of(obj)
        parts = []
        if isinstance(obj, nn.Module):
            for c in obj.children():
                if isinstance(c, nn.Linear):
                    parts.append("Linear(%d\u2192%d)" % (c.in_features, c.out_features))
                else:
                    parts.append(type(c).__name__)
        device = str(tensors[0].device) if tensors else "cpu"
        first = tensors[0].detach() if tensors and isinstance(obj, nn.Module) else None
        if first is not None and _kind(first) is None:
            first = None
        return (type(obj).__name__, " ".join(parts), sum(t.numel() for t in tensors),
                _nbytes(tensors), device, len(tensors), first)
    except Exception:  # a lazy module's uninitialised parameters, say
        return (type(obj).__name__, "?", 0, 0, "cpu", 0, None)


_LAST_COPY: Optional[Tuple[List[Any], List[Any], List[Any]]] = None  # objects, signature, copies
COPY_LIMIT = 256 * 1024 * 1024  # bytes: larger objects are not copied for undo


def _signature(objs: Sequence[Any]) -> List[Any]:
    sig = []
    for o in objs:
        ts = _tensors_of(o)
        if isinstance(o, torch.optim.Optimizer):
            ts = ts + [t for st in o.state.values() for t in st.values()
                       if isinstance(t, torch.Tensor)]
        sig.append(tuple((str(t.device), t.data_ptr() if t.device.type != "meta" else 0,
                          t._version, tuple(t.shape)) for t in ts))
    return sig


def copy_all(objs: Sequence[Any], shared: Iterable[torch.Tensor]) -> Optional[List[Any]]:
    # Undo's copies of the console's models, optimizers and losses, made together so that an
    # optimizer still points at its model's parameters. A tensor that is a card of its own
    # (not a Parameter) is shared, not copied: an optimizer over it keeps working on it. When
    # nothing changed since the last copy, that copy serves again; the history never lets a
    # copy become live (restoring copies it again).
    global _LAST_COPY
    try:
        sig = _signature(objs)
        if _LAST_COPY is not None and len(_LAST_COPY[0]) == len(objs) \
                and all(a is b for a, b in zip(_LAST_COPY[0], objs)) and _LAST_COPY[1] == sig:
            return _LAST_COPY[2]
        if sum(_nbytes(_tensors_of(o)) for o in objs) > COPY_LIMIT:
            return None
        memo = {id(t): t for t in shared if not isinstance(t, nn.Parameter)}
        copies = copy.deepcopy(list(objs), memo)
        _LAST_COPY = (list(objs), sig, copies)
        return copies
    except Exception:
        return None


def restore_copies(objs: Sequence[Any], shared: Iterable[torch.Tensor]) -> Optional[List[Any]]:
    try:
        memo = {id(t): t for t in shared if not isinstance(t, nn.Parameter)}
        return copy.deepcopy(list(objs), memo)
    except Exception:
        return None


def complete(ns: Dict[str, Any], prefix: str) -> List[str]:
    out: List[str] = []
    if "." in prefix:
        # Attributes, read one by one: a tensor's .imag raises on a real tensor, and must not
        # spoil the rest. Only a dotted name is evaluated, never a call.
        expr, attr = prefix.rsplit(".", 1)
        if not all(part.isidentifier() for part in expr.split(".")):
            return out
        try:
            obj = eval(expr, ns)
        except Exception:
            return out
        for word in sorted(dir(obj)):
            if word.startswith(attr) and (attr.startswith("_") or not word.startswith("_")):
                try:
                    value = getattr(obj, word)
                except Exception:
                    value = None
                out.append("%s.%s%s" % (expr, word, "(" if callable(value) else ""))
        return out
    c = rlcompleter.Completer(ns)
    for i in range(500):
        s = c.complete(prefix, i)
        if s is None:
            break
        if s not in out:
            out.append(s)
    return out


def move(obj: Any, device: str) -> Optional[Tuple[str, str]]:
    # The app's move of a card (outside any statement: the console's move hooks are muted).
    try:
        with torch.no_grad():
            obj.to(device)
        return None
    except BaseException as e:
        return (type(e).__name__, str(e))
