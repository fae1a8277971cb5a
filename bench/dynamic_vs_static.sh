#!/usr/bin/env bash
# Device time of the dynamically shaped LU entry points (what the Python
# packages and the JAX/PyTorch handlers call) against the statically shaped
# ones, on the benchmark table's cases of at most 128 x 128, by Nsight
# Compute (the sum of one call's kernels, bench/ncu_device_time.py).
#
#   build here:   bench/dynamic_vs_static.sh pack OUT
#                   (three quick packs: OUT/static, OUT/dynamic and
#                   OUT/exact, the last with LINALGX_EXACT_SIZES, default
#                   the AOT library's; OUT.tar.xz to copy to the GPU machine)
#   on the GPU:   bench/dynamic_vs_static.sh run OUT RESULTS
#                   (RESULTS/table.md and RESULTS/ncu.jsonl)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CASES="75x75:f64:1 75x75:f64:64 75x75:f32:1 75x75:f32:64 32x32:f64:4096 16x16:f32:16384 64x64:f64:1024 128x128:f64:256"

case ${1:-} in
pack)
  OUT=${2:?out dir}
  sizes=${LINALGX_EXACT_SIZES:-$(sed -n 's/^set(LINALGX_CUDA_KERNELS_EXACT_SIZES "\(.*\)".*/\1/p' \
    "$HERE/../runtime/cuda_kernels/CMakeLists.txt" | tr ';' ',')}
  statics=()
  for c in $CASES; do
    IFS=: read -r mn t b <<< "$c"
    statics+=("$t:${b}x$mn")
  done
  mkdir -p "$OUT"
  bash "$HERE/quick_pack.sh" "$OUT/static" "${statics[@]}"
  bash "$HERE/quick_pack.sh" "$OUT/dynamic" f32 f64
  OPTIONS="lu-exact-sizes=$sizes" bash "$HERE/quick_pack.sh" "$OUT/exact" f32 f64
  echo "$sizes" > "$OUT/exact-sizes.txt"
  rm -f "$OUT"/*.tar.xz
  tar cf - -C "$(dirname "$OUT")" "$(basename "$OUT")" | xz -T2 -2 > "$OUT.tar.xz"
  du -sh "$OUT.tar.xz"
  ;;
run)
  OUT=$(cd "${2:?pack dir}" && pwd)
  RESULTS=${3:?results dir}
  mkdir -p "$RESULTS/logs"
  : > "$RESULTS/ncu.jsonl"
  {
    echo "ncu device µs per call (kernels summed; lu with its permutation)." \
         "exact: the dynamic entry points built with lu-exact-sizes=$(cat "$OUT/exact-sizes.txt")"
    echo
    echo "| case | static | dynamic | dynamic / static | exact | exact / static |"
    echo "|---|---:|---:|---:|---:|---:|"
  } > "$RESULTS/table.md"
  for c in $CASES; do
    IFS=: read -r mn t b <<< "$c"
    m=${mn%x*} n=${mn#*x}
    declare -A us=()
    for pack in static dynamic exact; do
      strategy=auto
      [ $pack = static ] && strategy=static
      line=$(LD_LIBRARY_PATH="$OUT/$pack/lib:/usr/local/cuda/lib64" python3 "$HERE/ncu_device_time.py" \
        --timeout 120 --log "$RESULTS/logs" -- "$OUT/$pack/bin/bench_linalgx" --op lu_perm \
        --dtype "$t" --strategy $strategy --batch "$b" --m "$m" --n "$n" --iters 3 --warmup 3 \
        --profile --no-check || true)
      echo "$line" | sed "s/}\$/,\"pack\":\"$pack\"}/" >> "$RESULTS/ncu.jsonl"
      us[$pack]=$(echo "$line" | python3 -c 'import json,sys; print("%.1f" % json.loads(sys.stdin.read())["device_us_ncu"])' 2>/dev/null || echo error)
    done
    ratio() { python3 -c "import sys; a,b=sys.argv[1:]; print('%.2f' % (float(a)/float(b)))" "$1" "$2" 2>/dev/null || echo -; }
    echo "| ($b,$m,$n) $t | ${us[static]} | ${us[dynamic]} | $(ratio "${us[dynamic]}" "${us[static]}") | ${us[exact]} | $(ratio "${us[exact]}" "${us[static]}") |" \
      | tee -a "$RESULTS/table.md"
    unset us
  done
  ;;
*)
  sed -n '2,12p' "$0" >&2
  exit 2
  ;;
esac
