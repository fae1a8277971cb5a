#!/usr/bin/env bash
# The whole LU (lu_perm) of linalgx strategies side by side on a list of
# shapes: CUDA events and synchronous wall time per call (medians), and the
# harness's check of the result. For crossovers between kernels and paths
# (e.g. the blocked LU against the vendor path: "auto noblocked").
#
#   bench/crossover.sh PACK "auto noblocked" "1:512:512:f64 8:256:256:f32 ..." [ITERS]
#
# Prints one line per shape and strategy: B M N dtype strategy events_us
# wall_us check. A call that fails or exceeds 60 s prints FAILED.
set -u
PACK=$1 STRATEGIES=$2 SHAPES=$3 ITERS=${4:-30}
for shape in $SHAPES; do
  IFS=: read -r batch m n dtype <<< "$shape"
  for strategy in $STRATEGIES; do
    line=$(LD_LIBRARY_PATH="$PACK/lib:/usr/local/cuda/lib64" timeout 60 \
      "$PACK/bin/bench_linalgx" --op lu_perm --strategy "$strategy" \
      --batch "$batch" --m "$m" --n "$n" --dtype "$dtype" \
      --iters "$ITERS" --warmup 3 2>&1 | grep '^{' | tail -1)
    if [ -z "$line" ]; then
      echo "$batch $m $n $dtype $strategy FAILED"
      continue
    fi
    python3 -c '
import json, sys
r = json.loads(sys.argv[1])
print(sys.argv[2], "%.1f %.1f %s" % (r["device_us_median"], r["wall_us_median"],
                                     r["check"]))' "$line" "$batch $m $n $dtype $strategy"
  done
done
