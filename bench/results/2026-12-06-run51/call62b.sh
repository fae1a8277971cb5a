#!/usr/bin/env bash
# Session 62 call B: the update kernels' row inverse from the pivot rows (inv.so) against main's
# library: factors bit for bit, the large-LU suite, CUDA-event times beside PyTorch, a timeline;
# the 1e0a02a runtime's smoke groups; bench_python.py's timing against the events pattern.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack61; O=/tmp/b; mkdir -p "$O" "${OUT:=/tmp/out}"
cp "$D"/variants62/*.so "$P/lib_alt/"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
LD_LIBRARY_PATH=$P/lib timeout 90 "$P/bin/linalgx_cuda_runtime_smoke" --only=gemm,streams > "$O/smoke.log" 2>&1
echo "== smoke rc=$?"; grep -v "^PASS" "$O/smoke.log" | tail -n 3; grep -c "^PASS" "$O/smoke.log"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cd "$P"
use() { cp "lib_alt/$1.so" lib/liblinalgx_cuda_kernels.so; }
for L in main inv; do
  use $L; timeout 80 python3 compare_factors.py run $L "$O/$L.pt" 2>&1 | grep -v Warning | tee -a "$O/factors.md"
done
timeout 60 python3 compare_factors.py diff "$O/main.pt" "$O/inv.pt" 2>&1 | tail -n 3 | tee -a "$O/factors.md"
tar cJf "$OUT/b-raw.tar.xz" --exclude='*.pt' -C "$O" .
C="1024x1024:float64 2048x2048:float64 4096x4096:float32 2048x2048:float32 8x512x512:float64 32x1024x1024:float32 256x128x128:float64"
for R in 1 2; do for L in main inv invla; do
  use $L; timeout 80 python3 time_lu_streams.py $L $C 2>&1 | grep "^|" | tee -a "$O/streams.md"
done; done
tar cJf "$OUT/b-raw.tar.xz" --exclude='*.pt' -C "$O" .
use inv
LD_LIBRARY_PATH=$P/lib timeout 120 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu rc=$?"; grep -vE "^(PASS|ok)" "$O/large_lu_gpu.log" | tail -n 2
timeout 40 python3 trace_large_lu.py "$O/trace_inv" 4096x4096:float32 1024x1024:float64 > "$O/trace_inv.log" 2>&1
use invla; timeout 40 python3 trace_large_lu.py "$O/trace_invla" 4096x4096:float32 1024x1024:float64 > "$O/trace_invla.log" 2>&1
grep -h "first activity" "$O"/trace_inv/*.md
tar cJf "$OUT/b-raw.tar.xz" --exclude='*.pt' -C "$O" .
use main
timeout 150 python3 "$D/method_check.py" 2>&1 | grep -v Warning | tee "$O/method.md"
tar cJf "$OUT/b-raw.tar.xz" --exclude='*.pt' -C "$O" .
