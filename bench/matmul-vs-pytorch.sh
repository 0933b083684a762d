#!/usr/bin/env bash
# Our matmul timing against torch.utils.benchmark on the same sizes, dtype and threads, in one
# run: ours, PyTorch, ours, PyTorch, … (ROUNDS interleaved rounds, default 5); per size the
# median GFLOP/s of each and the median of the per-round ratios (this machine swings ±30 %
# between rounds, so one pair says little).
# Also the share of the CPU's float32 FMA peak (cores × FMA lanes × 2 × clock).
# PyTorch is the build's own (python3-torch for build/, the wheel for build-pip/).
# Usage: bench/matmul-vs-pytorch.sh [build-dir] [sizes] [threads] [device] [mode]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-build}"
sizes="${2:-64,128,256,512,1024,2048}"
threads="${3:-$(nproc)}"
device="${4:-cpu}"
mode="${5:-compute}"
rounds="${ROUNDS:-5}"
source "$here/torch-python.sh"
python="$(torch_python "$build")"
cli="$build/app/tensor-kitchen-bench"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for round in $(seq 1 "$rounds"); do
    "$cli" matmul --devices "$device" --sizes "$sizes" --threads "$threads" --mode "$mode" \
        --format json >"$tmp/ours$round.json" 2>/dev/null
    # LibTorch built on a generic BLAS does not hand its thread count to OpenBLAS; the CLI
    # sets OpenBLAS's count itself, so give PyTorch the same through the environment.
    OPENBLAS_NUM_THREADS="$threads" "$python" "$here/torch_matmul.py" --sizes "$sizes" \
        --threads "$threads" --device "$device" --mode "$mode" >"$tmp/torch$round.json"
done

"$python" - "$tmp" "$threads" "$device" "$rounds" <<'PY'
import json, os, statistics, sys
tmp, threads, device, rounds = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
def load(name):
    return json.load(open(os.path.join(tmp, name)))
ours = [load(f"ours{i}.json") for i in range(1, rounds + 1)]
theirs = [load(f"torch{i}.json") for i in range(1, rounds + 1)]
def gflops(run, n):
    return max(r["gflops"] for r in run["results"]
               if r["n"] == n and r["device"].startswith(device.split(":")[0]))
sizes = [r["n"] for r in ours[0]["results"]]

peak = None
if device == "cpu":
    flags = open("/proc/cpuinfo").read()
    mhz = max(float(l.split(":")[1]) for l in flags.splitlines() if l.startswith("cpu MHz"))
    lanes = 16 if " avx512f" in flags else 8 if " fma" in flags else 4  # fp32 per FMA unit
    peak = threads * lanes * 2 * 2 * mhz / 1e3  # 2 FMA units, 2 flops per FMA
    print(f"CPU peak estimate: {threads} cores x {lanes} fp32 lanes x 2 FMA units x 2 flops x "
          f"{mhz / 1e3:.2f} GHz = {peak:.0f} GFLOP/s (nominal clock; boost may be higher)")
r = ours[0]["receipt"]
print(f"LibTorch {r['torch_version']} ({r['blas']}), PyTorch {theirs[0]['torch']}, "
      f"{threads} threads, device {device}")
print(f"{rounds} interleaved rounds; medians (ratio: median of the per-round ratios, with its range)")
print(f"{'N':>6} {'ours GFLOP/s':>13} {'torch GFLOP/s':>14} {'ours/torch':>11} {'range':>13}" +
      (f" {'% of peak':>10}" if peak else ""))
worst = None
for n in sizes:
    a = statistics.median(gflops(o, n) for o in ours)
    b = statistics.median(gflops(t, n) for t in theirs)
    ratios = [gflops(o, n) / gflops(t, n) for o, t in zip(ours, theirs)]
    ratio = statistics.median(ratios)
    worst = ratio if worst is None else min(worst, ratio)
    line = f"{n:>6} {a:>13.1f} {b:>14.1f} {ratio:>11.3f} {min(ratios):>6.3f}-{max(ratios):.3f}"
    if peak:
        line += f" {100 * a / peak:>9.1f}%"
    print(line)
print(f"worst median ratio: {worst:.3f} (target >= 0.97)")
PY
