"""torch.load of one file, measured the way `tensor-kitchen-bench load --measure` measures the
app: the peak resident memory above the process's own baseline (VmHWM reset through
/proc/self/clear_refs just before, so the interpreter's start-up and `import torch` are not in
it) and the wall time of the load alone. A .safetensors file is loaded with the safetensors
package's own `safetensors.torch.load_file` (pip install safetensors), as Hugging Face does; a
TorchScript archive (LibTorch's torch::save of a tensor, torch.jit.save) with torch.jit.load.
Prints one JSON line.
Usage: python3 bench/torch_load.py FILE
"""
import json
import sys
import time
import zipfile

import torch


def status(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(field)


def main():
    path = sys.argv[1]
    torch.set_num_threads(torch.get_num_threads())  # as imported; the load itself is one thread
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # resets VmHWM to the current RSS
    baseline = status("VmRSS")
    if path.endswith(".safetensors"):
        try:
            from safetensors.torch import load_file
        except ImportError:
            sys.exit("a .safetensors file needs the safetensors package in this Python "
                     "(pip install safetensors)")
        loader = "safetensors.torch.load_file"
        start = time.perf_counter()
        obj = load_file(path, device="cpu")
    elif zipfile.is_zipfile(path) and any(n.endswith("/constants.pkl")
                                          for n in zipfile.ZipFile(path).namelist()):
        loader = "torch.jit.load"
        start = time.perf_counter()
        obj = {str(i): b for i, b in enumerate(torch.jit.load(path, map_location="cpu").buffers())}
    else:
        loader = "torch.load"
        kwargs = {"map_location": "cpu"}
        if tuple(int(x) for x in torch.__version__.split(".")[:2]) >= (1, 13):
            kwargs["weights_only"] = True  # plain tensors and containers, as the app reads
        start = time.perf_counter()
        obj = torch.load(path, **kwargs)
    seconds = time.perf_counter() - start
    peak = status("VmHWM") - baseline
    tensors = obj.values() if isinstance(obj, dict) else [obj]
    nbytes = sum(t.numel() * t.element_size() for t in tensors if isinstance(t, torch.Tensor))
    print(json.dumps({"torch": torch.__version__, "loader": loader, "seconds": seconds, "baseline_rss": baseline,
                      "peak_above_baseline": peak, "tensor_bytes": nbytes}))


if __name__ == "__main__":
    main()
