#!/usr/bin/env bash
# Session 65 call A (H200 wanted): issue 24's and 27's tables on main's defaults (PDL on,
# f64 register panels to 4096 rows, single matrices to 32 KiB a row); then main against la
# (lu-blocked-look-ahead-kernel=true) and big16 (register panels to 8192 f64 rows, single
# matrices to 64 KiB a row) with time_lu_streams.py.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/a; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/a-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
include=$(python3 -c "import jax.ffi; print(jax.ffi.include_dir())")
if ! grep -h "define XLA_FFI_API_M" "$include/xla/ffi/api/c_api.h" | cmp -s - "$P/ffi_version_build.txt"; then
  echo "rebuilding the JAX handler against this JAX"
  c++ -std=c++17 -O2 -shared -fPIC -isystem "$include" -I "$P/src" "$P/src/LinalgxJaxCudaFfi.cpp" \
    -L "$P/lib" -llinalgx_cuda_kernels -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN' \
    -o "$P/lib/liblinalgx_jax_cuda_ffi.so" || echo "handler rebuild failed"
fi
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"
stamp "operator library built"
cd "$P"
mkdir -p "$O/table" "$O/large"
timeout 300 python3 bench_python.py "$O/table" > "$O/table/bench.log" 2>&1 || echo "bench exit $?"
tail -16 "$O/table/bench.log"; save; stamp "table"
LINALGX_BENCH_CASES="2048x2048:float64 256x128x128:float64 32x1024x1024:float32" \
  timeout 150 python3 bench_python.py "$O/large" > "$O/large/bench.log" 2>&1 || echo "bench large exit $?"
tail -6 "$O/large/bench.log"; save; stamp "large"
use() { cp "lib_alt/$1.so" lib/liblinalgx_cuda_kernels.so; }
C="1024x1024:float64 2048x2048:float64 4096x4096:float32 4096x4096:float64 8x512x512:float64 32x1024x1024:float32 256x128x128:float64"
for V in main la; do
  use $V; timeout 90 python3 time_lu_streams.py $V $C 2>&1 | grep "^|" | tee -a "$O/streams.md"
done; save; stamp "main / la"
for V in main big16; do
  use $V; timeout 60 python3 time_lu_streams.py $V 8192x8192:float64 8192x8192:float32 2>&1 | grep "^|" | tee -a "$O/streams.md"
done; save; stamp "main / big16"
use main
