#!/usr/bin/env bash
# Session 60 call D: main's default kernels (main.so) against the look-ahead kernel with its
# panel rows read in one go (la4.so: lu-blocked-look-ahead-kernel=true at the commit that adds
# this call), with the new runtime (its smoke test passed in call C). The
# large-LU suite on la4; device time two rounds alternating; kernels by name on la4; side by side
# with torch once each, through the PyTorch operator library built here first.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/d; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack60
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
start=$(date +%s); mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
echo "operator library rc=$? in $(( $(date +%s) - start )) s"; tail -2 "$O/torch_build.log"
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$P/lib_alt/la4.so" "$P/lib/liblinalgx_cuda_kernels.so"
(cd "$P" && LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot "$P/lib") > "$O/large_lu_gpu_la4.log" 2>&1
echo "large_lu_gpu la4 rc=$?"; grep -vE "^(PASS|ok)" "$O/large_lu_gpu_la4.log" | tail -n 3
V="main la4"
for R in 1 2; do for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 100 python3 compare_factors.py run $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
  echo "== $L$R rc=$?"; cat "$O/cf-$L$R.md"; tail -n 3 "$O/cf-$L$R.err"
done; done
rm -f "$O"/*.pt
for L in la4; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  mkdir -p "$O/prof-$L"
  (cd "$P" && timeout 60 python3 profile_large_lu.py "$O/prof-$L" 1x1024x1024:float64 1x2048x2048:float64 1x4096x4096:float32) > "$O/prof-$L.log" 2>&1
  echo "== profile $L rc=$?"; grep -E "^## .*linalgx|^kernels|panel|look_ahead|beside" "$O/prof-$L/large_lu_kernels.md" 2>/dev/null | grep -v "torch.linalg" | cut -c1-140
done
for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 60 python3 "$D/side_by_side.py" $L) 2>&1 | tee "$O/sbs_${L}.log" | grep "^|"
done
cp "$P/lib_alt/main.so" "$P/lib/liblinalgx_cuda_kernels.so"
tar cJf "$OUT/d-raw.tar.xz" -C "$O" .
