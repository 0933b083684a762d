#!/usr/bin/env bash
# ThreadSanitizer pass over the worker and race code: the kitchen's worker thread, the matmul
# race and the training race. Suppressions and why: tests/tsan.supp, docs/reliability.md.
# Usage: scripts/tsan-check.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build-tsan}"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTK_BUILD_UI=OFF -DTK_SANITIZE=thread
cmake --build "$build" --target tst_kitchenengine tst_matmul tst_training
export TSAN_OPTIONS="halt_on_error=0 suppressions=$here/tests/tsan.supp" OMP_WAIT_POLICY=PASSIVE
status=0
for t in tst_kitchenengine tst_matmul tst_training; do
    "$build/tests/$t" || status=1
done
exit $status
