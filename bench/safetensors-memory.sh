#!/usr/bin/env bash
# What loading a big .safetensors file costs in memory, beside the same tensors as a .pt file,
# measured in one run, interleaved (st pt st pt …): the peak resident memory of
# `tensor-kitchen-bench load FILE` above its peak for a tiny file, as a multiple of the tensors'
# bytes. The .pt reader reads each tensor's bytes once, straight into its own storage; the
# .safetensors one makes its tensors over the file's map, whose pages become resident as the
# cards' statistics read them. So about 1.0× (plus the summaries' small buffers) for both is
# the target; the issue's limit is 1.2×.
# Usage: bench/safetensors-memory.sh [build] [megabytes] [rounds]
set -euo pipefail
build="${1:-build}"
mb="${2:-512}"
rounds="${3:-5}"
bench="$build/app/tensor-kitchen-bench"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Eight float32 tensors of mb/8 MB each, random bytes; the .pt twin from Debian's torch.
/usr/bin/python3 - "$tmp" "$mb" <<'PY'
import json, os, struct, sys
import torch
out, mb = sys.argv[1], int(sys.argv[2])
n = mb * 2**20 // 8 // 4
header, tensors, at = {"__metadata__": {"format": "pt"}}, {}, 0
for i in range(8):
    header[f"layer{i}.weight"] = {"dtype": "F32", "shape": [n], "data_offsets": [at, at + 4 * n]}
    at += 4 * n
text = json.dumps(header, separators=(",", ":")).encode()
text += b" " * (-len(text) % 8)
with open(os.path.join(out, "big.safetensors"), "wb") as f:
    f.write(struct.pack("<Q", len(text)) + text)
    for i in range(8):
        t = torch.randn(n)
        tensors[f"layer{i}.weight"] = t
        f.write(t.numpy().tobytes())
torch.save(tensors, os.path.join(out, "big.pt"))
with open(os.path.join(out, "tiny.safetensors"), "wb") as f:
    text = b'{"x":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}'
    text += b" " * (-len(text) % 8)
    f.write(struct.pack("<Q", len(text)) + text + b"\0" * 4)
PY
bytes=$((mb * 1024 * 1024))
peak() { /usr/bin/time -f %M "$bench" load "$1" >/dev/null 2>"$tmp/time" || true; tail -1 "$tmp/time"; }
base=$(peak "$tmp/tiny.safetensors")
echo "| round | safetensors peak − base (× tensor bytes) | .pt peak − base (× tensor bytes) | pt / safetensors |"
echo "|---|---|---|---|"
for r in $(seq "$rounds"); do
    st=$(peak "$tmp/big.safetensors")
    pt=$(peak "$tmp/big.pt")
    python3 -c "
b=$bytes; base=$base*1024; st=$st*1024-base; pt=$pt*1024-base
print(f'| $r | {st/b:.2f} | {pt/b:.2f} | {pt/st:.2f} |')"
done
echo "(${mb} MB of float32 in 8 tensors; base: a 1-tensor file, ${base} KB peak)"
