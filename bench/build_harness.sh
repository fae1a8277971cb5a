#!/usr/bin/env bash
# Builds the linalgx GPU benchmark harness against a pack folder:
#   bench/build_harness.sh PACK
# needs PACK/obj/bench_kernels.o and PACK/lib/{liblinalgx_cuda_runtime,libmlir_c_runner_utils}.so;
# writes PACK/bin/bench_linalgx (rpath $ORIGIN/../lib). Run on the build machine
# (it needs the MLIR headers from /usr/lib/llvm-22/include and CUDA's headers).
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 PACK" >&2
  exit 2
fi
PACK=$(cd "$1" && pwd)
cd "$(dirname "$0")"
mkdir -p "$PACK/bin"
g++ -O2 -std=c++17 -I/usr/local/cuda/include -I/usr/lib/llvm-22/include bench_linalgx.cpp $PACK/obj/bench_kernels.o -L$PACK/lib -llinalgx_cuda_runtime -lmlir_c_runner_utils -L/usr/local/cuda/lib64 -lcudart -ldl -rdynamic -Wl,-rpath,'$ORIGIN/../lib' -o $PACK/bin/bench_linalgx
echo "built $PACK/bin/bench_linalgx" >&2
