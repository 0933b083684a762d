#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine:
#   scripts/kitchen.sh run    install what is missing, build (Release), launch tensor-kitchen
#   scripts/kitchen.sh test   install what is missing, build (Release), run every test
#   scripts/kitchen.sh build  install and build only
#
# Two LibTorches are supported; TK_TORCH picks one:
#   TK_TORCH=debian  Debian's libtorch-dev 1.13 (CPU-only), in build/ — the default of run/build
#   TK_TORCH=pip     the CUDA LibTorch inside PyPI's torch wheel (the version pinned in
#                    scripts/torch-wheel.txt), installed once into a virtual environment made
#                    from Debian's /usr/bin/python3 (TK_VENV, default .venv-torch) and built with
#                    NVIDIA's nvcc, in build-pip/
# `test` without TK_TORCH runs both: Debian's build (then its core again under ASan + UBSan),
# then the pip build. BUILD_DIR overrides the build folder of a single-LibTorch command.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cmd="${1:-}"
shift || true
torch_kind="${TK_TORCH:-}"
venv="${TK_VENV:-$here/.venv-torch}"
wheel_pin="$here/scripts/torch-wheel.txt"

# Debian packages the app needs. libopenblas0-pthread matters: with the default reference
# BLAS a 1024² float32 matmul is ~30× slower. fonts-nanum: Hangul renders as boxes without it.
packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev
    libgl-dev
    libtorch-dev libopenblas0-pthread
    libqcustomplot-dev libqcustomplot2.1-qt6
    fonts-nanum
    # Qt's own words (Close, Cancel, the file dialogs) in Korean: qtbase_ko.qm.
    qt6-translations-l10n
    # The PyTorch console: an embedded Python whose torch wraps the same LibTorch.
    python3-dev pybind11-dev python3-torch
)
# For tests: the exported script runs under real PyTorch (Debian's python3-torch wraps the
# same LibTorch) and UI tests read fonts on the offscreen platform.
# A real Jupyter kernel for the watcher's notebook tests: ipykernel 6 here, 7 in the pip build.
# clang-format 14 checks the C++ layout (.clang-format). gdb: a test that hangs prints every
# thread's stack (QtTest's watchdog runs it) instead of only being killed.
test_packages=(python3 python3-torch python3-pytest fontconfig clang libclang-rt-14-dev
               python3-ipykernel python3-nbclient clang-format gdb)
# For the pip build: a virtual environment from Debian's Python.
pip_packages=(python3-venv)

