# Sourced by the bench scripts: the Python to compare with is the one whose torch wraps the
# LibTorch of the build being measured (CMake's TK_PYTHON: Debian's python3-torch for build/,
# the virtual environment's wheel for build-pip/). PYTHON overrides it.
# Usage: python="$(torch_python BUILD_DIR)"
torch_python() {
    if [[ -n ${PYTHON:-} ]]; then
        echo "$PYTHON"
        return
    fi
    local py
    py="$(sed -n 's/^TK_PYTHON:[A-Z]*=//p' "$1/CMakeCache.txt" 2>/dev/null)"
    echo "${py:-/usr/bin/python3}"
}
