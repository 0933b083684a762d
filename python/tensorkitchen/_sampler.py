"""The background sampler: memory every 100 ms, named tensors at most twice a second,
CUDA timing events resolved, and the CUDA devices announced once the program set CUDA up."""
from __future__ import annotations

import sys
import threading
import time
import types
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

import torch

from . import _devices, _frames, _moves
from ._state import WatchState

if TYPE_CHECKING:  # pragma: no cover
    from ._outbox import Outbox

MAX_ITEMS = 256


MAX_GRAPH_NODES = 4096  # autograd nodes counted behind a named tensor, at most


def graph_nodes(fn: Any, limit: int = MAX_GRAPH_NODES) -> int:
    """The autograd nodes reachable from `fn` (a tensor's grad_fn), `limit` at most. A node's
    Python object is made when it is asked for and freed after: each is held until the walk
    ends, so that an id names one node; nothing of the graph is kept after it."""
    held = {id(fn): fn}
    stack = [fn]
    count = 0
    while stack and count < limit:
        node = stack.pop()
        count += 1
        for following, _ in node.next_functions:
            if following is not None and id(following) not in held:
                held[id(following)] = following
                stack.append(following)
    held.clear()
    return count


def _item(name: str, value: Any, code: Any = None) -> Optional[Dict[str, Any]]:
    """Metadata only: device, shape, dtype, sizes, and for a tensor with autograd history the
    nodes of its graph (and the line of `code` that assigns it). Never the values."""
    if isinstance(value, torch.Tensor):
        item: Dict[str, Any] = {
            "name": name, "kind": "tensor", "device": str(value.device),
            "shape": list(value.shape)[:16], "dtype": _moves.dtype_name(value.dtype),
            "bytes": value.numel() * value.element_size()}
        fn = value.grad_fn
        if fn is not None:
            # A graph that grows from one sample to the next is history kept across steps
            # (graph_kept): `total_loss += loss` chains each step's graph to the last.
            item["graph"] = graph_nodes(fn)
            line = _frames.assigned_at(code, name) if code is not None else None
            if line is not None:
                item["assigned"] = line
        return item
    if isinstance(value, torch.nn.Module):
        device = _moves.module_device(value)
        nbytes, params = _moves.module_size(value, limit=4096)
        return {"name": name, "kind": "module", "class": type(value).__name__,
                "device": str(device) if device is not None else "cpu", "bytes": nbytes,
                "params": params}
    return None


def _scan(pairs: List[Tuple[Any, Any]], file: str, line: Optional[int],
          items: List[Dict[str, Any]], code: Any = None) -> None:
    for name, value in pairs:
        if len(items) >= MAX_ITEMS:
            return
        if not isinstance(name, str) or name.startswith("__"):
            continue
        # Only tensors and modules held directly by a name: no walk into containers.
        if isinstance(value, (torch.Tensor, torch.nn.Module)):
            item = _item(name, value, code)
            if item is not None:
                if file:
                    item["file"] = file
                    _frames.cells.place(item, file)
                if line is not None:
                    item["line"] = line
                items.append(item)


def _pairs(namespace: Any) -> List[Tuple[Any, Any]]:
    try:
        return list(namespace.items())
    except Exception:
        return []


def sample_stack(frame: Optional[types.FrameType], own_thread: bool,
                 cached: Optional[List[bool]] = None) -> List[Dict[str, Any]]:
    """What the user's frames from `frame` outwards name now, innermost frame first.

    On its own thread (inside a watched call) each frame's locals are read through
    `locals_items`, which leaves no copy on the frame. From another thread that is not safe
    (the program could take the frame's dict between a check and the clearing), so there
    `f_locals` is read as is; `cached` gets True when that left a copy (Python <= 3.12), which
    the thread's next watched call takes away (Sampler.dirty)."""
    items: List[Dict[str, Any]] = []
    seen_user = False
    while frame is not None and len(items) < MAX_ITEMS:
        filename = frame.f_code.co_filename
        if _frames.is_user_file(filename):
            seen_user = True
            if own_thread:
                pairs = _frames.locals_items(frame)
            elif not _frames.caches_locals(frame):
                pairs = _pairs(frame.f_locals)
            elif _frames.may_hold_locals(frame.f_code):
                pairs = []  # reading would refill a locals() dict the program kept
            else:
                if cached is not None:
                    cached[0] = True
                pairs = _pairs(frame.f_locals)
            file, line = _frames.where(frame)
            _scan(pairs, file or filename, line, items, frame.f_code)
            del pairs
        frame = frame.f_back
    if not seen_user:
        # A notebook between cells: no user frame runs, the names live in its namespace.
        _scan(_pairs(notebook_namespace()), "", None, items)
    return items


