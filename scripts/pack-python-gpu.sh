#!/usr/bin/env bash
# Packs what the GPU machine needs to check and time the Python GPU entry
# points (docs/python.md) and the multi-GPU LU (docs/scale.md): the AOT
# kernels and the CUDA runtime
# (liblinalgx_cuda_kernels.so, liblinalgx_cuda_runtime.so), the JAX CUDA FFI
# handler (liblinalgx_jax_cuda_ffi.so, with its source to rebuild it there
# if that JAX's FFI API version differs from the one built against), the
# Python package, the runtime smoke test, test/Integration/GPU/python_gpu.py
# and bench/bench_python.py, env.sh (the pack's environment and its two
# builds there, for run.sh and one-off scripts) and run.sh, which runs them
# all there:
#
#   scripts/pack-python-gpu.sh [PACK_DIR]     (default: .device/pypack)
#   # on the GPU machine:  bash PACK_DIR/run.sh OUTDIR [prebuilt]
#   # (prebuilt: keep the handler built here even if the FFI versions differ)
#
# With LINALGX_KERNEL_VARIANTS=DIR it also packs DIR/*.so (variant kernel
# libraries of scripts/build-kernel-variant.sh) into PACK_DIR/lib_alt/, for
# bench/compare_kernel_libraries.sh there.
#
# Needs a build with the CUDA kernels (scripts/run-tests.sh makes one where
# the CUDA toolkit is). About 3 MB.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${LINALGX_BUILD_DIR:-$ROOT/build}
PACK=${1:-$ROOT/.device/pypack}
# The Python the build was configured with (the README set-up's .venv).
PY=${LINALGX_PYTHON:-$ROOT/.venv/bin/python}
[ -x "$PY" ] || PY=python3
for lib in liblinalgx_cuda_runtime.so liblinalgx_cuda_kernels.so liblinalgx_jax_cuda_ffi.so; do
  [ -f "$BUILD/lib/$lib" ] || {
    echo "pack-python-gpu: $BUILD/lib has no $lib; build with the CUDA toolkit and JAX" >&2
    exit 1; }
done
rm -rf "$PACK" && mkdir -p "$PACK"/{lib,bin,python,src/linalgx}
cp "$BUILD"/lib/liblinalgx_cuda_runtime.so "$BUILD"/lib/liblinalgx_cuda_kernels.so \
   "$BUILD"/lib/liblinalgx_jax_cuda_ffi.so "$PACK/lib/"
cp "$BUILD/bin/linalgx_cuda_runtime_smoke" "$BUILD/bin/linalgx_cuda_runtime_mg_getrf_test" \
   "$PACK/bin/"
cp -r "$ROOT/python/linalgx" "$PACK/python/"
rm -rf "$PACK/python/linalgx/_lib" "$PACK/python/linalgx/__pycache__"
cp "$ROOT/runtime/jax/LinalgxJaxCudaFfi.cpp" "$PACK/src/"
cp "$ROOT/runtime/cuda/include/linalgx/CudaRuntime.h" \
   "$ROOT/runtime/cuda_kernels/include/linalgx/CudaKernels.h" "$PACK/src/linalgx/"
# The PyTorch operator library (its source is the package's linalgx/csrc)
# is built there against its PyTorch, with these headers.
mkdir -p "$PACK/src/runtime/cuda" "$PACK/src/runtime/cuda_kernels"
cp -r "$ROOT/runtime/cuda/include" "$PACK/src/runtime/cuda/"
cp -r "$ROOT/runtime/cuda_kernels/include" "$PACK/src/runtime/cuda_kernels/"
cp -r "$ROOT/runtime/common" "$PACK/src/runtime/"
"$PY" -c "import jax, jax.ffi; print(jax.__version__)" > "$PACK/jax_version_build.txt"
grep -h "define XLA_FFI_API_M" \
  "$("$PY" -c 'import jax.ffi; print(jax.ffi.include_dir())')/xla/ffi/api/c_api.h" \
  > "$PACK/ffi_version_build.txt"
