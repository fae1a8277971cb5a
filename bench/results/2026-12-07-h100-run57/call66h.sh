#!/usr/bin/env bash
# Session 66 call H: on an H200 only, issue 27's (time_lu_streams.py) and issue 24's
# (bench_python.py) tables on main's library; on any other card, nothing but its name.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/h; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/h-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
grep -q H200 "$O/gpu.txt" || { echo "not an H200: nothing run"; save; exit 0; }
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
include=$(python3 -c "import jax.ffi; print(jax.ffi.include_dir())")
if ! grep -h "define XLA_FFI_API_M" "$include/xla/ffi/api/c_api.h" | cmp -s - "$P/ffi_version_build.txt"; then
  echo "rebuilding the JAX handler against this JAX"
  c++ -std=c++17 -O2 -shared -fPIC -isystem "$include" -I "$P/src" "$P/src/LinalgxJaxCudaFfi.cpp" \
    -L "$P/lib" -llinalgx_cuda_kernels -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN' \
    -o "$P/lib/liblinalgx_jax_cuda_ffi.so" || echo "handler rebuild failed"
fi
mkdir -p "$P/torch_build" "$O/table" "$O/large"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
stamp "operator library built"
cd "$P"
for R in 1 2; do
  timeout 100 python3 time_lu_streams.py main$R 1024x1024:float64 2048x2048:float64 4096x4096:float32 \
    4096x4096:float64 8x512x512:float64 32x1024x1024:float32 256x128x128:float64 8192x8192:float64 \
    2>&1 | grep "^|" | tee -a "$O/streams.md"; save
done
stamp "streams"
timeout 240 python3 bench_python.py "$O/table" > "$O/table/bench.log" 2>&1 || echo "bench exit $?"
tail -16 "$O/table/bench.log"; save; stamp "table"
LINALGX_BENCH_CASES="2048x2048:float64 256x128x128:float64 32x1024x1024:float32" \
  timeout 150 python3 bench_python.py "$O/large" > "$O/large/bench.log" 2>&1 || echo "bench large exit $?"
tail -6 "$O/large/bench.log"; save; stamp "large"
