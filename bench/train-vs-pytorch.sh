#!/usr/bin/env bash
# The training race's C++ step against the same loop in PyTorch (the build's own: python3-torch
# for build/, the wheel's torch for build-pip/; see torch-python.sh), same shapes,
# seed, optimizer and threads, in one run: ROUNDS interleaved rounds (ours, Python, ours, …;
# default 5), each giving a median step time. Reports per width the median of the per-round
# ratios ours/Python (target for width 64, depth 2, batch 128: <= 0.5) with their range, and
# whether the two produce the same losses.
# Usage: bench/train-vs-pytorch.sh [build-dir] [widths] [threads] [device]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-build}"
widths="${2:-64,256,1024}"
threads="${3:-$(nproc)}"
device="${4:-cpu}"
rounds="${ROUNDS:-5}"
source "$here/torch-python.sh"
python="$(torch_python "$build")"
cli="$build/app/tensor-kitchen-bench"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
IFS=, read -ra ws <<<"$widths"
for w in "${ws[@]}"; do
    for round in $(seq 1 "$rounds"); do
        "$cli" train --device "$device" --width "$w" --depth 2 --batch 128 --steps 600 \
            --threads "$threads" --format json >"$tmp/ours-$w-$round.json"
        # The app runs with OMP_WAIT_POLICY=PASSIVE (ProcessSetup); so does Python here, or its
        # OpenMP threads spin against the machine's other work and the ratio flatters us.
        OMP_WAIT_POLICY="${OMP_WAIT_POLICY:-PASSIVE}" OPENBLAS_NUM_THREADS="$threads" \
            "$python" "$here/torch_train.py" --device "$device" \
                --width "$w" --depth 2 --batch 128 --steps 600 --threads "$threads" \
                >"$tmp/torch-$w-$round.json"
    done
done
"$python" - "$tmp" "$widths" "$threads" "$device" "$rounds" <<'PY'
import json, os, statistics, sys
tmp, widths, threads, device = sys.argv[1], sys.argv[2].split(","), sys.argv[3], sys.argv[4]
rounds = range(1, int(sys.argv[5]) + 1)
first = json.load(open(os.path.join(tmp, f"ours-{widths[0]}-1.json")))
print(f"LibTorch {first.get('receipt', {}).get('torch_version', '?')}, "
      f"PyTorch {json.load(open(os.path.join(tmp, f'torch-{widths[0]}-1.json')))['torch']}")
print(f"MLP depth 2, batch 128, 600 steps, Adam, {threads} threads, {device}, {len(rounds)} interleaved rounds")
print(f"{'width':>6} {'ours ms/step':>13} {'python ms/step':>15} {'ours/python':>12} {'range':>12} {'losses agree to':>16}")
for w in widths:
    ours = [json.load(open(os.path.join(tmp, f"ours-{w}-{r}.json"))) for r in rounds]
    theirs = [json.load(open(os.path.join(tmp, f"torch-{w}-{r}.json"))) for r in rounds]
    a = statistics.median(o["step_median_s"] for o in ours)
    b = statistics.median(t["step_median_s"] for t in theirs)
    ratios = [o["step_median_s"] / t["step_median_s"] for o, t in zip(ours, theirs)]
    la, lb = ours[0]["losses"][-1], theirs[0]["losses"][-1]
    same = sum(1 for x, y in zip(ours[0]["losses"], theirs[0]["losses"]) if x == y)
    rel = abs(la - lb) / max(abs(la), 1e-30)
    digits = "all" if rel == 0 else f"{rel:.1e} rel."
    print(f"{w:>6} {a * 1e3:>13.4f} {b * 1e3:>15.4f} {statistics.median(ratios):>12.3f} "
          f"{min(ratios):>5.3f}-{max(ratios):.3f} {digits:>16}   ({same}/600 steps bit-identical)")
PY
