#!/usr/bin/env bash
# Session 66 call B: the exchange-and-solve kernel reading in two rounds of loads (variant xs,
# the working tree's default library) against main's: time_lu_streams.py (two rounds
# alternating), the kernels' device time (profile_host_gaps.py), factors bit for bit
# (compare_factors.py run), then large_lu_gpu.py --aot and python_gpu.py on xs.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/b; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/b-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"
use() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
stamp "operator library built"
cd "$P"
C="1024x1024:float64 2048x2048:float64 4096x4096:float32 4096x4096:float64 8x512x512:float64 32x1024x1024:float32"
for R in 1 2; do for V in main xs; do
  use $V; timeout 90 python3 time_lu_streams.py $V$R $C 2>&1 | grep "^|" | tee -a "$O/streams.md"
done; done; save; stamp "streams"
for V in main xs; do
  use $V; mkdir -p "$O/gaps-$V"
  timeout 90 python3 profile_host_gaps.py "$O/gaps-$V" 1024x1024:float64 > "$O/gaps-$V/log" 2>&1
  grep -E "exchange_solve|measured_call" "$O/gaps-$V/host_gaps.md" | head -4
  timeout 120 python3 compare_factors.py run $V "$O/$V.pt" > "$O/cf-$V.md" 2>"$O/cf-$V.err"
done
python3 compare_factors.py diff "$O/main.pt" "$O/xs.pt" > "$O/diff-xs.txt" 2>&1
echo "diff xs rc=$? ($(grep -c DIFFERENT "$O/diff-xs.txt") cases differ)"; rm -f "$O"/*.pt
paste -d'|' "$O/cf-main.md" "$O/cf-xs.md"; save; stamp "factors"
use xs
LD_LIBRARY_PATH=$P/lib timeout 170 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu_xs.log" 2>&1
echo "== large_lu_gpu xs rc=$?"; tail -n 1 "$O/large_lu_gpu_xs.log"; save
timeout 120 python3 python_gpu.py > "$O/python_gpu_xs.log" 2>&1
echo "python_gpu xs rc=$?: $(tail -n 1 "$O/python_gpu_xs.log")"; save; stamp "suites"
use main
