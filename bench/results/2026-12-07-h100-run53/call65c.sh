#!/usr/bin/env bash
# Session 65 call C: on an H200 first issue 24's and 27's tables (call A's), then on any card
# the final library's accuracy suites: large_lu_gpu.py --aot (issue 27's
# accuracy checks) and jax_gpu.py (the JAX GPU paths, XLA's command buffers included).
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/c; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/c-raw.tar.xz" -C "$O" .; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
include=$(python3 -c "import jax.ffi; print(jax.ffi.include_dir())")
if ! grep -h "define XLA_FFI_API_M" "$include/xla/ffi/api/c_api.h" | cmp -s - "$P/ffi_version_build.txt"; then
  echo "rebuilding the JAX handler against this JAX"
  c++ -std=c++17 -O2 -shared -fPIC -isystem "$include" -I "$P/src" "$P/src/LinalgxJaxCudaFfi.cpp" \
    -L "$P/lib" -llinalgx_cuda_kernels -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN' \
    -o "$P/lib/liblinalgx_jax_cuda_ffi.so" || echo "handler rebuild failed"
fi
cd "$P"
if grep -q H200 "$O/gpu.txt"; then
  mkdir -p "$P/torch_build" "$O/table"
  TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
  cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
  timeout 90 python3 time_lu_streams.py main 1024x1024:float64 2048x2048:float64 4096x4096:float32 \
    4096x4096:float64 8x512x512:float64 32x1024x1024:float32 256x128x128:float64 8192x8192:float64 \
    2>&1 | grep "^|" | tee -a "$O/streams.md"; save
  timeout 200 python3 bench_python.py "$O/table" > "$O/table/bench.log" 2>&1 || echo "bench exit $?"
  tail -16 "$O/table/bench.log"; save
fi
LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu rc=$?"; tail -n 1 "$O/large_lu_gpu.log"; save
(cd "$O" && timeout 200 python3 "$P/jax_gpu.py") > "$O/jax_gpu.log" 2>&1
echo "== jax_gpu rc=$?"; grep -vE "^PASS" "$O/jax_gpu.log" | tail -n 6; grep -c "^PASS" "$O/jax_gpu.log"; save
