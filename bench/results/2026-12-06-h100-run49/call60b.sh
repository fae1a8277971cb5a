#!/usr/bin/env bash
# Session 60 call B: main's default kernels (main.so, 565a6c7's async push = main's default) against
# the look-ahead kernel (la2.so: lu-blocked-look-ahead-kernel=true), with the new runtime (aside
# regions). The runtime smoke test; the large-LU suite on la (accuracy, pivots); device time two
# rounds alternating; kernels by name on la; side by side with torch once each. All linalgx calls
# through the PyTorch operator library built here first.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/b; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack60
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
echo "== smoke"; LD_LIBRARY_PATH=$P/lib timeout 120 "$P/bin/linalgx_cuda_runtime_smoke" --only=gemm,streams > "$O/smoke.log" 2>&1
echo "smoke rc=$? $(grep -c '^PASS' "$O/smoke.log") PASS"; grep -v "^PASS" "$O/smoke.log" | tail -5; grep -i "aside region" "$O/smoke.log" | head -12
start=$(date +%s); mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
echo "operator library rc=$? in $(( $(date +%s) - start )) s"; tail -2 "$O/torch_build.log"
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$P/lib_alt/la2.so" "$P/lib/liblinalgx_cuda_kernels.so"
(cd "$P" && LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot "$P/lib") > "$O/large_lu_gpu_la2.log" 2>&1
echo "large_lu_gpu la2 rc=$?"; grep -vE "^(PASS|ok)" "$O/large_lu_gpu_la2.log" | tail -n 6
V="main la2"
for R in 1 2; do for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 100 python3 compare_factors.py run $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
  echo "== $L$R rc=$?"; cat "$O/cf-$L$R.md"; tail -n 3 "$O/cf-$L$R.err"
done; done
(cd "$P" && python3 compare_factors.py diff "$O/main1.pt" "$O/main2.pt" "$O/la21.pt" "$O/la22.pt") > "$O/diff.txt" 2>&1
echo "diff rc=$? ($(grep -c DIFFERENT "$O/diff.txt") differ)"; tail -n 8 "$O/diff.txt"
rm -f "$O"/*.pt
cp "$P/lib_alt/la2.so" "$P/lib/liblinalgx_cuda_kernels.so"
mkdir -p "$O/prof-la2"
(cd "$P" && timeout 60 python3 profile_large_lu.py "$O/prof-la2" 1x1024x1024:float64 1x2048x2048:float64 1x4096x4096:float32) > "$O/prof-la2.log" 2>&1
echo "== profile la2 rc=$?"; grep -E "^## |^kernels|panel|look_ahead|beside" "$O/prof-la2/large_lu_kernels.md" 2>/dev/null | cut -c1-140
for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 60 python3 "$D/side_by_side.py" $L) 2>&1 | tee "$O/sbs_${L}.log" | grep "^|"
done
cp "$P/lib_alt/main.so" "$P/lib/liblinalgx_cuda_kernels.so"
tar cJf "$OUT/b-raw.tar.xz" -C "$O" .
echo "== whole smoke"; LD_LIBRARY_PATH=$P/lib timeout 150 "$P/bin/linalgx_cuda_runtime_smoke" > "$O/smoke_all.log" 2>&1
echo "whole smoke rc=$? $(grep -c '^PASS' "$O/smoke_all.log") PASS"; grep -v "^PASS" "$O/smoke_all.log" | tail -3
tar cJf "$OUT/b-raw.tar.xz" -C "$O" .
