#!/usr/bin/env bash
# Session 64 call B: with programmatic launch as given (PDL=0|1, KERNELS=main|pdlearly):
# python_gpu.py and jax_gpu.py (every Python GPU path, CUDA graphs of XLA included), then
# bench_python.py's table (issue 24's eleven cases) and issue 27's other cases.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/b; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/b-raw.tar.xz" -C "$O" .; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
export LINALGX_CUDA_PROGRAMMATIC_LAUNCH=${PDL:-1}
[ -f "$P/lib_alt/${KERNELS:-main}.so" ] && cp "$P/lib_alt/${KERNELS:-main}.so" "$P/lib/liblinalgx_cuda_kernels.so"
echo "PDL=$LINALGX_CUDA_PROGRAMMATIC_LAUNCH kernels=${KERNELS:-main}" | tee "$O/setting.txt"
include=$(python3 -c "import jax.ffi; print(jax.ffi.include_dir())")
if ! grep -h "define XLA_FFI_API_M" "$include/xla/ffi/api/c_api.h" | cmp -s - "$P/ffi_version_build.txt"; then
  echo "rebuilding the JAX handler against this JAX"
  c++ -std=c++17 -O2 -shared -fPIC -isystem "$include" -I "$P/src" "$P/src/LinalgxJaxCudaFfi.cpp" \
    -L "$P/lib" -llinalgx_cuda_kernels -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN' \
    -o "$P/lib/liblinalgx_jax_cuda_ffi.so" || echo "handler rebuild failed"
fi
if ! ls "$P"/lib/_linalgx_torch_ops*.so > /dev/null 2>&1; then
  mkdir -p "$P/torch_build"
  TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
  cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
fi
cd "$P"
LD_LIBRARY_PATH=$P/lib timeout 120 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu rc=$?"; tail -n 1 "$O/large_lu_gpu.log"; save
timeout 100 python3 time_lu_streams.py "${KERNELS:-main}:$LINALGX_CUDA_PROGRAMMATIC_LAUNCH" 4096x4096:float32 1024x1024:float64 2048x2048:float64 4096x4096:float64 8192x8192:float32 8x512x512:float64 32x1024x1024:float32 256x128x128:float64 2>&1 | grep "^|" | tee -a "$O/streams.md"
save
mkdir -p "$O/table" "$O/large"
timeout 300 python3 "$P/bench_python.py" "$O/table" > "$O/table/bench.log" 2>&1 || echo "bench exit $?"
tail -16 "$O/table/bench.log"; save
LINALGX_BENCH_CASES="2048x2048:float64 8x512x512:float64 256x128x128:float64 32x1024x1024:float32 2048x2048:float32" \
  timeout 160 python3 "$P/bench_python.py" "$O/large" > "$O/large/bench.log" 2>&1 || echo "bench large exit $?"
tail -9 "$O/large/bench.log"; save
timeout 240 python3 "$P/python_gpu.py" > "$O/python_gpu.log" 2>&1
echo "== python_gpu rc=$?"; grep -vE "^(PASS|INFO)" "$O/python_gpu.log" | tail -n 6; grep -c "^PASS" "$O/python_gpu.log"; save
(cd "$O" && timeout 200 python3 "$P/jax_gpu.py") > "$O/jax_gpu.log" 2>&1
echo "== jax_gpu rc=$?"; grep -vE "^PASS" "$O/jax_gpu.log" | tail -n 6; grep -c "^PASS" "$O/jax_gpu.log"; save
