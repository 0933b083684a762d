#!/usr/bin/env bash
# Which CPU path is faster: the app on Debian's LibTorch 1.13 + OpenBLAS (build/), the app on
# the torch wheel's LibTorch 2.x (build-pip/), and PyTorch 2.x itself in Python (the wheel's),
# measured in one run, interleaved (A B C A B C …), best of the rounds for each. Matmul float32
# GFLOP/s (blocked_autorange method on both sides) and training step time (MLP depth 2, batch
# 128, Adam). Prints a Markdown table for the README; its last column is the wheel build's speed
# relative to Debian's (above 1: the wheel is faster).
# Usage: bench/cpu-paths.sh [debian-build] [pip-build] [rounds] [threads]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
deb="${1:-build}"
pip="${2:-build-pip}"
rounds="${3:-3}"
threads="${4:-$(nproc)}"
source "$here/torch-python.sh"
python="$(torch_python "$pip")"
sizes=64,256,1024,2048
widths=(64 1024)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for r in $(seq "$rounds"); do
    for kind in deb pip; do
        b="$deb"
        [[ $kind == pip ]] && b="$pip"
        "$b/app/tensor-kitchen-bench" matmul --devices cpu --sizes $sizes --threads "$threads" \
            --format json >"$tmp/mm-$kind-$r.json" 2>/dev/null
        for w in "${widths[@]}"; do
            "$b/app/tensor-kitchen-bench" train --device cpu --width "$w" --depth 2 --batch 128 \
                --steps 300 --threads "$threads" --format json >"$tmp/tr-$kind-$w-$r.json"
        done
    done
    OPENBLAS_NUM_THREADS="$threads" "$python" "$here/torch_matmul.py" --sizes $sizes \
        --threads "$threads" >"$tmp/mm-py-$r.json"
    for w in "${widths[@]}"; do
        "$python" "$here/torch_train.py" --device cpu --width "$w" --depth 2 --batch 128 \
            --steps 300 --threads "$threads" >"$tmp/tr-py-$w-$r.json"
    done
done

"$python" - "$tmp" "$rounds" "$threads" "${widths[*]}" <<'PY'
import json, os, sys
tmp, rounds, threads, widths = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4].split()
load = lambda name: json.load(open(os.path.join(tmp, name)))
kinds = ["deb", "pip", "py"]
def gflops(kind, n):
    return max(r["gflops"] for i in range(1, rounds + 1)
               for r in load(f"mm-{kind}-{i}.json")["results"] if r["n"] == n)
def step_ms(kind, w):
    return 1e3 * min(load(f"tr-{kind}-{w}-{i}.json")["step_median_s"] for i in range(1, rounds + 1))
deb, pip = load("mm-deb-1.json")["receipt"], load("mm-pip-1.json")["receipt"]
py = load("mm-py-1.json")["torch"]
print(f"{threads} threads, best of {rounds} interleaved rounds. BLAS: 1.13 → {deb['blas']}; "
      f"2.x → {pip['blas']}")
print()
print(f"| | app on LibTorch {deb['torch_version']} + OpenBLAS | app on LibTorch {pip['torch_version']} "
      f"(wheel) | PyTorch {py} in Python | wheel's speed ÷ Debian's |")
print("|---|---|---|---|---|")
for n in sorted({r["n"] for r in load("mm-deb-1.json")["results"]}):
    v = [gflops(k, n) for k in kinds]
    print(f"| matmul N = {n}, GFLOP/s | {v[0]:.1f} | {v[1]:.1f} | {v[2]:.1f} | {v[1] / v[0]:.2f} |")
for w in widths:
    v = [step_ms(k, w) for k in kinds]
    print(f"| training step, width {w}, ms | {v[0]:.3f} | {v[1]:.3f} | {v[2]:.3f} | {v[0] / v[1]:.2f} |")
PY
