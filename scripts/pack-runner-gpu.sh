#!/usr/bin/env bash
# Packs linalgx-runner for a GPU machine without LLVM/MLIR: the stripped
# runner, the libraries it loads (MLIR's runner utilities, linalgx's runner
# utilities and CUDA runtime), every shared library they need beyond glibc
# and the C++ runtime (libMLIR, libLLVM and their dependencies, resolved with
# ldd), FileCheck, the programs of examples/ and test/Integration/CPU,
# liblinalgx_capi.so and the Python package (to import JAX's exports there),
# and test/Integration/GPU/runner_cuda.sh, which runs them all there:
#
#   scripts/pack-runner-gpu.sh [PACK_DIR]        (default: .device/runner)
#   # carry PACK_DIR.tar.xz; on the GPU machine:
#   tar xJf runner.tar.xz && bash runner/runner_cuda.sh OUTDIR
#
# Needs a build with the CUDA runtime (the README set-up makes one where the
# CUDA toolkit is). ptxas comes from the GPU machine's CUDA toolkit.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${LINALGX_BUILD_DIR:-$ROOT/build}
PACK=${1:-$ROOT/.device/runner}
LLVM=/usr/lib/llvm-22
# patchelf edits libLLVM's dependencies below.
source "$ROOT/scripts/common.sh"
command -v patchelf >/dev/null || install_packages patchelf
for f in bin/linalgx-runner lib/liblinalgx_cuda_runtime.so lib/liblinalgx_runner_utils.so; do
  [ -f "$BUILD/$f" ] || { echo "pack-runner-gpu: $BUILD/$f is missing; build first" >&2; exit 1; }
done
rm -rf "$PACK" && mkdir -p "$PACK"/{bin,lib,deps,tests/examples,tests/Integration}
strip -o "$PACK/bin/linalgx-runner" "$BUILD/bin/linalgx-runner"
strip -o "$PACK/bin/FileCheck" "$LLVM/bin/FileCheck"
# Upstream's runner too, run there on linalgx-opt's GPU output (below).
strip -o "$PACK/bin/mlir-runner" "$LLVM/bin/mlir-runner"
cp "$BUILD/lib/liblinalgx_cuda_runtime.so" "$BUILD/lib/liblinalgx_runner_utils.so" \
  "$BUILD/lib/liblinalgx_capi.so" "$PACK/lib/"
for lib in libmlir_c_runner_utils libmlir_runner_utils; do
  cp -L "$LLVM/lib/$lib.so" "$PACK/lib/$lib.so"
done
# What those find through their $ORIGIN in LLVM's lib/.
cp -L "$LLVM"/lib/libmlir_float16_utils.so.22.1 "$LLVM"/lib/libmlir_apfloat_wrappers.so.22.1 \
  "$PACK/lib/"

# Dependencies: everything ldd resolves beyond what a Debian 12 or Ubuntu
# 24.04 GPU machine has anyway (glibc, the C++ runtime, libxml2 with its ICU,
# libedit, libffi, the compression libraries) and its CUDA toolkit (cuBLAS,
# cuSOLVER, ..., which the CUDA runtime finds there), copied by soname: in
# practice libMLIR and libLLVM. runner_cuda.sh names any library
# still missing there.
system='linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s'
system+='|libxml2|libicu[a-z]*|libedit|libffi|libtinfo|libbsd|libmd|liblzma|libzstd|libz'
base="^($system|libcu[a-zA-Z]*|libnvJitLink)\\."
for round in 1 2; do  # the copies' own dependencies too
  for elf in "$PACK"/bin/* "$PACK"/lib/*.so "$PACK"/deps/*; do
    [ -f "$elf" ] || continue
    LD_LIBRARY_PATH="$PACK/lib:$PACK/deps" ldd "$elf" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}'
  done | sort -u | while read -r soname path; do
    [[ $soname =~ $base ]] && continue
    [ -e "$PACK/lib/$soname" ] || [ -e "$PACK/deps/$soname" ] || cp -L "$path" "$PACK/deps/$soname"
  done
done
strip --strip-unneeded "$PACK"/deps/* 2>/dev/null || true
# libLLVM needs libz3 only for its SMT-solver API, which nothing here calls:
# its functions are bound lazily (libLLVM is not linked with -z now), so the
# 23 MB library stays home and the pack fits what a device call can carry.
patchelf --remove-needed libz3.so.4 "$PACK/deps/libLLVM.so.22.1" "$PACK/bin/FileCheck" \
  "$PACK/bin/mlir-runner"
rm -f "$PACK/deps/libz3.so.4"

cp "$ROOT"/examples/*.mlir "$PACK/tests/examples/"
for f in "$ROOT"/examples/*.mlir; do  # what the CUDA run must print too
  "$BUILD/bin/linalgx-runner" "$f" > "$PACK/tests/examples/$(basename "$f" .mlir).cpu.out"
done
cp "$ROOT"/test/Integration/CPU/*.mlir "$PACK/tests/Integration/"
# mlir-runner's inputs: the GPU pipeline's LLVM-dialect output (ptxas here).
mkdir -p "$PACK/tests/mlir-runner"
for f in "$ROOT"/test/Integration/CPU/lu-f64.mlir "$ROOT"/test/Integration/CPU/lu-batched.mlir \
         "$ROOT"/examples/lu_75x75.mlir; do
  PATH=$PATH:/usr/local/cuda/bin "$BUILD/bin/linalgx-opt" "$f" --linalgx-gpu-pipeline \
    -o "$PACK/tests/mlir-runner/$(basename "$f" .mlir).llvm.mlir"
done
cp "$ROOT/test/Integration/GPU/runner_cuda.sh" "$ROOT/test/Integration/GPU/jax_exports_cuda.py" \
  "$PACK/"
mkdir -p "$PACK/python"
cp -r "$ROOT/python/linalgx" "$PACK/python/"
rm -rf "$PACK/python/linalgx/_lib" "$PACK/python/linalgx/__pycache__"
tar cf - -C "$(dirname "$PACK")" "$(basename "$PACK")" | xz -T2 -9 > "$PACK.tar.xz"
du -sh "$PACK" "$PACK.tar.xz"
