#!/usr/bin/env bash
# One device run for a kernel experiment: a smoke test of every strategy
# (each lu_perm once, with a timeout, so that a hanging kernel costs seconds,
# not the run), the GPU test suite, then the whole-LU benchmark of the
# strategies side by side with JAX and PyTorch (Nsight Compute device time).
#
#   [TESTS=0] [OTHER_PACKS=...] bench/run_variants.sh PACK OUT "auto w4 w16" ["75x75:f64 64x75x75:f64"]
#
# PACK: an unpacked scripts/pack-gpu.sh folder (LINALGX_PACK_VARIANTS names
# the experiment strategies); OUT gets smoke.txt, tests.txt, b/ and table.md.
set -u
PACK=$1 OUT=$2 STRATEGIES=$3
CASES=${4:-75x75:f64 64x75x75:f64 75x75:f32 64x75x75:f32}
export PATH=$PATH:/usr/local/cuda/bin PYTHONUNBUFFERED=1
mkdir -p "$OUT"
HERE=$(cd "$(dirname "$0")" && pwd)
smoke_failed=0
for strategy in $STRATEGIES; do
  # Other packs' strategies (run_gpu_bench.sh OTHER_PACKS) were smoke-tested
  # with their own pack.
  case " ${OTHER_PACKS:-} " in *" $strategy="*) continue ;; esac
  for shape in "1 75 f64" "64 75 f64" "1 75 f32" "3 128 f64" "2 40 f32"; do
    set -- $shape
    if ! LD_LIBRARY_PATH="$PACK/lib:/usr/local/cuda/lib64" timeout 30 \
        "$PACK/bin/bench_linalgx" --op lu_perm --strategy "$strategy" \
        --batch "$1" --m "$2" --dtype "$3" --iters 5 --warmup 1 \
        >> "$OUT/smoke.txt" 2>&1; then
      echo "SMOKE FAILED: $strategy $shape" | tee -a "$OUT/smoke.txt"
      smoke_failed=1
    fi
  done
done
grep -o '"strategy":"[a-z0-9]*"\|"check":"[^"]*"' "$OUT/smoke.txt" | paste - - | sort | uniq -c
[ "$smoke_failed" = 0 ] || { echo "smoke test failed: no tests, no benchmark"; exit 1; }
# TESTS=0 leaves the suite out: a first look at variants whose smoke checks
# pass, before the suite runs on the one chosen.
if [ "${TESTS:-1}" != 0 ]; then
  bash "$PACK/gpu-run.sh" "$PACK" "$OUT/t" tests > "$OUT/tests.txt" 2>&1
  rm -f "$OUT"/t/*.out "$OUT"/t/*.filecheck
  tail -3 "$OUT/tests.txt"
fi
STRATEGIES="$STRATEGIES" NCU=1 NCU_BUDGET_S=${NCU_BUDGET_S:-150} OPS=lu CASES="$CASES" \
  bash "$HERE/run_gpu_bench.sh" "$PACK" "$OUT/b" > "$OUT/bench.log" 2>&1
python3 "$HERE/make_table.py" "$OUT/b/bench.jsonl" > "$OUT/table.md"
sed -n '/Whole LU/,/^$/p;/^| case/,/^$/p' "$OUT/table.md" | head -20
