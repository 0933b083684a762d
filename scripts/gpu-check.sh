#!/usr/bin/env bash
# Builds and checks the CUDA path on a machine with an NVIDIA GPU, then writes
# docs/gpu-report.md with every figure and the versions.
#
#   scripts/gpu-check.sh [report-dir]
#
# LibTorch: CMAKE_PREFIX_PATH if set, else the one inside `python3 -c 'import torch'`.
# Qt: the system's; or Debian's .deb files in TK_QT_DEBS (made here with
# `../shared/tools/qt-bundle.sh download DIR --gui` plus the libraries they need), unpacked into
# /tmp/tk-qt; or one already unpacked under TK_QT_PREFIX in Debian's layout. Without Qt Widgets
# and QCustomPlot the UI is skipped and the core, the bench CLI and the tests are built.
# TK_GPU_BUDGET (seconds, default 540) bounds the whole run: a step that would start after it is
# skipped and said so in the report, so a device machine's time limit never loses the figures.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$here/build-gpu/report}"
build="${BUILD_DIR:-$here/build-gpu}"
budget="${TK_GPU_BUDGET:-540}"
mkdir -p "$out"
start=$SECONDS
log() { echo "== [$((SECONDS - start)) s] $*" | tee -a "$out/steps.log"; }
# time_for N: true when N more seconds fit in the budget; else the step is logged as skipped.
time_for() {
    if ((SECONDS - start + $1 > budget)); then
        log "skipped (budget): $2"
        return 1
    fi
}

