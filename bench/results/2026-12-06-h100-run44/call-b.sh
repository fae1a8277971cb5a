#!/usr/bin/env bash
# Session 57 call B: the panel kernel's panel width — main's kernels (4 columns) against
# variants with 5, 6 (and 8) columns a panel: device time of the one-block cases, pivots
# against torch.linalg.lu_factor_ex, python_gpu.py on each variant.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=${OUT:-/tmp/out}/b; mkdir -p "$O"
P=$D/pypack
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/base.so"
V="base ${VARIANTS:-nb5 nb6}"
for R in 1 2; do for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 100 python3 compare_factors.py run --small $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
  echo "== $L$R rc=$?"
done; done
rm -f "$O"/*.pt
for f in "$O"/cf-*.md; do cut -d'|' -f3,4 "$f" > "$f.t"; done
paste -d'|' $(for L in $V; do for R in 1 2; do echo "$O/cf-$L$R.md.t"; done; done) | tee "$O/summary.md"
for L in ${VARIANTS:-nb5 nb6}; do
  echo "== $L: pivots as torch's on $(grep -c "torch's: True" "$O/cf-${L}1.md") cases, not on $(grep -c "torch's: False" "$O/cf-${L}1.md"); largest differences: $(grep -o "difference [0-9.e+-]*" "$O/cf-${L}1.md" | sort -k2 -g | tail -n 2 | tr '\n' ' ')"
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 120 python3 python_gpu.py) > "$O/python_gpu_$L.log" 2>&1
  echo "python_gpu $L rc=$?: $(tail -n 1 "$O/python_gpu_$L.log")"
done
cp "$P/lib_alt/base.so" "$P/lib/liblinalgx_cuda_kernels.so"
tar cJf "$O/logs.tar.xz" -C "$O" $(cd "$O" && ls *.md *.log *.err 2>/dev/null)
