#!/usr/bin/env bash
# Session 62 call C: the f32 GEMM threshold (lu-blocked-gemm-min-rows-f32 1024, the default,
# against 128 and 256) on the library with the exchanges' inverse from the pivot rows (inv.so):
# CUDA-event times beside PyTorch, the large-LU suite, a timeline.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack61; O=/tmp/c; mkdir -p "$O" "${OUT:=/tmp/out}"
cp "$D"/variants62/*.so "$P/lib_alt/"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cd "$P"
use() { cp "lib_alt/$1.so" lib/liblinalgx_cuda_kernels.so; }
C="4096x4096:float32 2048x2048:float32 1024x1024:float32 32x1024x1024:float32 8x1024x1024:float32 2x3000x3000:float32"
for R in 1 2; do for L in inv f32min128 f32min256; do
  use $L; timeout 80 python3 time_lu_streams.py $L $C 2>&1 | grep "^|" | tee -a "$O/streams.md"
done; done
tar cJf "$OUT/c-raw.tar.xz" -C "$O" .
for L in f32min128 f32min256; do
  use $L; LD_LIBRARY_PATH=$P/lib timeout 90 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu_$L.log" 2>&1
  echo "== large_lu_gpu $L rc=$?"; tail -n 1 "$O/large_lu_gpu_$L.log"
done
use f32min128; timeout 40 python3 trace_large_lu.py "$O/trace_f32min128" 4096x4096:float32 2048x2048:float32 > "$O/trace.log" 2>&1
grep -h "first activity" "$O"/trace_f32min128/*.md
tar cJf "$OUT/c-raw.tar.xz" -C "$O" .
