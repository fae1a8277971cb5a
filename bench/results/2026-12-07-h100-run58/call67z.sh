#!/usr/bin/env bash
# Session 67 call Z: blocks of panels with register panels to 8192 f64 rows against main
# (cuSOLVER at 8192² f64): w256 as on main (the block's exchanges on every column at once), d256
# and d512 with the exchanges outside a block deferred to its end (branch
# deferred-block-exchanges); CUDA-event µs, backward error, kernels by name; then the large-LU
# GPU suite on d256.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/z; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/z-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
source "$D/torchops67.sh"; stamp "operator library"
cp -n "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"
cp "$D"/variants67/*.so "$P/lib_alt/"
cp "$D/check_lu.py" "$P/"
use() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
for L in main d256; do
  use $L
  (cd "$P" && timeout 50 python3 time_lu_streams.py $L 8192x8192:float64 4096x4096:float64 2048x2048:float64) 2>&1 | grep "^|" | tee -a "$O/w.md"
  (cd "$P" && timeout 40 python3 check_lu.py $L 8192x8192:float64) 2>&1 | tail -1 | tee -a "$O/w.md"
done
save; stamp "timing"
use d256
(cd "$P" && LD_LIBRARY_PATH=$P/lib timeout 170 python3 large_lu_gpu.py --aot "$P/lib") > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu d256 rc=$?"; tail -n 2 "$O/large_lu_gpu.log"; grep -i "fail" "$O/large_lu_gpu.log" | head -20
save; stamp "large_lu_gpu"
for L in w256 d512; do use $L
(cd "$P" && timeout 50 python3 time_lu_streams.py $L 8192x8192:float64 4096x4096:float64 2048x2048:float64) 2>&1 | grep "^|" | tee -a "$O/w.md"
done
save; stamp "w256 d512"
use d256; mkdir -p "$O/prof-d256"
(cd "$P" && timeout 60 python3 profile_large_lu.py "$O/prof-d256" 8192x8192:float64) > "$O/prof-d256/log" 2>&1
grep -A14 "8192" "$O/prof-d256/large_lu_kernels.md" | head -16
save; stamp "profile"
use main
