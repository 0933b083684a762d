#!/usr/bin/env bash
# Longest GUI event-loop stall (probe timer lateness) while the kitchen creates and moves a
# 4096×4096 tensor and while 20 cards fly at once. Target: under 50 ms.
# Usage: bench/gui-stall.sh [build-dir]   (runs under Xvfb when available, else offscreen)
set -euo pipefail
build="${1:-build}"
exe="$build/bench/tensor-kitchen-guistall"
[[ -x "$exe" ]] || { echo "build first: $exe is missing" >&2; exit 1; }
if command -v xvfb-run >/dev/null; then
    xvfb-run -a -s "-screen 0 1400x900x24" "$exe"
else
    QT_QPA_PLATFORM=offscreen "$exe"
fi
