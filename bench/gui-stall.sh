#!/usr/bin/env bash
# Longest GUI event-loop stall (probe timer lateness) while the kitchen creates and moves a
# 4096×4096 tensor and while 20 cards fly at once. Target: under 50 ms.
# With --recording F.tkwatch, instead: the app opening that watch recording as fast as it can
# play it, in a window of 1366×768 — the seconds until the program's tab has all of it, the
# memory that took over the window's own and the longest stall meanwhile. Targets (issue 50): a
# recording of 1,000,000 steps in ≤ 10 s holding ≤ 500 MiB more (bench/watch_steps.py --steps
# 1000000 --rounds 1 --keep F.tkwatch records one).
# Runs ROUNDS times (default 5) and prints the last run's figures, then each figure's median.
# Usage: bench/gui-stall.sh [build-dir] [--recording F.tkwatch]
#        (runs under Xvfb when available, else offscreen)
set -euo pipefail
build=build
if [[ $# -gt 0 && $1 != --* ]]; then
    build="$1"
    shift
fi
rounds="${ROUNDS:-5}"
exe="$build/bench/tensor-kitchen-guistall"
[[ -x "$exe" ]] || { echo "build first: $exe is missing" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for round in $(seq 1 "$rounds"); do
    if command -v xvfb-run >/dev/null; then
        xvfb-run -a -s "-screen 0 1400x900x24" "$exe" "$@" >"$tmp/run$round.json"
    else
        QT_QPA_PLATFORM=offscreen "$exe" "$@" >"$tmp/run$round.json"
    fi
done
python3 - "$tmp" "$rounds" <<'PY'
import json, os, statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
runs = [json.load(open(os.path.join(tmp, f"run{i}.json"))) for i in range(1, rounds + 1)]
print(json.dumps(runs[-1], indent=1))
for key in sorted(k for k, v in runs[0].items()
                  if isinstance(v, (int, float)) and not isinstance(v, bool)):
    values = [r[key] for r in runs]
    print(f"{key}: median {statistics.median(values):.1f} over {rounds} runs "
          f"(range {min(values):.1f}-{max(values):.1f}; each: {', '.join(f'{v:.1f}' for v in values)})")
PY