cp "$ROOT/test/Integration/GPU/python_gpu.py" "$ROOT/test/Integration/GPU/jax_gpu.py" \
   "$ROOT/test/Integration/GPU/torch_ops_gpu.py" "$ROOT/bench/bench_python.py" \
   "$ROOT/bench/bench_solve.py" "$ROOT/bench/profile_solve.py" \
   "$ROOT/bench/profile_lu_solve.py" "$ROOT/bench/profile_host_gaps.py" \
   "$ROOT/bench/profile_call_layers.py" "$ROOT/bench/profile_large_lu.py" \
   "$ROOT/bench/time_lu_streams.py" "$ROOT/bench/compare_factors.py" \
   "$ROOT/bench/time_lu_unpack.py" \
   "$ROOT/bench/getrf_api_probe.cu" "$ROOT/bench/lu_factor_host_path.cpp" \
   "$ROOT/bench/cuda_check.h" \
   "$ROOT/test/Integration/GPU/multigpu_gpu.py" "$ROOT/test/Integration/GPU/large_lu_gpu.py" \
   "$ROOT/test/Integration/GPU/random_gpu_vs_scipy.py" "$ROOT/test/Integration/GPU/extreme_gpu.py" \
   "$ROOT/test/Integration/GPU/generated_lu_gpu.py" "$ROOT/test/Integration/GPU/structured_matrices.py" \
   "$ROOT/scripts/gen-gpu-kernels.py" "$ROOT/bench/compare_kernel_libraries.sh" \
   "$ROOT/bench/summarize_kernel_libraries.py" "$PACK/"
