#!/usr/bin/env bash
# The console against plain Python on the same loops (bench/console_loop.py): `tensor-kitchen-bench
# run` (the console's engine: its move recorder, device watch and namespace bookkeeping) and the
# build's own python3, in interleaved rounds (ABAB…, the order swapped every round), the median
# of the paired ratios. Three cases: small elementwise ops and a 64×64 matmul loop with no thread
# setting in the script (each side's defaults: the console must run with python3's), and the
# elementwise loop on one thread. Target: console/python ≤ 1.1 in every case.
# Usage: bench/console-vs-python.sh [build-dir] [rounds] [iterations]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-build}"
rounds="${2:-7}"
iterations="${3:-20000}"
source "$here/torch-python.sh"
python="$(torch_python "$build")"
cli="$build/app/tensor-kitchen-bench"
loop="$here/console_loop.py"

console_us() {
    "$cli" run "$loop" --format json 2>/dev/null |
        "$python" -c 'import json, sys; print(json.load(sys.stdin)["output"].strip())'
}
python_us() { "$python" "$loop" 2>/dev/null; }

measure() { # KIND THREADS ITERATIONS
    export TK_LOOP_KIND="$1" TK_LOOP_THREADS="$2" TK_LOOP_N="$3"
    echo "== $1 loop, threads: ${2:-no setting}"
    local results=()
    for ((round = 1; round <= rounds; round++)); do
        if ((round % 2)); then c="$(console_us)"; p="$(python_us)"; else p="$(python_us)"; c="$(console_us)"; fi
        results+=("$c $p")
        echo "round $round: console $c us/iteration, python $p us/iteration"
    done
    printf '%s\n' "${results[@]}" | "$python" -c '
import statistics, sys, torch
pairs = [tuple(map(float, l.split())) for l in sys.stdin if l.strip()]
ratios = [c / p for c, p in pairs]
print("torch %s, %d rounds, median console %.2f us, python %.2f us per iteration"
      % (torch.__version__, len(pairs), statistics.median(c for c, _ in pairs),
         statistics.median(p for _, p in pairs)))
print("console/python: median %.3f (min %.3f, max %.3f)"
      % (statistics.median(ratios), min(ratios), max(ratios)))
'
}

measure elementwise "" "$iterations"
measure matmul "" "$((iterations / 4))"
measure elementwise 1 "$iterations"
