#!/usr/bin/env bash
# Branch panel-push: main's kernels (base) against the register panels' pushed candidates
# (push.so: lu-blocked-register-panel-push). Large cases' device time, two rounds alternating,
# factors bit for bit, the kernels by name (profile_large_lu.py), then the large-LU suite on push.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/push; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack57
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/base.so"
V="base push push4k"
for R in 1 2; do for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 100 python3 compare_factors.py run $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
  echo "== $L$R rc=$?"; cat "$O/cf-$L$R.md"; tail -n 3 "$O/cf-$L$R.err"
done; done
(cd "$P" && python3 compare_factors.py diff "$O/base1.pt" "$O/push1.pt" "$O/push2.pt" "$O/push4k1.pt") > "$O/diff.txt" 2>&1
echo "diff rc=$? ($(grep -c DIFFERENT "$O/diff.txt") differ)"; cat "$O/diff.txt"
rm -f "$O"/*.pt
for L in push4k; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  mkdir -p "$O/prof-$L"
  (cd "$P" && timeout 60 python3 profile_large_lu.py "$O/prof-$L" 1x1024x1024:float64 1x2048x2048:float64 1x4096x4096:float32) > "$O/prof-$L.log" 2>&1
  echo "== profile $L rc=$?"; grep -E "^## |^kernels|panel" "$O/prof-$L/large_lu_kernels.md" 2>/dev/null | cut -c1-120
done
for L in push4k; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && LD_LIBRARY_PATH=$P/lib timeout ${T:-130} python3 large_lu_gpu.py --aot "$P/lib") > "$O/large_lu_gpu_$L.log" 2>&1
  echo "large_lu_gpu $L rc=$?"; grep -vE "^(PASS|ok)" "$O/large_lu_gpu_$L.log" | tail -n 8
done
cp "$P/lib_alt/base.so" "$P/lib/liblinalgx_cuda_kernels.so"
tar cJf "$OUT/push-raw.tar.xz" -C "$O" .