# Variant kernel libraries (scripts/build-kernel-variant.sh) to compare there.
if [ -n "${LINALGX_KERNEL_VARIANTS:-}" ]; then
  mkdir -p "$PACK/lib_alt"
  cp "$LINALGX_KERNEL_VARIANTS"/*.so "$PACK/lib_alt/"
fi
cat > "$PACK/env.sh" <<'ENV'
# Sourced on the GPU machine by run.sh and by one-off scripts beside it:
#   source PACK/env.sh                      # the pack's environment, P = PACK
#   linalgx_jax_handler LOG [prebuilt]      # the JAX handler for this JAX
#   linalgx_torch_ops                       # the PyTorch operator library
P=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
export XLA_PYTHON_CLIENT_PREALLOCATE=false

# Rebuilds the JAX CUDA handler when this JAX's XLA FFI API version differs
# from the build machine's (a stale handler would fail to load or misread
# XLA's call frames), unless asked to keep it ("prebuilt"); writes the
# versions found to LOG. Fails if the rebuild does.
linalgx_jax_handler() {
  local log=${1:?log file} keep=${2:-} include
  include=$(python3 -c "import jax.ffi; print(jax.ffi.include_dir())") || return 1
  {
    echo "built with JAX $(cat "$P/jax_version_build.txt"), XLA FFI API:"
    cat "$P/ffi_version_build.txt"
    echo "here: JAX $(python3 -c 'import jax; print(jax.__version__)'), XLA FFI API:"
    grep -h "define XLA_FFI_API_M" "$include/xla/ffi/api/c_api.h"
  } | tee "$log"
  if [ "$keep" = prebuilt ]; then
    echo "keeping the handler built against the build machine's JAX" | tee -a "$log"
    return 0
  fi
  grep -h "define XLA_FFI_API_M" "$include/xla/ffi/api/c_api.h" |
    cmp -s - "$P/ffi_version_build.txt" && return 0
  echo "FFI API versions differ: rebuilding the handler against this JAX" | tee -a "$log"
  c++ -std=c++17 -O2 -shared -fPIC -isystem "$include" -I "$P/src" "$P/src/LinalgxJaxCudaFfi.cpp" \
    -L "$P/lib" -llinalgx_cuda_kernels -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN' \
    -o "$P/lib/liblinalgx_jax_cuda_ffi.so" 2>&1 | tee -a "$log"
  return "${PIPESTATUS[0]}"
}

# Builds the PyTorch operator library against this machine's PyTorch, for
# its GPU (or TORCH_CUDA_ARCH_LIST), into PACK/lib: once a machine (the
# build is kept in /tmp/linalgx_torch_ops while the machine stays up).
linalgx_torch_ops() {
  local cache=/tmp/linalgx_torch_ops arch=${TORCH_CUDA_ARCH_LIST:-}
  if ! ls "$cache"/_linalgx_torch_ops*.so > /dev/null 2>&1; then
    mkdir -p "$cache"
    [ -n "$arch" ] ||
      arch=$(python3 -c "import torch; print('%d.%d' % torch.cuda.get_device_capability())")
    TORCH_CUDA_ARCH_LIST=$arch MAX_JOBS=$(nproc) python3 - "$P/src" "$P/lib" "$cache" \
      > "$cache/build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
  fi
  cp "$cache"/_linalgx_torch_ops*.so "$P/lib/" 2> /dev/null || {
    echo "no PyTorch operator library ($cache/build.log):"
    tail -20 "$cache/build.log"
    return 1
  }
}
ENV
cat > "$PACK/run.sh" <<'RUN'
#!/usr/bin/env bash
# On the GPU machine: bash run.sh OUTDIR [prebuilt]. Writes ffi.txt, smoke.log,
# python_gpu.log, bench.log, bench_python.jsonl, table.md, solve.log, solve.jsonl,
# solve.md and profile_solve.md to OUTDIR.
set -uo pipefail
source "$(dirname "$0")/env.sh"
OUTDIR=${1:?output dir}
mkdir -p "$OUTDIR"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
if ! linalgx_jax_handler "$OUTDIR/ffi.txt" "${2:-}"; then
  echo "FAIL: rebuilding the JAX handler failed (run with 'prebuilt' to keep the packed one)"
  exit 1
fi
passed=0 failed=0
echo "== CUDA runtime smoke test (stream override included)"
if LD_LIBRARY_PATH=$P/lib "$P/bin/linalgx_cuda_runtime_smoke" > "$OUTDIR/smoke.log" 2>&1; then
  echo "PASS: runtime smoke ($(grep -c '^PASS' "$OUTDIR/smoke.log") checks)"; passed=$((passed + 1))
else
  echo "FAIL: runtime smoke"; failed=$((failed + 1)); grep -v '^PASS' "$OUTDIR/smoke.log" | tail -20
fi
grep -E "override|DEFER_SYNC|ResetStream" "$OUTDIR/smoke.log"
echo "== the multi-GPU LU (linalgxCudaMgGetrf, lu_multi_gpu) on this machine's GPUs"
if LD_LIBRARY_PATH=$P/lib timeout ${MG_TIMEOUT:-120} "$P/bin/linalgx_cuda_runtime_mg_getrf_test" \
      > "$OUTDIR/mg_getrf_test.log" 2>&1 &&
   timeout ${MG_TIMEOUT:-120} python3 "$P/multigpu_gpu.py" > "$OUTDIR/multigpu_gpu.log" 2>&1; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
grep -hE "^(FAIL|SKIP)|passed, " "$OUTDIR/mg_getrf_test.log" "$OUTDIR/multigpu_gpu.log" | tail -12
echo "== python_gpu.py"
if timeout ${PYGPU_TIMEOUT:-300} python3 "$P/python_gpu.py" > "$OUTDIR/python_gpu.log" 2>&1; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
grep -vE "^(PASS|INFO)" "$OUTDIR/python_gpu.log" | tail -40
grep -c "^PASS" "$OUTDIR/python_gpu.log" | sed 's/^/python_gpu PASS lines: /'
echo "== torch_ops_gpu.py (builds the PyTorch operator library first)"
if (cd "$OUTDIR" && timeout ${TORCHOPS_TIMEOUT:-420} python3 "$P/torch_ops_gpu.py" \
      --source-root "$P/src" --library-dir "$P/lib" --build-dir "$P/torch_build") \
      > "$OUTDIR/torch_ops_gpu.log" 2>&1; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
grep -vE "^PASS" "$OUTDIR/torch_ops_gpu.log" | tail -40
echo "== jax_gpu.py"
if (cd "$OUTDIR" && timeout ${JAXGPU_TIMEOUT:-300} python3 "$P/jax_gpu.py") \
      > "$OUTDIR/jax_gpu.log" 2>&1; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
grep -vE "^PASS" "$OUTDIR/jax_gpu.log" | tail -25
# The operator library, once built, serves the benchmark's PyTorch calls.
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" 2>/dev/null ||
  echo "no PyTorch operator library: the benchmark's PyTorch calls take ctypes"
echo "== bench_python.py"
timeout ${PYBENCH_TIMEOUT:-300} python3 "$P/bench_python.py" "$OUTDIR" > "$OUTDIR/bench.log" 2>&1 || echo "bench exit $?"
tail -20 "$OUTDIR/bench.log"
echo "== bench_solve.py"
# SOLVEBENCH_CASES: label texts selecting cases (bench_solve.py's TEXT...).
timeout ${SOLVEBENCH_TIMEOUT:-420} python3 "$P/bench_solve.py" "$OUTDIR" ${SOLVEBENCH_CASES:-} \
  > "$OUTDIR/solve.log" 2>&1 ||
  echo "solve bench exit $?"
tail -12 "$OUTDIR/solve.log"
echo "== profile_solve.py"
timeout ${PROFILE_TIMEOUT:-120} python3 "$P/profile_solve.py" "$OUTDIR" > "$OUTDIR/profile_solve.log" 2>&1 ||
  echo "profile exit $?"
echo "$passed passed, $failed failed (runtime smoke, multi-GPU LU, python_gpu.py, torch_ops_gpu.py, jax_gpu.py)"
RUN
du -sh "$PACK" >&2
