#!/usr/bin/env bash
# Session 60 call F: main's default kernels (main.so) against the look-ahead kernel with a relaxed
# cluster arrival (la5.so: lu-blocked-look-ahead-kernel=true at the commit that adds this call):
# device time two rounds alternating, kernels by name on la5, the large-LU suite on la5, through
# the PyTorch operator library built here first.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/f; mkdir -p "$O" "${OUT:=/tmp/out}"
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
echo "operator library rc=$? in $(( $(date +%s) - start )) s"
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
for R in 1 2; do for L in main la5; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 100 python3 compare_factors.py run $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
  echo "== $L$R rc=$?"; cut -d'|' -f2-4 "$O/cf-$L$R.md"
done; done
rm -f "$O"/*.pt
cp "$P/lib_alt/la5.so" "$P/lib/liblinalgx_cuda_kernels.so"
mkdir -p "$O/prof-la5"
(cd "$P" && timeout 60 python3 profile_large_lu.py "$O/prof-la5" 1x1024x1024:float64 1x2048x2048:float64 1x4096x4096:float32) > "$O/prof-la5.log" 2>&1
echo "== profile la5 rc=$?"; grep -E "^## .*linalgx|^kernels|look_ahead" "$O/prof-la5/large_lu_kernels.md" 2>/dev/null | cut -c1-120
tar cJf "$OUT/f-raw.tar.xz" -C "$O" .
(cd "$P" && LD_LIBRARY_PATH=$P/lib timeout 100 python3 large_lu_gpu.py --aot "$P/lib") > "$O/large_lu_gpu_la5.log" 2>&1
echo "large_lu_gpu la5 rc=$?"; grep -vE "^(PASS|ok)" "$O/large_lu_gpu_la5.log" | tail -n 2
cp "$P/lib_alt/main.so" "$P/lib/liblinalgx_cuda_kernels.so"
tar cJf "$OUT/f-raw.tar.xz" -C "$O" .
