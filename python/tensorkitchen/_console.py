"""The PyTorch console's Python half, run by the app's embedded interpreter.

The app imports it as `tensorkitchen._console` from the package beside it (after `import torch`)
and then puts `_tk_move` here: the C++ MovePath every kitchen move takes (memory check,
synchronised timing). Frames of the package's files are the console's own: tracebacks and move
records leave them out.

It executes statements, captures their output, records every .to() by wrapping
Tensor.to/cuda/cpu and Module.to/cuda/cpu (no parsing of text, no cost to other calls), names
calls that mix devices where PyTorch lets them through (a TorchFunctionMode, entered only while
a tensor off the CPU may take part), and classifies each move by what the names hold afterwards.
Works with torch 1.13 and 2.x.
"""
import ast
import builtins
import copy
import functools
import io
import linecache
import os
import re
import rlcompleter
import sys
import traceback
from typing import TYPE_CHECKING, Any, Callable, List, Optional

import torch
from torch import nn
from torch.overrides import TorchFunctionMode

if TYPE_CHECKING:
    # Put into this module by the app before it runs (PythonRuntime::installMovePath).
    def _tk_move(call: Callable[[], None], src: str, dst: str, nbytes: int, name: str) -> float:
        ...

FILENAME = "<console>"
_HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep # the package's files
SHOWN = FILENAME # what tracebacks call FILENAME: a script's own path when it has one
_SHOWN_RE = re.compile(r'^(  File )"<console>"(, line )', re.M)

def _shown(text):
    # The user's frames are compiled as FILENAME (how the console knows them); a script's
    # traceback names its file instead, as `python3 SCRIPT.py` does.
    if SHOWN == FILENAME:
        return text
    return _SHOWN_RE.sub(lambda m: m.group(1) + '"' + SHOWN + '"' + m.group(2), text)

def _user_line():
    # The console line that made the call, or None when the caller is library code (an
    # optimizer's or clip_grad_norm_'s own .to() is not the user's move). Only the console's
    # machinery is skipped: this file and, in torch 1.13, a mode's hop through overrides.py.
    f = sys._getframe(2)
    while f is not None and (f.f_code.co_filename.startswith(_HERE)
                             or f.f_code.co_filename.endswith("torch/overrides.py")):
        f = f.f_back
    return f.f_lineno if f is not None and f.f_code.co_filename == FILENAME else None

def _console_line():
    # The console line a call comes from, however deep in library code (a model's forward).
    f = sys._getframe(2)
    while f is not None and f.f_code.co_filename != FILENAME:
        f = f.f_back
    return f.f_lineno if f is not None else 0

def _requested(name, args, kwargs):
    if name in ("cuda", "cpu"):
        d = args[0] if args else kwargs.get("device")
        return name if d is None else str(d if not isinstance(d, int) else "cuda:%d" % d)
    for a in list(args) + [kwargs.get("device"), kwargs.get("other")]:
        if isinstance(a, (str, torch.device)):
            return str(a)
        if isinstance(a, torch.Tensor):
            return str(a.device)
        if isinstance(a, int) and not isinstance(a, bool):
            return "cuda:%d" % a
    return None

def _nbytes(tensors):
    return sum(t.numel() * t.element_size() for t in tensors)

def _name_of(obj):
    # The user's name for what moves, for the memory check's message.
    rec = RECORDER
    for k, v in (rec.ns.items() if rec is not None else ()):
        if v is obj and not k.startswith("_"):
            return k
    return "the tensor"

def _measured(call, src_dev, requested, nbytes, name):
    # MovePath (C++): refuses what would not fit, then times the call between synchronised devices.
    box = []
    seconds = _tk_move(lambda: box.append(call()), src_dev, requested or src_dev, nbytes, name)
    return box[0], seconds

# What a mix of devices is told by: PyTorch's operator names as the user wrote them.
_OPERATORS = {"__matmul__": "@", "__rmatmul__": "@", "__add__": "+", "__radd__": "+",
              "__iadd__": "+=", "__mul__": "*", "__rmul__": "*", "__imul__": "*=",
              "__sub__": "-", "__rsub__": "-", "__truediv__": "/", "__rtruediv__": "/"}

