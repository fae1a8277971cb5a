#!/usr/bin/env bash
# Session 61 call A: where the large LU's chain waits. Timelines of one
# linalgx.torch.lu_factor call (trace_large_lu.py) at 4096² f32, 2048² f64, 1024² f64; the
# register panels alone (tall 32-column matrices, kernel sums); and whether the side stream's
# GEMMs hold the panels back: main's runtime against one whose side stream takes the least
# priority (LINALGX_CUDA_ASIDE_LEAST_PRIORITY, built for this call), with the caller on a stream
# of the greatest priority, and cuBLAS's SM target lowered (LINALGX_CUDA_ASIDE_RESERVED_SMS).
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/a; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack61
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
start=$(date +%s); mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
echo "operator library rc=$? in $(( $(date +%s) - start )) s"
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cd "$P"
timeout 60 python3 trace_large_lu.py "$O/trace" 4096x4096:float32 2048x2048:float64 1024x1024:float64 > "$O/trace.log" 2>&1
echo "== trace rc=$?"; grep -h "first activity\|^| [0-9]" "$O"/trace/*.md
mkdir -p "$O/alone"
timeout 60 python3 profile_large_lu.py "$O/alone" 1x4096x32:float32 1x2048x32:float32 1x1024x32:float32 1x2048x32:float64 1x1024x32:float64 1x512x32:float64 > "$O/alone.log" 2>&1
echo "== alone rc=$?"; grep -E "^## .*linalgx|register_panel" "$O/alone/large_lu_kernels.md" | cut -c1-110
C="4096x4096:float32 2048x2048:float64 1024x1024:float64"
for R in 1 2; do
  timeout 80 python3 time_lu_streams.py main $C 2>&1 | tee -a "$O/streams.md"
  cp lib_alt/rt_lowprio.so lib/liblinalgx_cuda_runtime.so
  LINALGX_CUDA_ASIDE_LEAST_PRIORITY=1 timeout 80 python3 time_lu_streams.py lowprio $C 2>&1 | tee -a "$O/streams.md"
  cp lib_alt/rt_main.so lib/liblinalgx_cuda_runtime.so
  LINALGX_CUDA_ASIDE_RESERVED_SMS=24 timeout 80 python3 time_lu_streams.py reserve24 $C 2>&1 | tee -a "$O/streams.md"
done
cp lib_alt/rt_lowprio.so lib/liblinalgx_cuda_runtime.so
LINALGX_CUDA_ASIDE_LEAST_PRIORITY=1 timeout 60 python3 trace_large_lu.py --urgent "$O/trace" 4096x4096:float32 1024x1024:float64 > "$O/trace_lowprio.log" 2>&1
echo "== trace lowprio rc=$?"; grep -h "first activity" "$O"/trace/*urgent.md
cp lib_alt/rt_main.so lib/liblinalgx_cuda_runtime.so
LINALGX_CUDA_ASIDE_RESERVED_SMS=24 timeout 60 python3 trace_large_lu.py "$O/trace_r24" 4096x4096:float32 > "$O/trace_r24.log" 2>&1
echo "== trace r24 rc=$?"; grep -h "first activity" "$O"/trace_r24/*.md
tar cJf "$OUT/a-raw.tar.xz" -C "$O" .
