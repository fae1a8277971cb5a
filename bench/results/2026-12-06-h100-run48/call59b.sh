#!/usr/bin/env bash
# Session 59 call B, branch panel-async-push: main's kernels (new) against the push by st.async
# (async.so: lu-blocked-register-panel-async-push, +ptx81). Device time two rounds alternating,
# factors bit for bit, side by side with torch, kernels by name, then the large-LU suite on async,
# all through the PyTorch operator library built here first.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/b; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack57
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
V="new async"
for R in 1 2; do for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 100 python3 compare_factors.py run $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
  echo "== $L$R rc=$?"; cat "$O/cf-$L$R.md"; tail -n 3 "$O/cf-$L$R.err"
done; done
(cd "$P" && python3 compare_factors.py diff "$O/new1.pt" "$O/new2.pt" "$O/async1.pt" "$O/async2.pt") > "$O/diff.txt" 2>&1
echo "diff rc=$? ($(grep -c DIFFERENT "$O/diff.txt") differ)"; tail -n 6 "$O/diff.txt"
rm -f "$O"/*.pt
for L in async; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && LD_LIBRARY_PATH=$P/lib timeout 130 python3 large_lu_gpu.py --aot "$P/lib") > "$O/large_lu_gpu_$L.log" 2>&1
  echo "large_lu_gpu $L rc=$?"; grep -vE "^(PASS|ok)" "$O/large_lu_gpu_$L.log" | tail -n 4
  mkdir -p "$O/prof-$L"
  (cd "$P" && timeout 60 python3 profile_large_lu.py "$O/prof-$L" 1x1024x1024:float64 1x2048x2048:float64 1x4096x4096:float32) > "$O/prof-$L.log" 2>&1
  echo "== profile $L rc=$?"; grep -E "^## |^kernels|panel" "$O/prof-$L/large_lu_kernels.md" 2>/dev/null | cut -c1-120
done
for R in 1; do for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 60 python3 "$D/side_by_side.py" $L) 2>&1 | tee "$O/sbs_${L}_$R.log" | grep "^|"
done; done
cp "$P/lib_alt/new.so" "$P/lib/liblinalgx_cuda_kernels.so"
tar cJf "$OUT/b-raw.tar.xz" -C "$O" .
