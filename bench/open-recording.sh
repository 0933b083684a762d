#!/usr/bin/env bash
# The app opening a watch recording (.tkwatch) as fast as it can play it, in a real window at
# 1366×768: seconds until the program's tab has all of it, the memory that took over the
# window's own, and the longest stall of the GUI meanwhile. Targets (issue 50): a recording of
# 1,000,000 steps in ≤ 10 s holding ≤ 500 MiB more. Runs ROUNDS times (default 3) and prints
# each run's figures, then their medians.
# Usage: bench/open-recording.sh RECORDING.tkwatch [build-dir]
# (bench/watch_steps.py --steps 1000000 --rounds 1 --keep F.tkwatch records one of its loop.)
set -euo pipefail
recording="${1:?usage: bench/open-recording.sh RECORDING.tkwatch [build-dir]}"
build="${2:-build}"
rounds="${ROUNDS:-3}"
exe="$build/bench/tensor-kitchen-guistall"
[[ -x "$exe" ]] || { echo "build first: $exe is missing" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for round in $(seq 1 "$rounds"); do
    if command -v xvfb-run >/dev/null; then
        xvfb-run -a -s "-screen 0 1366x768x24" "$exe" --recording "$recording" >"$tmp/run$round.json"
    else
        QT_QPA_PLATFORM=offscreen "$exe" --recording "$recording" >"$tmp/run$round.json"
    fi
done
python3 - "$tmp" "$rounds" <<'PY'
import json, os, statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
runs = [json.load(open(os.path.join(tmp, f"run{i}.json"))) for i in range(1, rounds + 1)]
print(f"{runs[0]['recording']}: {runs[0]['recording_bytes'] / 1e6:.1f} MB, {runs[0]['platform']}")
for key in ("open_seconds", "peak_over_before_mib", "worst_stall_ms"):
    values = [r[key] for r in runs]
    print(f"{key}: median {statistics.median(values):.1f} "
          f"(each: {', '.join(f'{v:.1f}' for v in values)})")
PY
