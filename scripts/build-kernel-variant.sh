#!/usr/bin/env bash
# Builds a variant of liblinalgx_cuda_kernels.so (the AOT GPU entry points of
# the Python packages) with extra linalgx-gpu-pipeline options, by the same
# commands as its CMake rule (runtime/cuda_kernels/CMakeLists.txt), so that a
# crossover can be measured on one GPU machine by swapping libraries
# (bench/compare_kernel_libraries.sh):
#
#   scripts/build-kernel-variant.sh NAME "OPTION=VALUE ..." [OUTDIR]
#   e.g. scripts/build-kernel-variant.sh cluster66 "lu-blocked-cluster-max-batch=66"
#
# Writes OUTDIR/NAME.so (default OUTDIR: .device/variants). Needs a build
# with the CUDA kernels (build/bin/linalgx-opt, build/lib's runtime) and
# ptxas; a few minutes on two cores.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${LINALGX_BUILD_DIR:-$ROOT/build}
NAME=${1:?variant name}
OPTIONS=${2:?extra pipeline options, e.g. lu-blocked-cluster-max-batch=66}
OUT=${3:-$ROOT/.device/variants}
PY=${LINALGX_PYTHON:-$ROOT/.venv/bin/python}
[ -x "$PY" ] || PY=python3
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
[ -x "$PTXAS" ] || { echo "build-kernel-variant: no ptxas (install the CUDA toolkit)" >&2; exit 1; }
if [ ! -x "$BUILD/bin/linalgx-opt" ] || [ ! -f "$BUILD/lib/liblinalgx_cuda_runtime.so" ]; then
  echo "build-kernel-variant: $BUILD has no linalgx-opt or CUDA runtime; build first" >&2
  exit 1
fi
# The exact sizes the default library was configured with.
SIZES=$(sed -n 's/^LINALGX_CUDA_KERNELS_EXACT_SIZES:STRING=//p' "$BUILD/CMakeCache.txt" | tr ';' ',')
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
"$PY" "$ROOT/scripts/gen-gpu-kernels.py" --python -o "$WORK/kernels.mlir"
PATH=$(dirname "$PTXAS"):$PATH "$BUILD/bin/linalgx-opt" "$WORK/kernels.mlir" \
  "--pass-pipeline=builtin.module(linalgx-gpu-pipeline{host-buffers=false lu-strategy=auto lu-exact-sizes=${SIZES:-64,75,128} $OPTIONS})" \
  -o "$WORK/kernels.llvm.mlir"
/usr/lib/llvm-22/bin/mlir-translate --mlir-to-llvmir "$WORK/kernels.llvm.mlir" -o "$WORK/kernels.ll"
/usr/lib/llvm-22/bin/clang-22 -O2 -fPIC -Wno-override-module -c "$WORK/kernels.ll" -o "$WORK/kernels.o"
/usr/lib/llvm-22/bin/clang-22 -shared "$WORK/kernels.o" -L "$BUILD/lib" -llinalgx_cuda_runtime \
  -Wl,-rpath,"\$ORIGIN" -o "$OUT/$NAME.so"
echo "$OUT/$NAME.so ($OPTIONS)"
