#!/usr/bin/env bash
# A benchmark-only pack of a few LU entry points, for a kernel experiment
# that needs seconds to a few minutes to build rather than the full pack's
# quarter of an hour (scripts/pack-gpu.sh compiles every strategy and test):
#
#   [LINALGX_BUILD_DIR=DIR] [OPTIONS="lu-..."] bench/quick_pack.sh OUT CASE...
#
# CASE is T:BxMxN, a statically shaped entry point (`--strategy static`), or
# T, the dynamically shaped ones of element type T (`--strategy auto`), e.g.
# bench/quick_pack.sh /tmp/qp f64:1x75x75 f64:64x75x75 f64. OUT gets
# bin/bench_linalgx and lib/ (the CUDA runtime, MLIR's C runner utilities)
# and OUT.tar.xz to copy to the GPU machine; run_gpu_bench.sh OTHER_PACKS="NAME=OUT:static"
# (or :auto) sets them beside a full pack's in one run. OPTIONS: extra
# linalgx-gpu-pipeline options.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${LINALGX_BUILD_DIR:-$ROOT/build}
OUT=$1
shift
LLVM=/usr/lib/llvm-22
export PATH=$PATH:/usr/local/cuda/bin
cases=() types=()
for c in "$@"; do
  case $c in
    *:*) cases+=(--static "$c") ;;
    *) types+=("$c") ;;
  esac
done
if [ ${#types[@]} -gt 0 ]; then
  types_csv=$(IFS=,; echo "${types[*]}")
  cases+=(--types "$types_csv")
fi

rm -rf "$OUT" && mkdir -p "$OUT"/{bin,lib,obj}
python3 "$ROOT/scripts/gen-gpu-kernels.py" "${cases[@]}" -o "$OUT/obj/kernels.mlir"
"$BUILD/bin/linalgx-opt" "$OUT/obj/kernels.mlir" \
  --pass-pipeline="builtin.module(linalgx-gpu-pipeline{host-buffers=false ${OPTIONS:-}})" |
  "$LLVM/bin/mlir-translate" --mlir-to-llvmir -o "$OUT/obj/kernels.ll"
clang-22 -O2 -fPIC -c "$OUT/obj/kernels.ll" -o "$OUT/obj/bench_kernels.o" 2>/dev/null
cp "$BUILD/lib/liblinalgx_cuda_runtime.so" "$OUT/lib/"
bash "$ROOT/scripts/copy-runner-utils.sh" "$OUT/lib" libmlir_c_runner_utils
bash "$ROOT/bench/build_harness.sh" "$OUT"
rm -rf "$OUT/obj"
tar cf - -C "$(dirname "$OUT")" "$(basename "$OUT")" | xz -T2 -2 > "$OUT.tar.xz"
du -sh "$OUT.tar.xz" >&2
