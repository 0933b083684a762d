#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine:
#   scripts/kitchen.sh run    install what is missing, build (Release), launch tensor-kitchen
#   scripts/kitchen.sh test   install what is missing, build (Release), run every test
#   scripts/kitchen.sh build  install and build only
# BUILD_DIR (default: build) and CMAKE_PREFIX_PATH (e.g. a CUDA LibTorch) are honoured.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${BUILD_DIR:-$here/build}"
cmd="${1:-}"
shift || true

# Debian packages the app needs. libopenblas0-pthread matters: with the default reference
# BLAS a 1024² float32 matmul is ~30× slower. fonts-nanum: Hangul renders as boxes without it.
packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev
    libgl-dev
    libtorch-dev libopenblas0-pthread
    libqcustomplot-dev libqcustomplot2.1-qt6
    fonts-nanum
)
# For tests: the exported script runs under real PyTorch (Debian's python3-torch wraps the
# same LibTorch) and UI tests read fonts on the offscreen platform.
test_packages=(python3 python3-torch fontconfig clang libclang-rt-14-dev)

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

build() {
    local jobs
    jobs="$(nproc)"
    cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
    cmake --build "$build_dir" --parallel "$jobs"
}

case "$cmd" in
run)
    install_missing "${packages[@]}"
    build
    exec "$build_dir/app/gui/tensor-kitchen" "$@"
    ;;
test)
    install_missing "${packages[@]}" "${test_packages[@]}"
    build
    (cd "$build_dir" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 900 "$@")
    # Again under AddressSanitizer + UndefinedBehaviorSanitizer (clang): the core's tests and
    # a replay of every fuzzing corpus. The UI tests are left out to keep CI within the hour.
    asan_dir="${build_dir}-asan"
    CC=clang CXX=clang++ cmake -S "$here" -B "$asan_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DTK_BUILD_UI=OFF -DTK_SANITIZE=address,undefined -DTK_FUZZ=ON
    cmake --build "$asan_dir" --parallel "$(nproc)"
    (cd "$asan_dir" && ctest --output-on-failure --timeout 900)
    ;;
build)
    install_missing "${packages[@]}"
    build "$@"
    ;;
*)
    echo "usage: $0 run|test|build" >&2
    exit 2
    ;;
esac
