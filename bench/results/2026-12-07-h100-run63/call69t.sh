#!/usr/bin/env bash
# Branch tail-without-aside (its library .device/variants69/tail1024.so): the trailing GEMM
# right of the next panel goes aside only with >= 1024 rows below, so tail panels make no
# fork/join API calls. Against main's library (pack69's): time_lu_streams.py (with its queued
# columns) twice each, alternating, then large_lu_gpu.py --aot on the variant. ~5 min.
# Carry .device/pack69, .device/variants69/tail1024.so and this script.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
source "$D/pack69/env.sh"
O=/tmp/t; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/t-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
linalgx_torch_ops; stamp "operator library"
mkdir -p "$P/lib_alt"
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"; cp "$D/variants69/tail1024.so" "$P/lib_alt/"
use() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
cd "$P"
for L in main tail1024 main tail1024; do
  use $L
  timeout 80 python3 time_lu_streams.py $L 1024x1024:float64 2048x2048:float64 4096x4096:float32 \
    8192x8192:float64 32x1024x1024:float32 8x512x512:float64 2>&1 | grep "^|" | tee -a "$O/t.md"
  save
done
stamp "timing"
use tail1024
LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu tail1024 rc=$?"; tail -n 1 "$O/large_lu_gpu.log"; use main; save; stamp "suite"
