#!/usr/bin/env bash
# Session 68 call E: f32 register panels to 8192 rows (r32f: clusters of 8 for f32 panels of 4097
# to 8192 rows, instead of the shared-memory cluster panel) against main's new defaults (new), at
# 8192² f32, (2,6000,6000) f32 and 4096² f32 (CUDA-event µs beside torch.linalg.lu_factor); the
# backward error at 8192² f32 and the large-LU GPU suite on r32f.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/e; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/e-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
source "$D/torchops67.sh"; stamp "operator library"
cp "$D/new68.so" "$P/lib_alt/new.so"; cp "$D/variants68/r32f.so" "$P/lib_alt/"
cp "$D/check_lu.py" "$D/large_lu_gpu.py" "$P/"
use() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
cd "$P"
for L in new r32f new r32f; do
  use $L
  timeout 60 python3 time_lu_streams.py $L 8192x8192:float32 2x6000x6000:float32 4096x4096:float32 \
    2>&1 | grep "^|" | tee -a "$O/e.md"
done
save; stamp "timing"
use r32f
timeout 40 python3 check_lu.py r32f 8192x8192:float32 2>&1 | tail -1 | tee -a "$O/e.md"
LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu r32f rc=$?"; tail -n 1 "$O/large_lu_gpu.log"; grep -i "fail" "$O/large_lu_gpu.log" | grep -v "0 failed" | head
save; stamp "large_lu_gpu"
