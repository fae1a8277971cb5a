#!/usr/bin/env bash
# Where the blocks of panels start paying: main's library (pack69's, blocks from 4096 f64 /
# 8192 f32 rows) against blo (.device/variants68/blo.so: the same code with the bounds at 2048
# f64 / 4096 f32 rows) at 3072² f64 and 6144² f32, with 2048² f64 and 4096² f32 as the
# measured lower points (CUDA-event µs beside torch.linalg.lu_factor), twice each. ~3 min.
# Carry .device/pack69, .device/variants68/blo.so and this script.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
source "$D/pack69/env.sh"
O=/tmp/g; mkdir -p "$O" "${OUT:=/tmp/out}"
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
linalgx_torch_ops; stamp "operator library"
mkdir -p "$P/lib_alt"
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"; cp "$D/variants68/blo.so" "$P/lib_alt/"
use() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
cd "$P"
for L in main blo main blo; do
  use $L
  timeout 50 python3 time_lu_streams.py $L 3072x3072:float64 6144x6144:float32 2048x2048:float64 \
    4096x4096:float32 2>&1 | grep "^|" | tee -a "$O/g.md"
done
use main; cp "$O"/* "$OUT/"; stamp "timing"