def _devices_of(args, kwargs):
    # PyTorch's rule: a 0-dim CPU tensor may stand beside a tensor on any device.
    devs = set()
    for a in (*args, *kwargs.values()):
        for t in (a if isinstance(a, (list, tuple)) else (a,)):
            if isinstance(t, torch.Tensor):
                d = t.device
                if d.type != "cpu" or t.dim() != 0:
                    devs.add(str(d))
    return devs

class MixWatch(TorchFunctionMode):
    # Entered only while a tensor off the CPU may take part (see execute): a mode costs every
    # torch call a few microseconds, which a loop of small ops on the CPU should not pay.
    # Names each torch call that took tensors on two devices and did not raise (PyTorch's
    # Python meta kernels let `cpu @ meta` and `Linear(meta)` through; a GPU would not).
    def __init__(self):
        super().__init__()
        self.mixes = []
        self.seen = set()
        self.active = False

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in _NO_MIX:
            return func(*args, **kwargs)
        devs = _devices_of(args, kwargs)
        out = func(*args, **kwargs)
        if len(devs) > 1:
            name = getattr(func, "__name__", "?")
            key = (name, tuple(sorted(devs)))
            if key not in self.seen and len(self.seen) < 8:
                self.seen.add(key)
                self.mixes.append((_OPERATORS.get(name, name), sorted(devs), _console_line()))
        return out

class Recorder:
    # One statement's moves: every .to() the user's own lines made, measured by MovePath.
    def __init__(self, ns=None):
        self.ns = ns if ns is not None else {}
        self.moves = []
        self.inside = 0 # a move inside a move (a module's parameters, a subclass's hop)
        self.watch = MixWatch()

    def watch_devices(self):
        if not self.watch.active:
            self.watch.__enter__()
            self.watch.active = True

    def unwatch(self):
        if self.watch.active:
            self.watch.active = False
            self.watch.__exit__(None, None, None)

RECORDER: Optional["Recorder"] = None

def _wrap_tensor_move(original, name):
    # Tensor.to/cuda/cpu themselves, not a mode on every call: only what moves pays.
    @functools.wraps(original)
    def move(self, *args, **kwargs):
        rec = RECORDER
        if rec is None or rec.inside:
            return original(self, *args, **kwargs)
        line = _user_line()
        if line is None:
            return original(self, *args, **kwargs)
        requested = _requested(name, args, kwargs)
        rec.inside += 1
        try:
            out, seconds = _measured(lambda: original(self, *args, **kwargs), str(self.device),
                                     requested, self.numel() * self.element_size(), _name_of(self))
        finally:
            rec.inside -= 1
        # x.to(torch.float64) converts on the spot: not a move between devices.
        if isinstance(out, torch.Tensor) and (requested is not None or out.device != self.device):
            rec.moves.append(dict(module=False, src=self, out=out, line=line, seconds=seconds,
                                  requested=requested or str(out.device),
                                  src_dev=str(self.device), out_dev=str(out.device),
                                  nbytes=self.numel() * self.element_size()))
            if out.device.type != "cpu":
                rec.watch_devices() # from here on a mix of devices is possible
        return out
    return move

def _wrap_module_move(original, name):
    @functools.wraps(original)
    def move(self, *args, **kwargs):
        rec = RECORDER
        line = _user_line() if rec is not None and not rec.inside else None
        if line is None:
            return original(self, *args, **kwargs)
        tensors = list(self.parameters()) + list(self.buffers())
        src_dev = str(tensors[0].device) if tensors else "cpu"
        rec.inside += 1
        try:
            out, seconds = _measured(lambda: original(self, *args, **kwargs), src_dev,
                                     _requested(name, args, kwargs), _nbytes(tensors),
                                     _name_of(self))
            after = list(self.parameters()) + list(self.buffers())
        finally:
            rec.inside -= 1
        out_dev = str(after[0].device) if after else src_dev
        rec.moves.append(dict(module=True, src=self, out=out, line=line, seconds=seconds,
                              requested=_requested(name, args, kwargs) or out_dev,
                              src_dev=src_dev, out_dev=out_dev, nbytes=_nbytes(tensors)))
        if out_dev != "cpu":
            rec.watch_devices()
        return out
    return move

