#!/usr/bin/env bash
# The training race's lanes against PyTorch itself, side by side in one run: the C++ lane
# (LibTorch in the app: autograd + torch::optim), the Python lane (`train --engine python`: the
# same training in a Python process the app starts) and bench/torch_train.py (the same loop as
# a plain script), all with the build's own torch (python3-torch for build/, the wheel's for
# build-pip/; see torch-python.sh), same shapes, seed, optimizer and threads. ROUNDS interleaved
# rounds (default 5; the order rotates every round), each giving a median step time. Prints per
# width the three medians, the median of the per-round ratios C++/script and lane/script with
# their ranges, and how far the losses agree. The Python lane should equal the script within noise.
# Usage: bench/train-vs-pytorch.sh [build-dir] [widths] [threads] [device] [optimizer]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-build}"
widths="${2:-64,256,1024}"
threads="${3:-$(nproc)}"
device="${4:-cpu}"
optimizer="${5:-adam}"
rounds="${ROUNDS:-5}"
steps="${STEPS:-600}"
source "$here/torch-python.sh"
python="$(torch_python "$build")"
cli="$build/app/tensor-kitchen-bench"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
IFS=, read -ra ws <<<"$widths"
common=(--device "$device" --depth 2 --batch 128 --steps "$steps" --threads "$threads" --optimizer "$optimizer")
run_one() { # WHICH WIDTH ROUND
    case "$1" in
    cpp) "$cli" train "${common[@]}" --width "$2" --format json >"$tmp/cpp-$2-$3.json" ;;
    lane) "$cli" train "${common[@]}" --width "$2" --engine python --format json >"$tmp/lane-$2-$3.json" ;;
    # As a user runs it: no OMP_WAIT_POLICY (the app's own choice is not passed to its lanes either).
    script) env -u OMP_WAIT_POLICY -u TK_NO_REEXEC "$python" "$here/torch_train.py" "${common[@]}" \
                --width "$2" >"$tmp/script-$2-$3.json" ;;
    esac
}
for w in "${ws[@]}"; do
    for round in $(seq 1 "$rounds"); do
        case $((round % 3)) in
        1) order=(cpp lane script) ;;
        2) order=(lane script cpp) ;;
        0) order=(script cpp lane) ;;
        esac
        for which in "${order[@]}"; do run_one "$which" "$w" "$round"; done
    done
done
"$python" - "$tmp" "$widths" "$threads" "$device" "$rounds" "$optimizer" "$steps" <<'PY'
import json, math, os, statistics, sys
tmp, widths, threads, device = sys.argv[1], sys.argv[2].split(","), sys.argv[3], sys.argv[4]
rounds, optimizer, steps = range(1, int(sys.argv[5]) + 1), sys.argv[6], int(sys.argv[7])
def load(kind, w, r):
    return json.load(open(os.path.join(tmp, f"{kind}-{w}-{r}.json")))
first = load("cpp", widths[0], 1)
lane = load("lane", widths[0], 1)
print(f"LibTorch {first['receipt'].get('torch_version', '?')} (engine {first['receipt'].get('engine')}, "
      f"optimizer {first['receipt'].get('optimizer_impl')}); Python lane and script: PyTorch "
      f"{load('script', widths[0], 1)['torch']} ({lane['receipt'].get('optimizer_impl')})")
print(f"MLP depth 2, batch 128, {steps} steps, {optimizer}, {threads} threads, {device}, "
      f"{len(rounds)} interleaved rounds (medians)")
print(f"{'width':>6} {'C++ ms':>9} {'lane ms':>9} {'script ms':>10} {'C++/script':>16} {'lane/script':>16}"
      f" {'C++ vs script losses':>22} {'lane vs script':>16}")
def digits(a, b):
    worst = 17
    for x, y in zip(a, b):
        if x != y:
            worst = min(worst, max(0, math.floor(-math.log10(abs(x - y) / max(abs(x), abs(y))))))
    return "identical" if worst == 17 else f"{worst} digits"
for w in widths:
    med = {k: [load(k, w, r)["step_median_s"] for r in rounds] for k in ("cpp", "lane", "script")}
    def ratio(k):
        rs = [a / b for a, b in zip(med[k], med["script"])]
        return f"{statistics.median(rs):.3f} ({min(rs):.2f}-{max(rs):.2f})"
    s = load("script", w, 1)["losses"]
    print(f"{w:>6} {statistics.median(med['cpp']) * 1e3:>9.4f} {statistics.median(med['lane']) * 1e3:>9.4f} "
          f"{statistics.median(med['script']) * 1e3:>10.4f} {ratio('cpp'):>16} {ratio('lane'):>16} "
          f"{digits(load('cpp', w, 1)['losses'], s):>22} {digits(load('lane', w, 1)['losses'], s):>16}")
PY
