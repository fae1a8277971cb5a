#!/usr/bin/env bash
# Session 61 call C: the side stream's GEMMs marking C as streaming in L2 (the runtime's new
# default, LINALGX_CUDA_ASIDE_STREAMING=0 turns it off): the runtime smoke test's GEMM groups
# (the window test, graph capture); issue 27's cases with the mark on and off, main's kernels
# and the look-ahead kernel (la.so: lu-blocked-look-ahead-kernel=true); the large-LU suite on
# the new runtime; timelines of 4096² f32 with the look-ahead kernel.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/c; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack61
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
LD_LIBRARY_PATH=$P/lib timeout 120 "$P/bin/linalgx_cuda_runtime_smoke" --only=gemm,streams > "$O/smoke.log" 2>&1
echo "== smoke rc=$?"; grep -v "^PASS" "$O/smoke.log" | tail -n 4; grep -c "^PASS" "$O/smoke.log"; grep "L2 window" "$O/smoke.log" | head -3
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
C="1024x1024:float64 2048x2048:float64 4096x4096:float32 2048x2048:float32 8x512x512:float64 32x1024x1024:float32 256x128x128:float64 3x1024x1024:float64"
for R in 1 2; do
  for L in main la; do
    cp lib_alt/$L.so lib/liblinalgx_cuda_kernels.so
    timeout 100 python3 time_lu_streams.py $L $C 2>&1 | tee -a "$O/streams.md"
    LINALGX_CUDA_ASIDE_STREAMING=0 timeout 100 python3 time_lu_streams.py $L-unmarked $C 2>&1 | tee -a "$O/streams.md"
  done
done
cp lib_alt/la.so lib/liblinalgx_cuda_kernels.so
timeout 60 python3 trace_large_lu.py "$O/trace_la" 4096x4096:float32 1024x1024:float64 > "$O/trace_la.log" 2>&1
echo "== trace la rc=$?"; grep -h "first activity" "$O"/trace_la/*.md
cp lib_alt/main.so lib/liblinalgx_cuda_kernels.so
tar cJf "$OUT/c-raw.tar.xz" -C "$O" .
LD_LIBRARY_PATH=$P/lib timeout 110 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu rc=$?"; grep -vE "^(PASS|ok)" "$O/large_lu_gpu.log" | tail -n 2
tar cJf "$OUT/c-raw.tar.xz" -C "$O" .
