#!/usr/bin/env bash
# Regenerates the README screenshots from the UI tests' screenshot cases (offscreen platform).
# Usage: scripts/screenshots.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
cmake --build "$build"
rm -rf "$build/screenshots"
QT_QPA_PLATFORM=offscreen "$build/tests/tst_kitchen" screenshots >/dev/null
for t in "$build"/tests/tst_*race* "$build"/tests/tst_memory "$build"/tests/tst_desktop; do
    [[ -x "$t" ]] && QT_QPA_PLATFORM=offscreen "$t" screenshots >/dev/null || true
done
mkdir -p "$here/docs/screenshots"
cp "$build"/screenshots/*.png "$here/docs/screenshots/"
ls -1 "$here/docs/screenshots"