def notebook_namespace() -> Any:
    """The IPython shell's user namespace (a notebook's variables), or {} outside one."""
    from . import _notebook
    ip = _notebook.shell()
    return ip.user_ns if ip is not None else {}


def sample_frames(thread_id: Optional[int],
                  cached: Optional[List[bool]] = None) -> List[Dict[str, Any]]:
    """sample_stack of another thread's current frames."""
    frame = sys._current_frames().get(thread_id) if thread_id is not None else None
    return sample_stack(frame, own_thread=False, cached=cached)


class Sampler:
    """One daemon thread; each part stops on its first failure (a `notice` says so)."""

    def __init__(self, state: WatchState, out: Outbox, sample_seconds: float,
                 memory_seconds: float) -> None:
        self._state = state
        self._out = out
        # Asked on this thread with the memory reading (the moves' CUDA events to resolve).
        self._periodic: List[Tuple[str, Callable[[], None]]] = []
        self._sample_seconds = sample_seconds
        self._memory_seconds = memory_seconds
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tensorkitchen-sampler",
                                        daemon=True)
        self._main = threading.main_thread().ident
        self._cuda_totals: Dict[int, int] = {}
        self._last_items: Optional[List[Dict[str, Any]]] = None
        self._send_lock = threading.Lock()
        self._broken: Dict[str, bool] = {}
        # Python <= 3.12 (function frames cache their f_locals). `due`: the main thread samples
        # itself at its next watched call (it makes them often: no copy is left behind);
        # `dirty`: this thread read its frames, its next watched call takes the copies away.
        self.due = False
        self.dirty = False
        self._on_thread_at = -1.0
        self.sampled_step = 0  # the steps done when the main thread last sampled itself

    def every_reading(self, name: str, fn: Callable[[], None]) -> None:
        """`fn` called on this thread at each memory reading (stopped on its first failure)."""
        self._periodic.append((name, fn))

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(0.5)

    def final(self) -> None:
        self._part("memory sampler", self._memory)

    def names_of(self, namespace: Any, file: str) -> None:
        """The script's own names as it ended: a short program ends before the first sample."""
        def sample() -> None:
            items: List[Dict[str, Any]] = []
            _scan(_pairs(namespace), file, None, items)
            if items:
                self._send(items)
        self._part("tensor sampler", sample)

    def cell_ended(self) -> None:
        """After a notebook cell (on the kernel's main thread): the namespace as it left it."""
        def sample() -> None:
            items: List[Dict[str, Any]] = []
            _scan(_pairs(notebook_namespace()), "", None, items)
            self._send(items)
        self._part("tensor sampler", sample)

    def after_call(self, frame: Optional[types.FrameType]) -> None:
        """From each watched call: sample here when asked to (two attribute reads otherwise)."""
        if self.due or self.dirty:
            self.sample_here(frame)

    def sample_here(self, frame: Optional[types.FrameType]) -> None:
        """On the main thread, from inside a watched call: its frames from `frame` out (and
        whatever copies of their locals an earlier read from this thread left, taken away)."""
        if threading.get_ident() != self._main:
            return
        self.due = self.dirty = False
        self._on_thread_at = time.monotonic()
        self.sampled_step = self._state.step_n

        self._part("tensor sampler", lambda: self._send(sample_stack(frame, own_thread=True)))

    def _send(self, items: List[Dict[str, Any]]) -> None:
        with self._send_lock:
            if items == self._last_items:  # the same picture again tells the app nothing
                return
            self._last_items = items
        self._out.put({"type": "tensors", "t": self._state.clock(), "items": items})

    def _part(self, name: str, fn: Any) -> None:
        if self._broken.get(name):
            return
        try:
            fn()
        except Exception as exc:
            self._broken[name] = True
            self._out.notice("tensorkitchen: the %s stopped: %s: %s"
                             % (name, type(exc).__name__, exc))

    def _memory(self) -> None:
        devices: List[Dict[str, Any]] = [{"device": "cpu", "rss": _devices.cpu_rss()}]
        # Never initialise CUDA from here: only once the program has.
        if self._state.cuda and _devices.cuda_initialized():
            devices += _devices.cuda_memory(self._cuda_totals)
        self._out.put({"type": "memory", "t": self._state.clock(), "devices": devices})

    def _announce_cuda(self) -> None:
        state = self._state
        if state.cuda and not state.cuda_devices_sent and _devices.cuda_initialized():
            state.cuda_devices_sent = True
            self._out.put({"type": "devices", "t": state.clock(),
                           "devices": _devices.cuda_devices()})

    def _tensors(self) -> None:
        if _frames.LOCALS_ARE_PROXIES:
            self._send(sample_frames(self._main))
            return
        if time.monotonic() - self._on_thread_at < 2 * self._sample_seconds + 0.2:
            self.due = True  # the program makes watched calls: it samples itself, leaving nothing
            return
        # A stretch without watched calls: read from here, and have the next call clean up.
        cached = [False]
        items = sample_frames(self._main, cached)
        if cached[0]:
            self.dirty = True
        self._send(items)

    def _run(self) -> None:
        next_sample = time.monotonic() + min(0.1, self._sample_seconds)
        while not self._stop.is_set():
            if self._state.enabled:
                self._part("CUDA device announcement", self._announce_cuda)
                self._part("memory sampler", self._memory)
                for name, fn in self._periodic:
                    self._part(name, fn)
                if time.monotonic() >= next_sample:
                    next_sample = time.monotonic() + self._sample_seconds
                    self._part("tensor sampler", self._tensors)
            self._stop.wait(self._memory_seconds)


