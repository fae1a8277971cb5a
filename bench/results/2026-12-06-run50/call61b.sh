#!/usr/bin/env bash
# Session 61 call B: why a register panel slows beside the side stream's GEMMs, and two ways
# out. (1) panel_interference.py: the panel kernel alone and beside a DRAM-bound copy, L2-resident
# copies and an FP32 matmul. (2) main's runtime against one whose side-stream GEMMs mark C as
# streaming in L2 (LINALGX_CUDA_ASIDE_STREAMING, an access policy window; built for this call).
# (3) main's kernels against blocks of panels (lu-blocked-gemm-block-columns=256 and 128).
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/b; mkdir -p "$O" "${OUT:=/tmp/out}"
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
timeout 90 python3 panel_interference.py 4096x32:float32 2048x32:float32 2048x32:float64 2>&1 | tee "$O/interference.md"
C="4096x4096:float32 2048x2048:float64 1024x1024:float64 2048x2048:float32"
for R in 1 2; do
  for L in main bc256 bc128; do
    cp lib_alt/$L.so lib/liblinalgx_cuda_kernels.so
    timeout 80 python3 time_lu_streams.py $L $C 2>&1 | tee -a "$O/streams.md"
  done
  cp lib_alt/main.so lib/liblinalgx_cuda_kernels.so
  cp lib_alt/rt_stream.so lib/liblinalgx_cuda_runtime.so
  LINALGX_CUDA_ASIDE_STREAMING=1 timeout 80 python3 time_lu_streams.py streaming $C 2>&1 | tee -a "$O/streams.md"
  cp lib_alt/rt_main.so lib/liblinalgx_cuda_runtime.so
done
cp lib_alt/rt_stream.so lib/liblinalgx_cuda_runtime.so
LINALGX_CUDA_ASIDE_STREAMING=1 timeout 60 python3 trace_large_lu.py "$O/trace_streaming" 4096x4096:float32 > "$O/trace_streaming.log" 2>&1
echo "== trace streaming rc=$?"; grep -h "first activity\|x4_f32" "$O"/trace_streaming/*.md | cut -c1-300
cp lib_alt/rt_main.so lib/liblinalgx_cuda_runtime.so
for L in bc256 bc128; do
  cp lib_alt/$L.so lib/liblinalgx_cuda_kernels.so
  timeout 60 python3 trace_large_lu.py "$O/trace_$L" 4096x4096:float32 2048x2048:float64 > "$O/trace_$L.log" 2>&1
  echo "== trace $L rc=$?"; grep -h "first activity\|x4_f32\|x4_f64" "$O"/trace_$L/*.md | cut -c1-300
done
cp lib_alt/main.so lib/liblinalgx_cuda_kernels.so
tar cJf "$OUT/b-raw.tar.xz" -C "$O" .
