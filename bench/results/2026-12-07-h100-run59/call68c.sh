#!/usr/bin/env bash
# Session 68 call C: main's new default library (blocks of 256 columns from 4096 f64 / 8192 f32
# rows, f64 register panels and single matrices to 8192 rows) against run 55's library on issue
# 27's cases (CUDA-event µs beside torch.linalg.lu_factor), the backward error at 8192² and 4096²
# f64, the large-LU GPU suite (with the 4096 f64 crossover) and the Python GPU suite on it.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/c; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/c-raw.tar.xz" -C "$O" .; }
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
source "$D/torchops67.sh"; stamp "operator library"
[ -f "$P/lib_alt/main.so" ] || cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"
cp "$D/new68.so" "$P/lib_alt/new.so"; cp "$D/check_lu.py" "$D/large_lu_gpu.py" "$P/"
use() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
cd "$P"
for L in new main new; do
  use $L
  timeout 70 python3 time_lu_streams.py $L 1024x1024:float64 2048x2048:float64 4096x4096:float32 \
    4096x4096:float64 8192x8192:float32 8192x8192:float64 32x1024x1024:float32 8x512x512:float64 \
    256x128x128:float64 2>&1 | grep "^|" | tee -a "$O/c.md"
done
save; stamp "timing"
use new
for C in 8192x8192:float64 4096x4096:float64 8192x8192:float32; do
  timeout 40 python3 check_lu.py new $C 2>&1 | tail -1 | tee -a "$O/c.md"
done
save; stamp "check_lu"
LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu new rc=$?"; tail -n 1 "$O/large_lu_gpu.log"; grep -i "fail" "$O/large_lu_gpu.log" | grep -v "0 failed" | head
save; stamp "large_lu_gpu"
timeout 120 python3 python_gpu.py > "$O/python_gpu.log" 2>&1
echo "== python_gpu new rc=$?"; tail -n 2 "$O/python_gpu.log"
save; stamp "python_gpu"
