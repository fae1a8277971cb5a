#!/usr/bin/env bash
# On the GPU machine, in the pack of scripts/pack-python-gpu.sh: the pack's
# liblinalgx_cuda_kernels.so ("default") and each variant in PACK/lib_alt/
# (scripts/build-kernel-variant.sh; pack-python-gpu.sh copies
# $LINALGX_KERNEL_VARIANTS/*.so there) swapped in turn, each checked and
# timed in the same process setup:
#
#   bash compare_kernel_libraries.sh OUTDIR
#
# Environment: LIBRARIES (default: "default" and every variant), TESTS=0 to
# skip large_lu_gpu.py --aot, PYGPU=1 to run python_gpu.py too, FACTORS=1 to
# time compare_factors.py's cases and compare every library's factors bit for
# bit with the first library's (libraries that must agree), SMOKE=0 to
# skip the runtime's own test (bin/linalgx_cuda_runtime_smoke, run once;
# SMOKE_ONLY=GROUP,... runs those of its groups alone, e.g. gemm,solve),
# CASES_<library> (or CASES) the profile_large_lu.py cases ("BxMxN:dtype ..."),
# BENCH_CASES bench_python.py's cases ("MxN:dtype BxMxN:dtype ...") timed
# through linalgx.torch.lu_factor beside torch.linalg.lu_factor (CUDA events
# and synchronous wall, one process a library; OUTDIR/bench_<library>/),
# NCU="B,N,dtype,kernel-regex ..." with NCU_LIBRARY: Nsight Compute (stall
# reasons an issued instruction) of the second launch of a kernel in one LU
# call. Writes OUTDIR/<test>_<library>.log, OUTDIR/profile_<library>/,
# OUTDIR/summary.md (summarize_kernel_libraries.py: the libraries' profiles
# side by side) and OUTDIR/ncu_*.txt; prints a summary.
set -uo pipefail
P=$(cd "$(dirname "$0")" && pwd)
O=${1:?output dir}
mkdir -p "$O" "$P/lib_alt" "$P/torch_build"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
export XLA_PYTHON_CLIENT_PREALLOCATE=false
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cd "$P" || exit 1
# The PyTorch operator library, which linalgx.torch calls when it is there.
python3 - > "$O/torch_build.log" 2>&1 <<PY
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments("$P/src", "$P/lib", "$P/torch_build"))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" 2>/dev/null ||
  { echo "no PyTorch operator library (see torch_build.log): linalgx.torch takes ctypes"; }
[ -f "$P/lib_alt/default.so" ] || cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/default.so"
if [ -z "${LIBRARIES:-}" ]; then
  LIBRARIES=default
  for so in "$P"/lib_alt/*.so; do
    name=$(basename "$so" .so)
    [ "$name" = default ] || LIBRARIES="$LIBRARIES $name"
  done
fi
swap() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
# The runtime's own GPU test (its entry points, the GEMM aside included).
if [ "${SMOKE:-1}" != 0 ] && [ -x "$P/bin/linalgx_cuda_runtime_smoke" ]; then
  # Its RUNPATH is the build machine's; the pack's runtime is in lib/.
  LD_LIBRARY_PATH="$P/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" timeout 300 \
    "$P/bin/linalgx_cuda_runtime_smoke" ${SMOKE_ONLY:+--only=$SMOKE_ONLY} \
    > "$O/runtime_smoke.log" 2>&1
  echo "runtime_smoke: $(tail -1 "$O/runtime_smoke.log")"
  grep -E "^FAIL" "$O/runtime_smoke.log" | head -5
fi
for v in $LIBRARIES; do
  echo "== $v"
  swap "$v"
  if [ "${TESTS:-1}" != 0 ]; then
    timeout 300 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu_$v.log" 2>&1
    tail -1 "$O/large_lu_gpu_$v.log"; grep -E "^FAIL" "$O/large_lu_gpu_$v.log" | head -5
  fi
  if [ "${PYGPU:-0}" = 1 ]; then
    timeout 300 python3 python_gpu.py > "$O/python_gpu_$v.log" 2>&1
    tail -1 "$O/python_gpu_$v.log"; grep -E "^FAIL" "$O/python_gpu_$v.log" | head -5
  fi
  if [ "${FACTORS:-0}" = 1 ]; then
    timeout 300 python3 compare_factors.py run "$v" "$O/factors_$v.pt" \
      > "$O/factors_$v.md" 2> "$O/factors_$v.err" || echo "compare_factors.py exit $?"
    cat "$O/factors_$v.md"
  fi
  if [ -n "${BENCH_CASES:-}" ]; then
    LINALGX_BENCH_CASES=$BENCH_CASES LINALGX_BENCH_ENTRIES=linalgx.torch.lu_factor,torch.linalg.lu_factor \
      timeout 300 python3 bench_python.py "$O/bench_$v" > "$O/bench_$v.log" 2>&1 ||
      echo "bench_python.py exit $?"
    grep -E "^\| \(" "$O/bench_$v/table.md"
  fi
  eval "cases=\${CASES_$v:-\${CASES:-}}"
  if [ -n "$cases" ]; then
    # shellcheck disable=SC2086  # the cases are words
    timeout 420 python3 profile_large_lu.py "$O/profile_$v" $cases > "$O/profile_$v.log" 2>&1 ||
      echo "profile_large_lu.py exit $?"
    grep -E "^## |^kernels" "$O/profile_$v/large_lu_kernels.md"
  fi
done
if [ "${FACTORS:-0}" = 1 ]; then
  read -r reference others <<< "$LIBRARIES"
  if [ -n "$others" ]; then
    others_pt=()
    for v in $others; do others_pt+=("$O/factors_$v.pt"); done
    python3 compare_factors.py diff "$O/factors_$reference.pt" "${others_pt[@]}" \
      > "$O/factors_diff.txt" 2>&1
    echo "factors against $reference: exit $? ($(grep -c DIFFERENT "$O/factors_diff.txt") differ)"
  fi
  rm -f "$O"/factors_*.pt
fi
# The libraries side by side (OUTDIR/summary.md).
python3 "$P/summarize_kernel_libraries.py" "$O" 2>/dev/null
if [ -n "${NCU:-}" ]; then
  swap "${NCU_LIBRARY:-default}"
  for c in $NCU; do
    IFS=, read -r batch n dtype kernel <<< "$c"
    log="$O/ncu_${batch}x${n}_${dtype}_${kernel//[^A-Za-z0-9_]/_}.txt"
    timeout 300 ncu --kernel-name regex:"$kernel" --launch-skip 1 --launch-count 1 \
      --section SpeedOfLight --section WarpStateStats --section LaunchStats --section Occupancy \
      --metrics "regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio" \
      python3 -c "
import torch, linalgx.torch as lxt
a = torch.randn($batch, $n, $n, dtype=torch.$dtype, device='cuda')
lxt.lu_factor(a); torch.cuda.synchronize()" > "$log" 2>&1
    echo "== ncu $c"
    grep -E "Duration|Warp Cycles Per Issued" "$log"
    grep -E "issue_stalled" "$log" | awk '$NF + 0 > 0.05' | sed 's/smsp__average_warps_issue_stalled_//'
  done
fi
