#!/usr/bin/env bash
# Session 62 call E: which part of bench_python.py's process makes linalgx's large cases slower
# (call D: 4096² f32 9269 µs against 7355 in time_lu_streams.py): the case alone, after
# 1024² f64, and every case with only the two lu_factor entry points; time_lu_streams.py
# before and after; clocks logged.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/e; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack61
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
include=$(python3 -c "import jax.ffi; print(jax.ffi.include_dir())")
c++ -std=c++17 -O2 -shared -fPIC -isystem "$include" -I "$P/src" "$P/src/LinalgxJaxCudaFfi.cpp" \
  -L "$P/lib" -llinalgx_cuda_kernels -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN' \
  -o "$P/lib/liblinalgx_jax_cuda_ffi.so" || echo "handler rebuild failed"
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$D/variants62/f32min256.so" "$P/lib/liblinalgx_cuda_kernels.so"
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv -lms 1000 > "$O/clocks.csv" 2>&1 &
SMI=$!
cd "$P"
timeout 60 python3 time_lu_streams.py before 1024x1024:float64 4096x4096:float32 2>&1 | grep "^|" | tee -a "$O/streams.md"
run() { local name=$1; shift; mkdir -p "$O/$name"; env "$@" timeout 100 python3 "$P/bench_python.py" "$O/$name" > "$O/$name/bench.log" 2>&1 || echo "exit $?"; }
run alone LINALGX_BENCH_CASES="4096x4096:float32"; grep "4096,4096" "$O/alone/bench.log" | grep -v span
run after1024 LINALGX_BENCH_CASES="1024x1024:float64 4096x4096:float32"; grep "4096,4096" "$O/after1024/bench.log" | grep -v span
run torchonly LINALGX_BENCH_ENTRIES="linalgx.torch.lu_factor,torch.linalg.lu_factor"; grep -E "1024,1024|4096,4096" "$O/torchonly/bench.log" | grep -v span
timeout 60 python3 time_lu_streams.py after 1024x1024:float64 4096x4096:float32 2>&1 | grep "^|" | tee -a "$O/streams.md"
kill $SMI; awk -F, 'NR>1{print $2,$4,$6}' "$O/clocks.csv" | sort | uniq -c | sort -rn | head -n 6
tar cJf "$OUT/e-raw.tar.xz" -C "$O" .
