#!/usr/bin/env bash
# Session 59 call A: main's default kernels (new.so) on the GPU — side by side with 138a92e's
# (base.so) beside torch, large_lu_gpu --aot, then bench_python.py's table (JAX + wall) and
# python_gpu.py on new.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=${OUT:-/tmp/out}/a; mkdir -p "$O"
P=$D/pypack57
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
echo "operator library rc=$? in $(( $(date +%s) - start )) s"; tail -2 "$O/torch_build.log"
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
for r in 1 2; do for L in base new; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 60 python3 "$D/side_by_side.py" $L) 2>&1 | tee "$O/sbs_${L}_$r.log" | grep "^|"
done; done
cp "$P/lib_alt/new.so" "$P/lib/liblinalgx_cuda_kernels.so"
(cd "$P" && LD_LIBRARY_PATH=$P/lib timeout 90 python3 large_lu_gpu.py --aot "$P/lib") > "$O/large.log" 2>&1
echo "large_lu_gpu new rc=$?: $(tail -n 1 "$O/large.log")"
timeout 300 python3 "$P/bench_python.py" "$O" > "$O/bench.log" 2>&1 || echo "bench exit $?"
tail -36 "$O/bench.log"
timeout 150 python3 "$P/python_gpu.py" > "$O/python_gpu.log" 2>&1; echo "python_gpu rc=$?"; tail -2 "$O/python_gpu.log"
echo "total $(( $(date +%s) - start )) s"
