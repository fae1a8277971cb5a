#!/usr/bin/env bash
# For branch panel-warp-share: main's kernels (base) against the variants built with
# lu-panel-share-min-work (VARIANTS, default "share20 share32", in pypack57/lib_alt/):
# device time of the one-block cases (two rounds alternating), factors bit for bit against
# base (the arithmetic is the same), python_gpu.py on each variant. Prints the table.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=${OUT:-/tmp/out}/share; mkdir -p "$O"
P=$D/pypack57
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/base.so"
VARIANTS=${VARIANTS:-share20 share32}
V="base $VARIANTS"
for R in 1 2; do for L in $V; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 100 python3 compare_factors.py run --small $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
  echo "== $L$R rc=$?"
done; done
for L in $VARIANTS; do
  (cd "$P" && python3 compare_factors.py diff "$O/base1.pt" "$O/${L}1.pt") > "$O/diff-$L.txt" 2>&1
  echo "diff $L rc=$? ($(grep -c DIFFERENT "$O/diff-$L.txt") cases differ)"
done
rm -f "$O"/*.pt
for f in "$O"/cf-*.md; do cut -d'|' -f3,4 "$f" > "$f.t"; done
paste -d'|' $(for L in $V; do for R in 1 2; do echo "$O/cf-$L$R.md.t"; done; done)
for L in $VARIANTS; do
  cp "$P/lib_alt/$L.so" "$P/lib/liblinalgx_cuda_kernels.so"
  (cd "$P" && timeout 120 python3 python_gpu.py) > "$O/python_gpu_$L.log" 2>&1
  echo "python_gpu $L rc=$?: $(tail -n 1 "$O/python_gpu_$L.log")"
done
cp "$P/lib_alt/base.so" "$P/lib/liblinalgx_cuda_kernels.so"
