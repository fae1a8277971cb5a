#!/usr/bin/env bash
# Session 66 call A: the panel kernel's trailing update on FP64 tensor cores (variant tc:
# lu-panel-tensor-cores=true) against main's kernels: device time of the one-block cases
# (compare_factors.py run --small, two rounds alternating), factors bit for bit against main,
# python_gpu.py on tc; then issue 24's table (bench_python.py) on tc if it ran.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/a; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/a-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"
use() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
V="main ${VARIANTS:-tc}"
for R in 1 2; do for L in $V; do
  use $L
  (cd "$P" && timeout 100 python3 compare_factors.py run --small $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
  echo "== $L$R rc=$?"
done; done
for L in ${VARIANTS:-tc}; do
  (cd "$P" && python3 compare_factors.py diff "$O/main1.pt" "$O/${L}1.pt") > "$O/diff-$L.txt" 2>&1
  echo "diff $L rc=$? ($(grep -c DIFFERENT "$O/diff-$L.txt") cases differ)"
done
rm -f "$O"/*.pt
for f in "$O"/cf-*.md; do cut -d'|' -f2,3,4,5 "$f" > "$f.t"; done
paste -d'|' $(for L in $V; do for R in 1 2; do echo "$O/cf-$L$R.md.t"; done; done)
save; stamp "compare"
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
stamp "operator library built"
for L in ${VARIANTS:-tc}; do
  use $L
  (cd "$P" && timeout 150 python3 python_gpu.py) > "$O/python_gpu_$L.log" 2>&1
  echo "python_gpu $L rc=$?: $(tail -n 1 "$O/python_gpu_$L.log")"
done
save; stamp "python_gpu"
if [ -n "${TABLE:-}" ]; then
  for L in main ${VARIANTS:-tc}; do
    use $L; mkdir -p "$O/table-$L"
    LINALGX_BENCH_CASES="75x75:float64 64x75x75:float64 1024x64x64:float64 256x128x128:float64" \
      timeout 120 python3 "$P/bench_python.py" "$O/table-$L" > "$O/table-$L/bench.log" 2>&1 || echo "bench exit $?"
    grep "^| (" "$O/table-$L/table.md" | head -4
  done
  save; stamp "table"
fi
use main
