#!/usr/bin/env bash
# Session 57 call A: the host path's A/B — fd7d5da's runtime with the operator library
# built at -O0 (as cpp_extension.load built it) against the kernel-lookup cache with -O2 —
# then the side-by-side table, the runtime smoke test, python_gpu.py and torch_ops_gpu.py.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=${OUT:-/tmp/out}/a; mkdir -p "$O"
P=$D/pypack
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
start=$(date +%s)
include=$(python3 -c "import jax.ffi; print(jax.ffi.include_dir())")
if ! grep -h "define XLA_FFI_API_M" "$include/xla/ffi/api/c_api.h" | cmp -s - "$P/ffi_version_build.txt"; then
  echo "rebuilding the JAX handler against this JAX"
  c++ -std=c++17 -O2 -shared -fPIC -isystem "$include" -I "$P/src" "$P/src/LinalgxJaxCudaFfi.cpp" \
    -L "$P/lib" -llinalgx_cuda_kernels -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN' \
    -o "$P/lib/liblinalgx_jax_cuda_ffi.so" || echo "handler rebuild failed"
fi
build() { # module lib-dir build-dir
  mkdir -p "$3"
  TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=8 PYTHONPATH=$P/old:$P/python python3 - "$1" "$P/src" "$2" "$3" <<'PY'
import importlib, sys
_torch_build = importlib.import_module(sys.argv.pop(1))
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
}
build linalgx._torch_build "$P/lib" "$P/tb_new" > "$O/build_new.log" 2>&1 &
build _torch_build "$P/lib_old" "$P/tb_old" > "$O/build_old.log" 2>&1 &
wait
echo "operator libraries built in $(( $(date +%s) - start )) s"; for f in "$O"/build_*.log; do tail -n 2 "$f"; done
grep -h "^cflags" "$P"/tb_*/build.ninja | grep -o "\-O[0-9]" | tr '\n' ' '; echo
cp "$P"/tb_new/_linalgx_torch_ops*.so "$P/lib/"; cp "$P"/tb_old/_linalgx_torch_ops*.so "$P/lib_old/"
for r in 1 2; do
  for v in old new; do
    L=$P/lib; [ $v = old ] && L=$P/lib_old
    LINALGX_LIBRARY_DIR=$L timeout 150 python3 "$P/profile_call_layers.py" "$O/layers_${v}_$r" \
      --parts torch --torch-cases 3 > "$O/layers_${v}_$r.log" 2>&1 || echo "layers $v $r exit $?"
    echo "-- $v round $r"; grep "^| (" "$O/layers_${v}_$r.log"
  done
done
export LINALGX_LIBRARY_DIR=$P/lib
echo "== smoke"; LD_LIBRARY_PATH=$P/lib "$P/bin/linalgx_cuda_runtime_smoke" > "$O/smoke.log" 2>&1; echo "smoke rc=$? $(grep -c '^PASS' "$O/smoke.log") PASS"; grep -v "^PASS" "$O/smoke.log" | tail -5
echo "== bench_python"
timeout 300 python3 "$P/bench_python.py" "$O" > "$O/bench.log" 2>&1 || echo "bench exit $?"
tail -30 "$O/bench.log"
[ -n "${SKIP_TESTS:-}" ] && exit 0
echo "== python_gpu"
timeout 240 python3 "$P/python_gpu.py" > "$O/python_gpu.log" 2>&1; echo "rc=$?"; tail -2 "$O/python_gpu.log"
echo "== torch_ops_gpu"
(cd "$O" && timeout 200 python3 "$P/torch_ops_gpu.py" --source-root "$P/src" --library-dir "$P/lib" --build-dir "$P/tb_new") > "$O/torch_ops_gpu.log" 2>&1; echo "rc=$?"; tail -2 "$O/torch_ops_gpu.log"
echo "total $(( $(date +%s) - start )) s"
