#!/usr/bin/env bash
# Session 61 call E: is linalgx slower in a process where JAX has run (bench_python.py's table
# had 4096² f32 at 10254 µs against 7910-8018 in time_lu_streams.py on the same machine)?
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/e; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack61
nvidia-smi --query-gpu=name,driver_version,clocks.sm,power.draw --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$P/lib_alt/main.so" "$P/lib/liblinalgx_cuda_kernels.so"
(cd "$P" && timeout 150 python3 "$D/jax_presence.py") 2>&1 | tee "$O/presence.md" | grep "^|"
nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv,noheader
tar cJf "$OUT/e-raw.tar.xz" -C "$O" .
