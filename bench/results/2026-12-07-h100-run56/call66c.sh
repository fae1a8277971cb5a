#!/usr/bin/env bash
# Session 66 call C: the blocked LU's panel kernels loading their rows eight entries a thread at
# a time (variant ld8, the working tree's library) against main at 3914d51 (xs, run 55):
# time_lu_streams.py (two rounds alternating), the kernels' device time
# (profile_host_gaps.py), factors bit for bit (compare_factors.py run), then
# large_lu_gpu.py --aot and python_gpu.py on ld8.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/c; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/c-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
# baseline xs: main at 3914d51
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
for R in 1 2; do for V in xs ld8; do
  use $V; timeout 90 python3 time_lu_streams.py $V$R $C 2>&1 | grep "^|" | tee -a "$O/streams.md"
done; done; save; stamp "streams"
for V in xs ld8; do
  use $V; mkdir -p "$O/gaps-$V"
  timeout 90 python3 profile_host_gaps.py "$O/gaps-$V" 1024x1024:float64 > "$O/gaps-$V/log" 2>&1
  grep -E "panel|exchange_solve|measured_call" "$O/gaps-$V/host_gaps.md" | head -5
  timeout 120 python3 compare_factors.py run $V "$O/$V.pt" > "$O/cf-$V.md" 2>"$O/cf-$V.err"
done
python3 compare_factors.py diff "$O/xs.pt" "$O/ld8.pt" > "$O/diff-ld8.txt" 2>&1
echo "diff ld8 rc=$? ($(grep -c DIFFERENT "$O/diff-ld8.txt") cases differ)"; rm -f "$O"/*.pt
paste -d'|' "$O/cf-xs.md" "$O/cf-ld8.md"; save; stamp "factors"
use ld8
LD_LIBRARY_PATH=$P/lib timeout 170 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu_ld8.log" 2>&1
echo "== large_lu_gpu ld8 rc=$?"; tail -n 1 "$O/large_lu_gpu_ld8.log"; save
timeout 120 python3 python_gpu.py > "$O/python_gpu_ld8.log" 2>&1
echo "python_gpu ld8 rc=$?: $(tail -n 1 "$O/python_gpu_ld8.log")"; save; stamp "suites"
use xs
