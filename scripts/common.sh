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
                python3-scipy python3-pytest python3-venv python3-dev
                libopenblas-dev libomp-22-dev clang-format-22 "$@")
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

# The project's Python: a virtual environment in $LINALGX_VENV (default
# .venv/ in the checkout) made from Debian's python3, with NumPy, SciPy,
# pytest, JAX (CPU, with flatbuffers for its serialized exports) and the OpenBLAS of SciPy's wheels from PyPI
# (scripts/python-requirements.txt). Debian's system pip refuses installs
# (PEP 668), hence the environment. Idempotent:
# pip runs only when a package is missing. Without PyPI (an offline machine)
# it falls back to Debian's python3 and its packages, and says that JAX and
# its tests are then left out.
LINALGX_VENV=${LINALGX_VENV:-$LINALGX_ROOT/.venv}
select_python() {
  local venv_python=$LINALGX_VENV/bin/python
  local probe='import numpy, scipy, pytest, jax, flatbuffers, scipy_openblas32'
  if [ ! -x "$venv_python" ]; then
    log "creating the virtual environment $LINALGX_VENV"
    /usr/bin/python3 -m venv "$LINALGX_VENV" || true
  fi
  if [ -x "$venv_python" ] && ! "$venv_python" -c "$probe" 2>/dev/null; then
    log "installing $(tr '\n' ' ' < "$LINALGX_ROOT/scripts/python-requirements.txt")into $LINALGX_VENV"
    "$venv_python" -m pip install -q --disable-pip-version-check \
      -r "$LINALGX_ROOT/scripts/python-requirements.txt" || true
  fi
  if [ -x "$venv_python" ] && "$venv_python" -c "$probe" 2>/dev/null; then
    LINALGX_PYTHON=$venv_python
    return
  fi
  log "warning: no PyPI packages in $LINALGX_VENV; using /usr/bin/python3 (Debian's" \
      "NumPy, SciPy, pytest): JAX's handler and tests are left out"
  LINALGX_PYTHON=/usr/bin/python3
}

# PyTorch for the operator library's CPU-side tests (schemas, Meta kernels,
# lu_unpack, the errors): PyPI's torch wheel without its CUDA wheels (several
# GB), whose libraries the CUDA 13 toolkit in /usr/local/cuda provides but
# for the three it lacks, pinned as torch pins them; its pure-Python
# dependencies; ninja for torch.utils.cpp_extension. Only where that toolkit
# is (the operator library links the CUDA kernels), unless LINALGX_TORCH=0.
# Idempotent; where PyPI fails the operator tests are skipped, saying so.
LINALGX_TORCH_PACKAGES=(torch==2.11.0 nvidia-cufile==1.15.1.6 nvidia-cusparselt-cu13==0.8.0
                        nvidia-nvshmem-cu13==3.4.5)
LINALGX_TORCH_DEPENDENCIES=(filelock "typing-extensions>=4.10.0" "setuptools<82"
                            "sympy>=1.13.3" "networkx>=2.5.1" jinja2 "fsspec>=0.8.5" ninja)
install_torch() {
  [ "${LINALGX_TORCH:-1}" != 0 ] || { log "LINALGX_TORCH=0: no PyTorch"; return; }
  [ "$LINALGX_PYTHON" = "$LINALGX_VENV/bin/python" ] || return 0
  if ! /usr/local/cuda/bin/nvcc --version 2>/dev/null | grep -q "release 13\."; then
    log "no CUDA 13 toolkit in /usr/local/cuda: no PyTorch (its operator tests are skipped)"
    return
  fi
  "$LINALGX_PYTHON" -c "import torch, ninja" 2>/dev/null && return
  log "installing ${LINALGX_TORCH_PACKAGES[*]} (without their CUDA wheels) into $LINALGX_VENV"
  # pip's resolver lists the CUDA wheels left out on purpose: into the log.
  local pip_log=$LINALGX_VENV/torch-install.log
  { "$LINALGX_PYTHON" -m pip install -q --disable-pip-version-check --no-deps \
      "${LINALGX_TORCH_PACKAGES[@]}" &&
    "$LINALGX_PYTHON" -m pip install -q --disable-pip-version-check \
      "${LINALGX_TORCH_DEPENDENCIES[@]}"; } >"$pip_log" 2>&1 &&
    "$LINALGX_PYTHON" -c "import torch" 2>>"$pip_log" || {
      tail -5 "$pip_log" >&2
      log "warning: installing PyTorch failed ($pip_log): its operator tests are skipped"; }
}

# The PyTorch operator library (python/linalgx/csrc) built against the
# environment's PyTorch and this build's CUDA kernels, into
# $LINALGX_BUILD_DIR/lib where linalgx.torch finds it.
build_torch_operators() {
  local lib=$LINALGX_BUILD_DIR/lib
  [ -f "$lib/liblinalgx_cuda_kernels.so" ] || return 0
  "$LINALGX_PYTHON" -c "import torch, ninja" 2>/dev/null || return 0
  log "building the PyTorch operator library"
  mkdir -p "$LINALGX_BUILD_DIR/torch_operators"
  TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-9.0} MAX_JOBS=$LINALGX_JOBS \
    PYTHONPATH=$LINALGX_ROOT/python "$LINALGX_PYTHON" - "$LINALGX_ROOT" "$lib" \
    "$LINALGX_BUILD_DIR/torch_operators" >"$LINALGX_BUILD_DIR/torch_operators.log" 2>&1 <<'PY' || {
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
      tail -20 "$LINALGX_BUILD_DIR/torch_operators.log" >&2
      log "warning: the PyTorch operator library did not build: its tests fail"
      return 0; }
  cp "$LINALGX_BUILD_DIR"/torch_operators/_linalgx_torch_ops*.so "$lib/"
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
