#!/usr/bin/env bash
# Session 66 call D: main's library after run 55 (3914d51): issue 24's table (bench_python.py,
# the eleven cases, JAX and PyTorch beside), then torch_ops_gpu.py (every PyTorch path, CUDA
# graphs, pivots_to_permutation's wall against torch.lu_unpack's) and jax_gpu.py.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/d; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/d-raw.tar.xz" -C "$O" .; }
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
mkdir -p "$P/torch_build" "$O/table"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
stamp "operator library built"
cd "$P"
timeout 230 python3 bench_python.py "$O/table" > "$O/table/bench.log" 2>&1 || echo "bench exit $?"
tail -16 "$O/table/bench.log"; save; stamp "table"
if [ -z "${SKIP_SUITES:-}" ]; then
  (cd "$O" && timeout 180 python3 "$P/torch_ops_gpu.py" --source-root "$P/src" --library-dir "$P/lib" \
     --build-dir "$P/torch_build") > "$O/torch_ops_gpu.log" 2>&1
  echo "== torch_ops_gpu rc=$?"; grep -vE "^PASS" "$O/torch_ops_gpu.log" | grep -v Warning | tail -n 12; save; stamp "torch ops"
  (cd "$O" && timeout 120 python3 "$P/jax_gpu.py") > "$O/jax_gpu.log" 2>&1
  echo "== jax_gpu rc=$?"; grep -vE "^PASS" "$O/jax_gpu.log" | tail -n 4; grep -c "^PASS" "$O/jax_gpu.log"; save; stamp "jax"
fi