for _name in ("to", "cuda", "cpu"):
    setattr(torch.Tensor, _name, _wrap_tensor_move(getattr(torch.Tensor, _name), _name))
    setattr(nn.Module, _name, _wrap_module_move(getattr(nn.Module, _name), _name))

# Calls that take tensors on two devices by design: moves and copies, and indexing, where a
# CPU index tensor may index a tensor on any device.
_NO_MIX = {torch.Tensor.to, torch.Tensor.cuda, torch.Tensor.cpu, torch.Tensor.copy_,
           torch.Tensor.__getitem__, torch.Tensor.__setitem__, torch.Tensor.index_put_,
           torch.Tensor.index_put, torch.Tensor.type_as, torch.Tensor.set_, torch.Tensor.new_tensor}

class _Writer:
    def __init__(self, chunks):
        self.chunks = chunks
    def write(self, s):
        self.chunks.append(str(s))
        return len(s)
    def flush(self):
        pass
    def isatty(self):
        return False

OUTPUT: List[Any] = []  # text, and tensors shown as the console shows them

def _display(value):
    if value is None:
        return
    builtins._ = value
    OUTPUT.append(value if isinstance(value, torch.Tensor) else repr(value) + "\n")

def _no_input(*args, **kwargs):
    raise RuntimeError("input() cannot read from the console: assign the value instead")

def make_namespace():
    return {"__name__": "__console__", "__builtins__": builtins, "torch": torch, "nn": nn,
            "device": "cuda" if torch.cuda.is_available() else "cpu", "input": _no_input}

def parse(source, echo=True, shown=None):
    # Each top-level statement compiled on its own, keeping its line numbers. At the prompt
    # (echo) an expression statement is compiled in "single" mode so that its value is shown,
    # as Python's own prompt does; a script runs as `python3 SCRIPT.py` runs it, echoing nothing.
    global SHOWN
    SHOWN = shown or FILENAME
    linecache.cache[FILENAME] = (len(source), None, source.splitlines(True), FILENAME)
    try:
        tree = ast.parse(source, FILENAME, "exec")
        lines = source.splitlines()
        out = []
        body = tree.body
        for i, node in enumerate(body):
            text = "\n".join(lines[node.lineno - 1:node.end_lineno])
            # `a = 1; b = 2`: each statement its own text (so the code log has each once); a
            # statement alone on its lines keeps them whole, comments included.
            shared = (i > 0 and body[i - 1].end_lineno == node.lineno) or \
                     (i + 1 < len(body) and body[i + 1].lineno == node.end_lineno)
            if shared:
                text = ast.get_source_segment(source, node) or text
            if echo and isinstance(node, ast.Expr):
                code = compile(ast.Interactive(body=[node]), FILENAME, "single")
            else:
                code = compile(ast.Module(body=[node], type_ignores=[]), FILENAME, "exec")
            out.append((code, text, node.lineno))
        return out
    except Exception as e: # `return 1` or `break` at the top, a NUL byte, …
        return (type(e).__name__, str(getattr(e, "msg", e)),
                _shown("".join(traceback.format_exception_only(type(e), e))),
                getattr(e, "lineno", 1) or 1)

def _kind(v):
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

def card_values(ns):
    return [(k, kind, v) for k, v in ns.items()
            if not k.startswith("__") and (kind := _kind(v)) is not None]

_OFF_CPU_WORDS = ("meta", "cuda", "device")

def _off_cpu(ns, text):
    # Whether a tensor off the CPU may take part in this statement: the namespace holds one (or
    # a model there), or the statement names a device (torch.ones(2, device="meta")). A move
    # inside the statement turns the watch on by itself.
    if any(w in text for w in _OFF_CPU_WORDS):
        return True
    for v in ns.values():
        if isinstance(v, torch.Tensor):
            if v.device.type != "cpu":
                return True
        elif isinstance(v, nn.Module):
            p = next(v.parameters(), None)
            if p is not None and p.device.type != "cpu":
                return True
    return False

