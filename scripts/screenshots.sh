#!/usr/bin/env bash
# Regenerates the README screenshots: the UI suites' screenshots() cases, which CTest runs as
# tests labelled "screenshots" (offscreen platform).
# Usage: scripts/screenshots.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
cmake --build "$build"
rm -rf "$build/screenshots"
# The screenshot makers are tests of their own, under the label "screenshots".
(cd "$build" && ctest -L screenshots --output-on-failure)
mkdir -p "$here/docs/screenshots"
cp "$build"/screenshots/*.png "$here/docs/screenshots/"
ls -1 "$here/docs/screenshots"