install_missing() {
    local missing=()
    for p in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    if ((${#missing[@]} == 0)); then
        return
    fi
    echo "Installing: ${missing[*]}"
    local sudo=""
    if [[ $(id -u) -ne 0 ]]; then
        sudo="sudo"
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# build DIR [cmake args…]
build() {
    local dir="$1"
    shift
    cmake -S "$here" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
    cmake --build "$dir" --parallel "$(nproc)"
}

# ctest in DIR, then the reason of every suite CTest lists as skipped (it keeps their output).
run_tests() {
    local dir="$1"
    shift
    local rc=0
    # Two suites at a time: most of them wait on child processes, sockets or timers, so the
    # Release suite takes 200 s instead of 450 s on 2 cores (no test asserts a speed).
    (cd "$dir" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 900 \
        --parallel "${TK_TEST_JOBS:-2}" "$@") || rc=$?
    grep -h "^SKIPPED (" "$dir/Testing/Temporary/LastTest.log" 2>/dev/null | sed 's/^/  /' || true
    return $rc
}

nvcc_path() {
    command -v nvcc 2>/dev/null || { [[ -x /usr/local/cuda/bin/nvcc ]] && echo /usr/local/cuda/bin/nvcc; } || true
}

# Makes the virtual environment and installs the pinned wheel when it is not there yet; sets
# torch_prefix (LibTorch's CMake folder inside the wheel). Fails when nvcc is missing.
prepare_pip_torch() {
    install_missing "${pip_packages[@]}"
    local nvcc
    nvcc="$(nvcc_path)"
    if [[ -z $nvcc ]]; then
        echo "The pip build needs NVIDIA's CUDA toolkit 13 (nvcc): the wheel's LibTorch asks" \
             "CMake for it. Install it from developer.nvidia.com/cuda-downloads." >&2
        return 1
    fi
    export CUDACXX="$nvcc"
    if [[ ! -x $venv/bin/python3 ]]; then
        # Debian's Python, so that embedding this environment later finds its libpython.
        /usr/bin/python3 -m venv "$venv"
    fi
    # Every pin (torch, numpy) checked: an environment made before a pin was added gets it too.
    local pins have
    pins="$(sed -n 's/^\([a-z]*\)==\(.*\)$/\1 \2/p' "$wheel_pin")"
    have="$("$venv/bin/python3" - "$pins" 2>/dev/null <<'PY' || true
import importlib, sys
for line in sys.argv[1].splitlines():
    name, version = line.split()
    found = importlib.import_module(name).__version__.split("+")[0]
    if found != version:
        sys.exit(1)
print("ok")
PY
)"
    if [[ $have != ok ]]; then
        echo "Installing $wheel_pin's pins (torch with its CUDA libraries, numpy) into $venv"
        "$venv/bin/pip" install --disable-pip-version-check -q -r "$wheel_pin"
    fi
    # The watcher's tests (python/tests) run under this environment's torch too, and its
    # linters (ruff, and mypy against this torch's own type hints), a Jupyter kernel with its
    # client for the notebook tests, and Lightning and Hugging Face's Trainer for findings
    # programs whose loop is theirs: test-only, pinned.
    if [[ ! -x $venv/bin/ruff || ! -x $venv/bin/mypy ]] ||
        ! "$venv/bin/python3" -c 'import pytest, nbclient, ipykernel, lightning, transformers, accelerate' \
            2>/dev/null; then
        "$venv/bin/pip" install --disable-pip-version-check -q pytest ruff==0.17.6 mypy==2.4.1 \
            nbclient==0.11.0 ipykernel==7.4.0 lightning==2.6.6 transformers==5.25.0 accelerate==1.16.0
    fi
    torch_prefix="$("$venv/bin/python3" -c 'import torch; print(torch.utils.cmake_prefix_path)')"
}

# build_pip DIR [cmake args…]
build_pip() {
    local dir="$1"
    shift
    prepare_pip_torch
    build "$dir" -DCMAKE_PREFIX_PATH="$torch_prefix" -DCMAKE_CUDA_COMPILER="$CUDACXX" "$@"
}

case "$torch_kind" in
"" | debian | pip) ;;
*)
    echo "TK_TORCH must be debian or pip, not '$torch_kind'" >&2
    exit 2
    ;;
esac

case "$cmd" in
run)
    install_missing "${packages[@]}"
    if [[ $torch_kind == pip ]]; then
        dir="${BUILD_DIR:-$here/build-pip}"
        build_pip "$dir"
    else
        dir="${BUILD_DIR:-$here/build}"
        build "$dir"
    fi
    exec "$dir/app/gui/tensor-kitchen" "$@"
    ;;
test)
    install_missing "${packages[@]}" "${test_packages[@]}"
    if [[ $torch_kind != pip ]]; then
        dir="${BUILD_DIR:-$here/build}"
        # A compiler warning fails the test command in the GCC and clang builds (CONTRIBUTING).
        build "$dir" -DTK_WERROR=ON
        run_tests "$dir" "$@"
        # Again under AddressSanitizer + UndefinedBehaviorSanitizer (clang): the core's tests
        # and a replay of every fuzzing corpus. The UI tests are left out to keep CI within the hour.
        asan_dir="${dir}-asan"
        CC=clang CXX=clang++ cmake -S "$here" -B "$asan_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DTK_BUILD_UI=OFF -DTK_SANITIZE=address,undefined -DTK_FUZZ=ON -DTK_PYTHON_CONSOLE=OFF -DTK_WERROR=ON
        cmake --build "$asan_dir" --parallel "$(nproc)"
        run_tests "$asan_dir"
    fi
    if [[ $torch_kind != debian ]]; then
        # The CUDA LibTorch: every CUDA branch compiled and linked, the suite run on a machine
        # that may have no GPU (then the CUDA build must say it found no device).
        dir="$here/build-pip"
        if [[ $torch_kind == pip ]]; then
            dir="${BUILD_DIR:-$dir}"
        fi
        echo "== The pip build: torch $(sed -n 's/^torch==//p' "$wheel_pin") (CUDA LibTorch) in $dir"
        build_pip "$dir"
        run_tests "$dir" "$@"
    fi
    ;;
build)
    install_missing "${packages[@]}"
    if [[ $torch_kind == pip ]]; then
        build_pip "${BUILD_DIR:-$here/build-pip}" "$@"
    else
        build "${BUILD_DIR:-$here/build}" "$@"
    fi
    ;;
*)
    echo "usage: [TK_TORCH=debian|pip] $0 run|test|build" >&2
    exit 2
    ;;
esac
