#!/usr/bin/env bash
# 10,000 create → copy to meta → delete cycles; resident memory must come back to within 10 %
# of its baseline (measured after 200 warm-up cycles). Usage: bench/stress.sh [build] [cycles]
set -euo pipefail
build="${1:-build}"
cycles="${2:-10000}"
out="$("$build/app/tensor-kitchen-bench" stress --cycles "$cycles")"
echo "$out"
python3 - "$out" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
growth = r["growth"] * 100
print(f"resident memory: {r['rss_baseline_bytes'] / 2**20:.1f} MiB -> {r['rss_after_bytes'] / 2**20:.1f} MiB "
      f"({growth:+.2f} %) after {r['cycles']} cycles; target within 10 %")
sys.exit(0 if abs(growth) <= 10 else 1)
PY
