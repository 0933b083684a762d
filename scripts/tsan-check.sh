#!/usr/bin/env bash
# ThreadSanitizer pass over every suite that starts a thread: the kitchen's worker and the
# workspace, the races (matmul, training, the runner they share, the load probe), the PyTorch
# console's worker and the watcher's receiver. Suppressions and why: tests/tsan.supp,
# docs/reliability.md.
# Usage: scripts/tsan-check.sh [build-dir]
# TK_BUILD_LOCK=/path/to/lock serialises the build step with flock (machines shared by builders).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build-tsan}"
suites=(tst_kitchenengine tst_workspace tst_matmul tst_training tst_backgroundrun tst_machineload
        tst_pythonconsole tst_watchserver tst_watchreplay)
lock=()
[ -n "${TK_BUILD_LOCK:-}" ] && lock=(flock "$TK_BUILD_LOCK")
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTK_BUILD_UI=OFF -DTK_SANITIZE=thread
"${lock[@]}" cmake --build "$build" --target "${suites[@]}"
# die_after_fork=0: the busy-machine tests start `sh` loops (QProcess forks a process that has
# threads); TSan would otherwise end the child with "starting new threads after multi-threaded fork".
export TSAN_OPTIONS="halt_on_error=0 die_after_fork=0 suppressions=$here/tests/tsan.supp" OMP_WAIT_POLICY=PASSIVE
export TK_SOURCE_DIR="$here"
status=0
for t in "${suites[@]}"; do
    echo "== $t"
    "$build/tests/$t" || status=1
done
exit $status