class FunctionEnds:
    """Python ≥ 3.12: the names of a user's function that made optimizer steps, sampled as it
    returns, once per function, when steps came after its last sample: a run inside main()
    that ends between two of the sampler's turns still shows what main() held at its end.
    sys.monitoring's PY_RETURN, turned on for those functions' code only (`watch`) and off at
    its first return there (DISABLE): nothing else in the program is instrumented. Older
    Pythons have no such event: their short runs rely on the first steps' samples."""

    MAX_FUNCTIONS = 64

    def __init__(self, state: WatchState, out: Outbox, sampler: Sampler) -> None:
        self._state = state
        self._out = out
        self._sampler = sampler
        self._tool: Optional[int] = None
        self._codes: Dict[types.CodeType, bool] = {}
        # sys.monitoring (Python ≥ 3.12), typed loosely: the same code is checked on 3.11
        self._mon: Any = getattr(sys, "monitoring", None)

    def start(self) -> None:
        mon = self._mon
        if mon is None:
            return
        try:
            tool = next((i for i in range(5, 1, -1) if mon.get_tool(i) is None), None)
            if tool is None:
                return  # every tool id taken (debuggers, coverage, profilers): none here
            mon.use_tool_id(tool, "tensorkitchen (function ends)")
            mon.register_callback(tool, mon.events.PY_RETURN, self._returned)
            self._tool = tool
        except Exception as exc:
            self._out.fail("watching the functions' ends", exc)

    def watch(self, code: types.CodeType) -> None:
        """From an optimizer step made in `code` (the program's thread)."""
        if self._tool is None or code in self._codes or len(self._codes) >= self.MAX_FUNCTIONS:
            return
        self._codes[code] = True
        try:
            self._mon.set_local_events(self._tool, code, self._mon.events.PY_RETURN)
        except Exception as exc:
            self._out.fail("watching the functions' ends", exc)

    def _returned(self, code: types.CodeType, offset: int, retval: Any) -> Any:
        state, sampler = self._state, self._sampler
        if state.enabled and not state.mute and state.step_n > sampler.sampled_step:
            # The returning frame, its locals still there: the one above this callback.
            sampler.sample_here(sys._getframe(1))
        return self._mon.DISABLE

    def stop(self) -> None:
        if self._tool is None:
            return
        mon = self._mon
        try:
            for code in self._codes:
                mon.set_local_events(self._tool, code, 0)
            mon.register_callback(self._tool, mon.events.PY_RETURN, None)
            mon.free_tool_id(self._tool)
        except Exception:
            pass
        self._codes.clear()
        self._tool = None
