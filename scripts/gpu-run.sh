#!/usr/bin/env bash
# Runs on the GPU machine, from a pack made by scripts/pack-gpu.sh:
#   bash PACK/gpu-run.sh PACK OUTDIR [tests|bench|all]
# 1. the integration tests compiled for the GPU, each FileChecked against the
#    CHECK lines of its source (the same lines the CPU run is checked with);
# 2. the randomized comparison with SciPy, NumPy and JAX, then extreme sizes
#    and values (extreme_gpu.py: batches over 65535, B*M*N over 2^31, NaN/Inf,
#    zero sizes; docs/reliability.md), the generated LU's sweep
#    (generated_lu_gpu.py), large and structured matrices against LAPACK
#    (large_lu_gpu.py), and GPU faults (faults_gpu.py: real
#    out-of-memory and kernel faults, no device, injected failures);
# 3. the benchmark against JAX and PyTorch (bench/run_gpu_bench.sh).
# Ends with `N passed, N failed, N skipped` over 1 and 2 (the bench is not
# counted), and exits non-zero when anything failed. Every integration test
# in the pack's tests/MANIFEST counts: one that did not build for the GPU
# fails (with its build error), one with a `// GPU-SKIP: REASON` line is
# skipped (with its reason).
set -uo pipefail
PACK=$(cd "${1:?pack dir}" && pwd)
OUTDIR=${2:?output dir}
WHAT=${3:-all}
case $WHAT in
  tests | bench | all) ;;
  *) echo "gpu-run: the third argument is tests, bench or all, not '$WHAT'" >&2; exit 2 ;;
esac
ROOT=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUTDIR"
export LD_LIBRARY_PATH=$PACK/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

passed=0 failed=0 skipped=0
if [ "$WHAT" != bench ]; then
  echo "== integration tests on the GPU"
  manifest=$PACK/tests/MANIFEST
  if [ ! -f "$manifest" ]; then
    echo "FAIL: integration tests: $manifest is missing (not a pack of scripts/pack-gpu.sh?)"
    failed=$((failed + 1))
  fi
  while IFS=$'\t' read -r name state reason; do
    exe=$PACK/tests/$name
    case $state in
      skipped)
        echo "SKIP: $name ($reason)"; skipped=$((skipped + 1)) ;;
      build-failed)
        echo "FAIL: $name (does not build for the GPU)"; failed=$((failed + 1))
        tail -20 "$exe.build-error" 2>/dev/null ;;
      built)
        # stdin: the manifest is the loop's.
        if "$exe" < /dev/null > "$OUTDIR/$name.out" 2>&1 &&
           "$PACK/bin/FileCheck" --match-full-lines "$exe.mlir" < "$OUTDIR/$name.out" \
             > "$OUTDIR/$name.filecheck" 2>&1; then
          echo "PASS: $name"; passed=$((passed + 1))
        else
          echo "FAIL: $name"; failed=$((failed + 1))
          tail -20 "$OUTDIR/$name.out" "$OUTDIR/$name.filecheck" 2>/dev/null
        fi ;;
      *)
        echo "FAIL: $name (MANIFEST says '$state')"; failed=$((failed + 1)) ;;
    esac
  done < <(cat "$manifest" 2>/dev/null)
  echo "== CUDA runtime smoke test (one stream, then the multi-stream fan-out)"
  for streams in 1 8; do
    if "$PACK/bin/linalgx_cuda_runtime_smoke" --getrf-streams=$streams \
         > "$OUTDIR/smoke-$streams.log" 2>&1; then
      echo "PASS: runtime smoke --getrf-streams=$streams ($(grep -c PASS "$OUTDIR/smoke-$streams.log") checks)"
      passed=$((passed + 1))
    else
      echo "FAIL: runtime smoke --getrf-streams=$streams"; failed=$((failed + 1))
      grep -v PASS "$OUTDIR/smoke-$streams.log" | tail -20
    fi
  done
  # run_script TITLE LOG COMMAND...: one counted check, its output in LOG.
  run_script() {
    local title=$1 log=$2
    shift 2
    echo "== $title"
    if "$@" 2>&1 | tee "$OUTDIR/$log"; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1))
    fi
  }
  run_script "randomized comparison with SciPy / NumPy / JAX" random.log \
    python3 "$ROOT/random_gpu_vs_scipy.py" --pack "$PACK"
  run_script "extreme sizes and values (extreme_gpu.py)" extreme.log \
    python3 "$ROOT/extreme_gpu.py" --pack "$PACK"
  run_script "the generated one-kernel LU against SciPy (generated_lu_gpu.py)" \
    generated.log timeout 900 python3 "$ROOT/generated_lu_gpu.py" --pack "$PACK"
  run_script "large matrices against LAPACK (large_lu_gpu.py)" large.log \
    timeout 600 python3 "$ROOT/large_lu_gpu.py" --pack "$PACK"
  run_script "GPU faults (faults_gpu.py)" faults.log \
    python3 "$ROOT/faults_gpu.py" --pack "$PACK"
fi
if [ "$WHAT" != tests ] && [ -f "$ROOT/bench/run_gpu_bench.sh" ]; then
  echo "== benchmark"
  bash "$ROOT/bench/run_gpu_bench.sh" "$PACK" "$OUTDIR" 2>&1 | tail -5
  python3 "$ROOT/bench/make_table.py" "$OUTDIR/bench.jsonl" > "$OUTDIR/bench.md" 2>&1
  cat "$OUTDIR/bench.md"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
