#!/usr/bin/env bash
# Session 62 call F: does JAX creating the CUDA context first slow linalgx's large LU?
# time_lu_streams.py with JAX initialized before it, and bench_python.py (4096² f32, the two
# lu_factor entries) with PyTorch's CUDA initialized before JAX.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/f; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack61
nvidia-smi --query-gpu=name --format=csv,noheader
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$D/variants62/f32min256.so" "$P/lib/liblinalgx_cuda_kernels.so"
cd "$P"
S="4096x4096:float32 1024x1024:float64"
timeout 60 python3 time_lu_streams.py plain $S 2>&1 | grep "^|"
timeout 60 python3 -c "
import sys, runpy, jax, jax.numpy as jnp
jnp.zeros(1).block_until_ready()
sys.argv = ['time_lu_streams.py', 'jax-first'] + '$S'.split()
runpy.run_path('time_lu_streams.py', run_name='__main__')" 2>&1 | grep "^|"
export LINALGX_BENCH_CASES="4096x4096:float32 1024x1024:float64" LINALGX_BENCH_ENTRIES="linalgx.torch.lu_factor,torch.linalg.lu_factor"
mkdir -p "$O/plain" "$O/torchfirst"
timeout 60 python3 bench_python.py "$O/plain" 2>&1 | grep -E "lu_factor .*device" | sed 's/^/bench plain: /'
timeout 60 python3 -c "
import sys, runpy, torch
torch.zeros(1).cuda(); torch.cuda.synchronize()
sys.argv = ['bench_python.py', '$O/torchfirst']
runpy.run_path('bench_python.py', run_name='__main__')" 2>&1 | grep -E "lu_factor .*device" | sed 's/^/bench torch-first: /'
tar cJf "$OUT/f-raw.tar.xz" -C "$O" .
