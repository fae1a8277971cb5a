# Shared by scripts/run-example.sh and scripts/run-tests.sh: installs what is
# missing on a Debian 12 machine (idempotent; nothing is downloaded when all is
# there), then configures and builds linalgx in $LINALGX_BUILD_DIR.
set -euo pipefail

LINALGX_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LINALGX_BUILD_DIR=${LINALGX_BUILD_DIR:-$LINALGX_ROOT/build}
LINALGX_JOBS=${LINALGX_JOBS:-2}

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# install_packages [more Debian packages...]: the build's packages and any
# that a caller (the sanitizer and fuzzing scripts) needs as well.
install_packages() {
  # libomp-22-dev: the OpenMP runtime that the CPU pipeline's generated code
  # (lu-strategy=generated) runs its batches on.
  local wanted=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
                lld-22 cmake ninja-build ccache python3 python3-numpy
                python3-scipy python3-pytest
                libopenblas-dev libomp-22-dev "$@")
  local missing=()
  for pkg in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    log "all Debian packages present"
    return
  fi
  log "installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

# The tests need a Python with NumPy, SciPy and pytest. Prefer the python3 on
# PATH (it may be a pyenv or venv one); give it the packages from PyPI if it
# lacks them, and fall back to Debian's /usr/bin/python3, whose packages
# install_packages provides.
select_python() {
  local candidate
  for candidate in "$(command -v python3 || true)" /usr/bin/python3; do
    [ -n "$candidate" ] || continue
    if "$candidate" -c 'import numpy, scipy, pytest' 2>/dev/null; then
      LINALGX_PYTHON=$candidate
      return
    fi
  done
  candidate=$(command -v python3 || true)
  if [ -n "$candidate" ] && [ "$candidate" != /usr/bin/python3 ] &&
     "$candidate" -m pip install -q numpy scipy pytest 2>/dev/null &&
     "$candidate" -c 'import numpy, scipy, pytest' 2>/dev/null; then
    LINALGX_PYTHON=$candidate
    return
  fi
  LINALGX_PYTHON=/usr/bin/python3
}

# build_linalgx [extra CMake arguments...]
build_linalgx() {
  local cuda_args=()
  if [ -x /usr/local/cuda/bin/nvcc ]; then
    cuda_args=(-DCUDAToolkit_ROOT=/usr/local/cuda)
  fi
  export CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache}
  log "configuring in $LINALGX_BUILD_DIR $*"
  cmake -S "$LINALGX_ROOT" -B "$LINALGX_BUILD_DIR" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DPython3_EXECUTABLE="$LINALGX_PYTHON" \
    "${cuda_args[@]}" "$@" >"$LINALGX_BUILD_DIR.configure.log" 2>&1 || {
      cat "$LINALGX_BUILD_DIR.configure.log" >&2; exit 1; }
  log "building with -j$LINALGX_JOBS"
  ninja -C "$LINALGX_BUILD_DIR" -j"$LINALGX_JOBS" all mlir-doc
}

setup_and_build() {
  install_packages
  select_python
  log "python: $LINALGX_PYTHON"
  build_linalgx
}