if [[ -n "${TK_QT_DEBS:-}" && -z "${TK_QT_PREFIX:-}" ]]; then
    export TK_QT_PREFIX=/tmp/tk-qt
    mkdir -p "$TK_QT_PREFIX"
    for f in "$TK_QT_DEBS"/*.deb; do dpkg -x "$f" "$TK_QT_PREFIX"; done
    log "unpacked $(ls "$TK_QT_DEBS"/*.deb | wc -l) packages into $TK_QT_PREFIX"
fi

torch_prefix="${CMAKE_PREFIX_PATH:-}"
if [[ -z "$torch_prefix" ]]; then
    torch_prefix="$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null || true)"
fi
prefix="$torch_prefix"
ui=OFF
if [[ -n "${TK_QT_PREFIX:-}" ]]; then
    qtcmake="$TK_QT_PREFIX/usr/lib/x86_64-linux-gnu/cmake"
    # The prefix's usr/ too: FindOpenGL (Qt Gui needs it) looks for GL/gl.h and libGL there.
    prefix="$qtcmake;$TK_QT_PREFIX/usr;$prefix"
    export LD_LIBRARY_PATH="$TK_QT_PREFIX/usr/lib/x86_64-linux-gnu:$TK_QT_PREFIX/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}"
    # Qt looks for its plugins (the offscreen platform) and fontconfig for its fonts in /usr.
    export QT_PLUGIN_PATH="$TK_QT_PREFIX/usr/lib/x86_64-linux-gnu/qt6/plugins"
    if [[ -d "$TK_QT_PREFIX/usr/share/fonts" ]]; then
        cat >/tmp/tk-fonts.conf <<EOF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>$TK_QT_PREFIX/usr/share/fonts</dir><dir>/usr/share/fonts</dir><cachedir>/tmp/tk-fontcache</cachedir></fontconfig>
EOF
        export FONTCONFIG_FILE=/tmp/tk-fonts.conf
    fi
    [[ -d "$qtcmake/QCustomPlotQt6" && -d "$qtcmake/Qt6Widgets" ]] && ui=ON
elif [[ -d /usr/lib/x86_64-linux-gnu/cmake/QCustomPlotQt6 ]]; then
    ui=ON
fi
# The torch wheel's own libraries (libtorch_cuda, cudart, cuDNN) must be found at run time.
torch_lib="$(python3 -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))' 2>/dev/null || true)"
[[ -n "$torch_lib" ]] && export LD_LIBRARY_PATH="$torch_lib:${LD_LIBRARY_PATH:-}"
# Python programs (the watcher, PyTorch's own timings) run on the machine's own libraries.
py() { env -u LD_LIBRARY_PATH -u QT_PLUGIN_PATH python3 "$@"; }

configure() {
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTK_BUILD_UI="$1" \
        -DCMAKE_PREFIX_PATH="$prefix" >"$out/configure.log" 2>&1
}
log "configure (UI $ui) with CMAKE_PREFIX_PATH=$prefix"
if ! configure $ui; then
    tail -30 "$out/configure.log" | tee -a "$out/steps.log"
    [[ $ui == ON ]] || exit 1
    ui=OFF
    rm -rf "$build"
    log "configure again without the UI"
    configure OFF || { tail -40 "$out/configure.log"; exit 1; }
fi
grep -E "CUDA build|Tensor Kitchen|console" "$out/configure.log" | tee -a "$out/steps.log"
log "build"
cmake --build "$build" --parallel "$(nproc)" >"$out/build.log" 2>&1 || {
    grep -E "error|Error" -A3 "$out/build.log" | head -60 | tee -a "$out/steps.log"
    exit 1
}
log "built"

cli="$build/app/tensor-kitchen-bench"
ctest_rc=-1
if time_for 120 "the cuda-labelled tests"; then
    log "tests labelled cuda"
    (cd "$build" && QT_QPA_PLATFORM=offscreen timeout 150 ctest --output-on-failure --timeout 120 -L cuda -V) \
        >"$out/ctest-cuda.log" 2>&1
    ctest_rc=$?
    grep -E "PASS|FAIL|SKIP|QINFO|QWARN|tests passed|tests failed" "$out/ctest-cuda.log" | tail -60 | tee -a "$out/steps.log"
fi

log "devices"
"$cli" devices --format text | tee "$out/devices.txt"
sizes=64,128,256,512,1024,2048,4096,8192
# The CPU side stops at 4096: an 8192² product on the CPU takes seconds a block.
if time_for 60 "matmul float32 compute"; then
    log "matmul float32 compute"
    { timeout 90 "$cli" matmul --devices cpu --sizes 64,128,256,512,1024,2048,4096 --dtype float32 --mode compute --format text 2>/dev/null
      timeout 90 "$cli" matmul --devices cuda:0 --sizes $sizes --dtype float32 --mode compute --format text 2>/dev/null; } | tee "$out/matmul-f32-compute.txt"
fi
if time_for 60 "matmul against torch.utils.benchmark"; then
    log "matmul against torch.utils.benchmark on cuda:0 (3 interleaved rounds)"
    ROUNDS=3 timeout 120 "$here/bench/matmul-vs-pytorch.sh" "$build" "$sizes" "$(nproc)" cuda:0 2>&1 | tee "$out/matmul-vs-torch-cuda.txt"
fi
if time_for 40 "matmul float32 end-to-end"; then
    log "matmul float32 end-to-end"
    timeout 60 "$cli" matmul --devices cuda:0 --sizes $sizes --dtype float32 --mode end-to-end --format text 2>/dev/null | tee "$out/matmul-f32-e2e.txt"
fi
if time_for 40 "matmul bfloat16"; then
    log "matmul bfloat16 compute"
    timeout 60 "$cli" matmul --devices cpu,cuda:0 --sizes 64,256,1024 --dtype bfloat16 --mode compute --format text 2>/dev/null | tee "$out/matmul-bf16.txt"
    timeout 60 "$cli" matmul --devices cuda:0 --sizes 2048,4096,8192 --dtype bfloat16 --mode compute --format text 2>/dev/null | tee -a "$out/matmul-bf16.txt"
fi
if time_for 20 "matmul naive"; then
    log "matmul float32 naive (unsynchronised, wrong on purpose)"
    timeout 30 "$cli" matmul --devices cuda:0 --sizes 1024,4096 --mode naive --format text 2>/dev/null | tee "$out/matmul-naive.txt"
fi
if time_for 40 "transfer"; then
    log "transfer"
    timeout 60 "$cli" transfer --devices cuda:0 --sizes 4K,64K,1M,16M,256M,1G --min-run-time 0.1 --format text | tee "$out/transfer.txt"
    log "pinned host→device against PyTorch, same run"
    timeout 60 env -u LD_LIBRARY_PATH python3 - <<'PY' | tee "$out/transfer-torch.txt"
import torch, time
for size in (1 << 20, 16 << 20, 256 << 20, 1 << 30):
    for pinned in (False, True):
        src = torch.ones(size, dtype=torch.uint8, pin_memory=pinned)
        dst = torch.empty(size, dtype=torch.uint8, device="cuda")
        for _ in range(3): dst.copy_(src)
        torch.cuda.synchronize(); t = time.perf_counter()
        for _ in range(10): dst.copy_(src, non_blocking=pinned)
        torch.cuda.synchronize(); dt = (time.perf_counter() - t) / 10
        print(f"torch h2d {size >> 20} MiB {'pinned' if pinned else 'pageable'}: {size / dt / 1e9:.2f} GB/s")
PY
fi
if time_for 60 "train"; then
    log "train"
    for dev in cpu cuda:0; do
        for w in 64 1024; do
            timeout 60 "$cli" train --device $dev --width $w --steps 600 --format text 2>&1 | tee -a "$out/train.txt"
        done
    done
    timeout 60 "$cli" train --device cuda:0 --placement preload --steps 600 --format text 2>&1 | tee -a "$out/train.txt"
    timeout 60 "$cli" train --device cuda:0 --placement pinned --steps 600 --format text 2>&1 | tee -a "$out/train.txt"
fi
if time_for 60 "train: Python lane vs LibTorch lane, DDP nccl"; then
    log "train on cuda:0: the LibTorch lane and the Python lane, then DDP at 1 rank"
    for engine in libtorch python; do
        echo "-- engine $engine"
        timeout 90 "$cli" train --device cuda:0 --engine $engine --steps 600 --format text 2>&1
    done | tee "$out/train-lanes.txt"
    echo "-- ddp, 1 rank, cuda:0" | tee -a "$out/train-lanes.txt"
    timeout 90 "$cli" train --device cuda:0 --placement ddp --ranks 1 --steps 300 --format text 2>&1 | tail -30 | tee -a "$out/train-lanes.txt"
fi
if time_for 60 "watcher recordings"; then
    log "watcher recordings on cuda:0"
    rec="$out/recordings"
    mkdir -p "$rec"
    record() { # name script [args…]
        local name=$1 script=$2
        shift 2
        (cd "$here" && PYTHONPATH="$here/python" TK_WATCH_WORKERS=2 timeout 120 env -u LD_LIBRARY_PATH \
            python3 -m tensorkitchen --no-app --record "$rec/$name.tkwatch" "$script" "$@") >"$rec/$name.out" 2>&1
        echo "-- $name (exit $?)"
        timeout 30 "$cli" watch --replay "$rec/$name.tkwatch" --format text 2>&1 | head -40
    }
    {
        for s in seed000_device seed000_roundtrip seed003_dataloader seed003_right seed003_wrong; do
            record "$s" "python/tests/scripts/$s.py"
        done
        record dataloader_pinned scripts/gpu/dataloader_loop.py pinned
        record dataloader_pageable scripts/gpu/dataloader_loop.py pageable
        record move_sizes scripts/gpu/move_sizes.py
        for s in gpu_idle gpu_idle_fixed non_blocking_unpinned non_blocking_unpinned_fixed sync_in_step per_batch_move; do
            record "$s" "python/tests/scripts/findings/$s.py"
        done
    } | tee "$out/findings.txt"
fi
if [[ $ui == ON ]] && time_for 60 "screenshots"; then
    log "screenshots"
    (cd "$build" && QT_QPA_PLATFORM=offscreen timeout 120 ctest -L screenshots --timeout 100) >"$out/screenshots.log" 2>&1
    mkdir -p "$out/screenshots"
    cp "$build"/screenshots/*.png "$out/screenshots/" 2>/dev/null || true
    ls "$out/screenshots" | tee -a "$out/steps.log"
fi
if time_for 90 "the whole suite"; then
    log "the whole suite (screenshots apart)"
    (cd "$build" && QT_QPA_PLATFORM=offscreen timeout $((budget - (SECONDS - start) - 15)) \
        ctest --output-on-failure --timeout 120 --parallel 12 -LE screenshots) >"$out/ctest.log" 2>&1
    ctest_rc=$?
    grep -E "tests passed|tests failed|\*\*\*Failed|Timeout|Not Run" "$out/ctest.log" | tail -40 | tee -a "$out/steps.log"
fi

report="$out/gpu-report.md"
{
    echo "# GPU report"
    echo
    echo "Written by \`scripts/gpu-check.sh\` on $(date -u +%Y-%m-%dT%H:%MZ)."
    echo
    echo '```'
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>/dev/null
    py -c 'import torch; print("PyTorch", torch.__version__, "CUDA", torch.version.cuda, "cuDNN", torch.backends.cudnn.version())' 2>/dev/null
    echo '```'
    for f in devices.txt matmul-f32-compute.txt matmul-vs-torch-cuda.txt matmul-f32-e2e.txt matmul-bf16.txt \
             matmul-naive.txt transfer.txt transfer-torch.txt train.txt train-lanes.txt findings.txt; do
        echo
        echo "## ${f%.txt}"
        echo
        echo '```'
        cat "$out/$f" 2>/dev/null
        echo '```'
    done
    echo
    echo "## Tests (exit code $ctest_rc)"
    echo
    echo '```'
    cat "$out/ctest-cuda.log" "$out/ctest.log" 2>/dev/null | grep -E "tests passed|tests failed|Failed|Timeout|QINFO" | tail -60
    echo '```'
} >"$report"
log "wrote $report"
exit $ctest_rc