def execute(code, ns, text=""):
    # Runs one statement; returns (error, moves, mixes): error is None, or (type, text,
    # traceback, line) when it raised; mixes are the calls that took two devices unopposed.
    global RECORDER, _SAVED
    before = {id(v): k for k, v in ns.items() if _kind(v) is not None}
    rec = Recorder(ns)
    RECORDER = rec
    _SAVED = sys.stdin, sys.stdout, sys.stderr, sys.displayhook
    saved = _SAVED
    sys.stdout = sys.stderr = _Writer(OUTPUT)
    sys.stdin = io.StringIO() # input(), breakpoint(): nothing to read, no waiting on a terminal
    sys.displayhook = _display
    error = None
    try:
        if _off_cpu(ns, text):
            rec.watch_devices()
        exec(code, ns)
    except BaseException as e:
        # Python's traceback without the console's own frames (this file, and the hop through
        # torch.overrides that the device watch adds in torch 1.13).
        frames = [f for f in traceback.extract_tb(e.__traceback__)
                  if not f.filename.startswith(_HERE)
                  and not f.filename.endswith("torch/overrides.py")]
        lines = [f.lineno for f in frames if f.filename == FILENAME]
        line = lines[0] if lines else 0 # the statement's line, outermost
        shown = "".join(traceback.format_exception_only(type(e), e))
        if frames:
            shown = ("Traceback (most recent call last):\n"
                     + "".join(traceback.StackSummary.from_list(frames).format()) + shown)
        error = (type(e).__name__, str(e), _shown(shown), line)
    finally:
        rec.unwatch()
        sys.stdin, sys.stdout, sys.stderr, sys.displayhook = saved
        _SAVED = None
        RECORDER = None
    moves = []
    for m in rec.moves:
        src, out = m.pop("src"), m.pop("out")
        m["source"] = before.get(id(src), "")
        holders = [k for k, v in ns.items() if v is out and not k.startswith("__")]
        if m["module"]:
            m["meaning"] = "reassign"
            m["result"] = m["source"]
        elif m["source"] and ns.get(m["source"]) is out:
            m["meaning"], m["result"] = "reassign", m["source"]
        elif holders:
            m["meaning"], m["result"] = "newname", holders[0]
        else:
            m["meaning"], m["result"] = "discard", ""
        m["same"] = out is src
        m["src_tensor"] = src if isinstance(src, torch.Tensor) else None
        moves.append(m)
    rec.moves = []
    # A line that raised has its error: the mixes before it in that line are not news.
    mixes = [] if error is not None else rec.watch.mixes
    return error, moves, mixes

_SAVED: Any = None

def reset():
    # After a Ctrl+C that landed in this file's own lines rather than the user's: the streams
    # back, the move recorder and the device watch off.
    global RECORDER, _SAVED
    if _SAVED is not None:
        sys.stdin, sys.stdout, sys.stderr, sys.displayhook = _SAVED
        _SAVED = None
    rec, RECORDER = RECORDER, None
    if rec is not None:
        rec.moves = []
        rec.unwatch()

def take_output():
    out = list(OUTPUT)
    OUTPUT.clear()
    return out

def _tensors_of(obj):
    if isinstance(obj, torch.optim.Optimizer):
        return [p for g in obj.param_groups for p in g["params"]]
    return list(obj.parameters()) + list(obj.buffers())

def describe(obj):
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
    except Exception: # a lazy module's uninitialised parameters, say
        return (type(obj).__name__, "?", 0, 0, "cpu", 0, None)

_LAST_COPY = None # (objects, their signature, the copies)
COPY_LIMIT = 256 * 1024 * 1024 # bytes: larger objects are not copied for undo

def _signature(objs):
    sig = []
    for o in objs:
        ts = _tensors_of(o)
        if isinstance(o, torch.optim.Optimizer):
            ts = ts + [t for st in o.state.values() for t in st.values()
                       if isinstance(t, torch.Tensor)]
        sig.append(tuple((str(t.device), t.data_ptr() if t.device.type != "meta" else 0,
                          t._version, tuple(t.shape)) for t in ts))
    return sig

def copy_all(objs, shared):
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

def restore_copies(objs, shared):
    try:
        memo = {id(t): t for t in shared if not isinstance(t, nn.Parameter)}
        return copy.deepcopy(list(objs), memo)
    except Exception:
        return None

def complete(ns, prefix):
    out = []
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

def move(obj, device):
    try:
        with torch.no_grad():
            obj.to(device)
        return None
    except BaseException as e:
        return (type(e).__name__, str(e))
