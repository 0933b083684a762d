#!/usr/bin/env bash
# Builds and checks the CUDA path on a machine with an NVIDIA GPU, then writes
# docs/gpu-report.md with every figure and the versions.
#
#   scripts/gpu-check.sh [report-dir]
#
# LibTorch: CMAKE_PREFIX_PATH if set, else the one inside `python3 -c 'import torch'`.
# Qt: the system's, or one unpacked under TK_QT_PREFIX in Debian's layout (its CMake files in
# usr/lib/x86_64-linux-gnu/cmake). Without Qt Widgets and QCustomPlot the UI is skipped and the
# core, the bench CLI and the tests are built.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$here/build-gpu/report}"
build="${BUILD_DIR:-$here/build-gpu}"
mkdir -p "$out"
log() { echo "== $*" | tee -a "$out/steps.log"; }

torch_prefix="${CMAKE_PREFIX_PATH:-}"
if [[ -z "$torch_prefix" ]]; then
    torch_prefix="$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null || true)"
fi
prefix="$torch_prefix"
ui=OFF
if [[ -n "${TK_QT_PREFIX:-}" ]]; then
    qtcmake="$TK_QT_PREFIX/usr/lib/x86_64-linux-gnu/cmake"
    prefix="$qtcmake;$prefix"
    export LD_LIBRARY_PATH="$TK_QT_PREFIX/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}"
    [[ -d "$qtcmake/QCustomPlotQt6" && -d "$qtcmake/Qt6Widgets" ]] && ui=ON
elif [[ -d /usr/lib/x86_64-linux-gnu/cmake/QCustomPlotQt6 ]]; then
    ui=ON
fi
# The torch wheel's own libraries (libtorch_cuda, cudart, cuDNN) must be found at run time.
torch_lib="$(python3 -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))' 2>/dev/null || true)"
[[ -n "$torch_lib" ]] && export LD_LIBRARY_PATH="$torch_lib:${LD_LIBRARY_PATH:-}"

log "configure (UI $ui) with CMAKE_PREFIX_PATH=$prefix"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTK_BUILD_UI=$ui \
    -DCMAKE_PREFIX_PATH="$prefix" >"$out/configure.log" 2>&1 || { tail -40 "$out/configure.log"; exit 1; }
grep -E "CUDA build|Tensor Kitchen" "$out/configure.log" | tee -a "$out/steps.log"
log "build"
cmake --build "$build" --parallel "$(nproc)" >"$out/build.log" 2>&1 || { grep -E "error|Error" -A3 "$out/build.log" | head -60; exit 1; }

cli="$build/app/tensor-kitchen-bench"
log "tests (the cuda label included)"
(cd "$build" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 300 -V) >"$out/ctest.log" 2>&1
ctest_rc=$?
grep -E "tests passed|tests failed|\*\*\*Failed|QINFO|SKIP" "$out/ctest.log" | tail -40 | tee -a "$out/steps.log"

log "devices";   "$cli" devices --format text | tee "$out/devices.txt"
"$cli" devices --format json >"$out/devices.json"
sizes=64,128,256,512,1024,2048,4096,8192
log "matmul float32 compute"
"$cli" matmul --devices cpu,cuda:0 --sizes $sizes --dtype float32 --mode compute --format text 2>/dev/null | tee "$out/matmul-f32-compute.txt"
log "matmul float32 end-to-end"
"$cli" matmul --devices cpu,cuda:0 --sizes $sizes --dtype float32 --mode end-to-end --format text 2>/dev/null | tee "$out/matmul-f32-e2e.txt"
log "matmul bfloat16 compute"
"$cli" matmul --devices cpu,cuda:0 --sizes $sizes --dtype bfloat16 --mode compute --format text 2>/dev/null | tee "$out/matmul-bf16.txt"
log "matmul float32 naive (unsynchronised, wrong on purpose)"
"$cli" matmul --devices cuda:0 --sizes 1024,4096 --mode naive --format text 2>/dev/null | tee "$out/matmul-naive.txt"
log "matmul against torch.utils.benchmark on cuda:0"
"$here/bench/matmul-vs-pytorch.sh" "$build" "$sizes" "$(nproc)" cuda:0 2>/dev/null | tee "$out/matmul-vs-torch-cuda.txt"
log "transfer"
"$cli" transfer --devices cuda:0 --sizes 4K,64K,1M,16M,256M,1G --min-run-time 0.1 --format text | tee "$out/transfer.txt"
log "pinned host→device against PyTorch, same run"
python3 - <<'PY' | tee "$out/transfer-torch.txt"
import torch, time
for pinned in (False, True):
    src = torch.ones(1 << 30, dtype=torch.uint8, pin_memory=pinned)
    dst = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    for _ in range(3): dst.copy_(src)
    torch.cuda.synchronize(); t = time.perf_counter()
    for _ in range(10): dst.copy_(src, non_blocking=pinned)
    torch.cuda.synchronize(); dt = (time.perf_counter() - t) / 10
    print(f"torch h2d 1 GiB {'pinned' if pinned else 'pageable'}: {src.numel() / dt / 1e9:.2f} GB/s")
PY
log "train"
for dev in cpu cuda:0; do
    for w in 64 1024; do
        "$cli" train --device $dev --width $w --steps 600 --format text | tee -a "$out/train.txt"
    done
done
"$cli" train --device cuda:0 --placement preload --steps 600 --format text | tee -a "$out/train.txt"
"$cli" train --device cuda:0 --placement pinned --steps 600 --format text | tee -a "$out/train.txt"
log "watcher findings on the GPU (gpu_idle, non_blocking_unpinned, each with its fixed twin)"
for s in gpu_idle gpu_idle_fixed non_blocking_unpinned non_blocking_unpinned_fixed; do
    (cd "$out" && PYTHONPATH="$here/python" timeout 300 python3 -m tensorkitchen --no-app \
        --record "$out/$s.tkwatch" "$here/python/tests/scripts/findings/$s.py") >/dev/null 2>&1
    echo "-- $s (exit $?)"
    "$cli" watch --replay "$out/$s.tkwatch" --format text 2>&1 | grep -E "steps|finding|not checked|    "
done | tee "$out/findings.txt"
if [[ $ui == ON ]]; then
    log "screenshots"
    (cd "$build" && QT_QPA_PLATFORM=offscreen tests/tst_kitchen screenshots >/dev/null 2>&1 \
        && QT_QPA_PLATFORM=offscreen tests/tst_matmulracepanel screenshots >/dev/null 2>&1)
    cp "$build"/screenshots/*.png "$out/" 2>/dev/null || true
fi

report="$here/docs/gpu-report.md"
{
    echo "# GPU report"
    echo
    echo "Written by \`scripts/gpu-check.sh\` on $(date -u +%Y-%m-%dT%H:%MZ)."
    echo
    echo '```'
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>/dev/null
    python3 -c 'import torch; print("PyTorch", torch.__version__, "CUDA", torch.version.cuda, "cuDNN", torch.backends.cudnn.version())' 2>/dev/null
    echo '```'
    for f in devices.txt matmul-f32-compute.txt matmul-f32-e2e.txt matmul-bf16.txt matmul-naive.txt \
             matmul-vs-torch-cuda.txt transfer.txt transfer-torch.txt train.txt findings.txt; do
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
    grep -E "tests passed|tests failed|Failed|QINFO" "$out/ctest.log" | tail -40
    echo '```'
} >"$report"
cp "$report" "$out/"
log "wrote $report"
exit $ctest_rc
