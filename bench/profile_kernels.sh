#!/usr/bin/env bash
# Where a generated LU kernel spends its cycles, from Nsight Compute: for each
# case, one profiled call of the linalgx kernel with the warp-state and
# source-counter sections, then a summary on stdout (bench/stall_summary.py):
# the duration, occupancy, issue rate, the stall reasons of the whole kernel,
# and the SASS opcodes that collect the most stall samples.
#
#   bash bench/profile_kernels.sh PACK OUTDIR [CASE...]
#
# CASE is B:M:N:dtype (default: the issue's targets, 1:75:75:f64
# 64:75:75:f64 4096:32:32:f64 16384:16:16:f32 1024:64:64:f64). The reports
# (OUTDIR/prof-*.ncu-rep) stay for the Nsight Compute GUI.
#
# Environment: OP=perm profiles the permutation kernel (pivots_to_permutation
# alone) instead of the LU; CACHE=all flushes the caches before the profiled
# launch, as the benchmark's device times do (default none: warm, as back to
# back calls run); STRATEGY=NAME profiles another strategy of the pack than
# auto (a LINALGX_PACK_VARIANTS experiment, say).
set -uo pipefail
PACK=$(cd "${1:?pack dir}" && pwd)
OUTDIR=${2:?output dir}
shift 2
CASES=("$@")
[ ${#CASES[@]} -eq 0 ] &&
  CASES=(1:75:75:f64 64:75:75:f64 4096:32:32:f64 16384:16:16:f32 1024:64:64:f64)
HERE=$(cd "$(dirname "$0")" && pwd)
OP=${OP:-lu_perm}
CACHE=${CACHE:-none}
case $OP in
  lu_perm) KERNEL=regex:linalgx_lu ;;
  perm) KERNEL=regex:linalgx_pivots_to_permutation ;;
  *) echo "profile: OP must be lu_perm or perm" >&2; exit 2 ;;
esac
mkdir -p "$OUTDIR"
NCU=$(python3 "$HERE/ncu_device_time.py" --which) || { echo "profile: no ncu" >&2; exit 1; }
export LD_LIBRARY_PATH="$PACK/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

for c in "${CASES[@]}"; do
  IFS=: read -r b m n dt <<< "$c"
  rep="$OUTDIR/prof-$OP-${STRATEGY:-auto}-${b}x${m}x${n}-$dt-cache-$CACHE"
  echo "== ($b,$m,$n) $dt"
  # By default caches are not flushed: the kernel runs as it does back to
  # back, its code warm in the instruction caches after the warm-up calls.
  timeout 300 "$NCU" --profile-from-start off --cache-control "$CACHE" \
    --clock-control none -k "$KERNEL" --launch-count 1 \
    --section SpeedOfLight --section LaunchStats --section Occupancy \
    --section WarpStateStats --section SchedulerStats --section SourceCounters \
    --section InstructionStats -f -o "$rep" \
    "$PACK/bin/bench_linalgx" --op "$OP" --dtype "$dt" --strategy "${STRATEGY:-auto}" \
    --batch "$b" --m "$m" --n "$n" --iters 1 --warmup 3 --profile --no-check \
    > "$rep.log" 2>&1 || { echo "ncu failed:"; tail -5 "$rep.log"; continue; }
  "$NCU" -i "$rep.ncu-rep" --page raw --csv > "$rep.raw.csv" 2>&1
  "$NCU" -i "$rep.ncu-rep" --page source --print-source sass --csv \
    > "$rep.sass.csv" 2>&1
  python3 "$HERE/stall_summary.py" "$rep.raw.csv" "$rep.sass.csv"
  rm -f "$rep.raw.csv"
  xz -T0 -f "$rep.sass.csv"
done
