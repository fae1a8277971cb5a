#!/usr/bin/env bash
# Session 62 call D: bench_python.py's table (issue 24: linalgx through PyTorch and jax.jit beside
# torch.linalg.lu_factor + lu_unpack and jit(jax.lax.linalg.lu), device and wall) on fb69ce9's
# kernels (variant f32min256.so = its defaults) and 1e0a02a's runtime, then issue 27's other
# cases through the same script (JAX beside PyTorch).
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/d; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack61
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
start=$(date +%s)
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
echo "operator library rc=$? in $(( $(date +%s) - start )) s"
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$D/variants62/f32min256.so" "$P/lib/liblinalgx_cuda_kernels.so"
mkdir -p "$O/table" "$O/large"
timeout 300 python3 "$P/bench_python.py" "$O/table" > "$O/table/bench.log" 2>&1 || echo "bench exit $?"
tail -16 "$O/table/bench.log"
tar cJf "$OUT/d-raw.tar.xz" -C "$O" .
LINALGX_BENCH_CASES="2048x2048:float64 8x512x512:float64 256x128x128:float64 32x1024x1024:float32 2048x2048:float32" \
  timeout 160 python3 "$P/bench_python.py" "$O/large" > "$O/large/bench.log" 2>&1 || echo "bench large exit $?"
tail -9 "$O/large/bench.log"
echo "total $(( $(date +%s) - start )) s"
tar cJf "$OUT/d-raw.tar.xz" -C "$O" .
