#!/usr/bin/env bash
# Runs on the GPU machine, from a pack made by scripts/pack-gpu.sh:
#   bash PACK/gpu-run.sh PACK OUTDIR [tests|bench|all]
# 1. the integration tests compiled for the GPU, each FileChecked against the
#    CHECK lines of its source (the same lines the CPU run is checked with);
# 2. the randomized comparison with SciPy, NumPy and JAX, then extreme sizes
#    and values (extreme_gpu.py: batches over 65535, B*M*N over 2^31, NaN/Inf,
#    zero sizes; docs/reliability.md), and GPU faults (faults_gpu.py: real
#    out-of-memory and kernel faults, no device, injected failures);
# 3. the benchmark against JAX and PyTorch (bench/run_gpu_bench.sh).
# Ends with `N passed, N failed` over 1 and 2 (the bench is not counted).
set -uo pipefail
PACK=$(cd "${1:?pack dir}" && pwd)
OUTDIR=${2:?output dir}
WHAT=${3:-all}
ROOT=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUTDIR"
export LD_LIBRARY_PATH=$PACK/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

passed=0 failed=0
if [ "$WHAT" != bench ]; then
  echo "== integration tests on the GPU"
  for exe in "$PACK"/tests/*; do
    [ -x "$exe" ] && [ "${exe%.mlir}" = "$exe" ] || continue
    name=$(basename "$exe")
    if "$exe" > "$OUTDIR/$name.out" 2>&1 &&
       "$PACK/bin/FileCheck" --match-full-lines "$PACK/tests/$name.mlir" < "$OUTDIR/$name.out" \
         > "$OUTDIR/$name.filecheck" 2>&1; then
      echo "PASS: $name"; passed=$((passed + 1))
    else
      echo "FAIL: $name"; failed=$((failed + 1))
      tail -20 "$OUTDIR/$name.out" "$OUTDIR/$name.filecheck" 2>/dev/null
    fi
  done
  if [ -x "$PACK/bin/linalgx_cuda_runtime_smoke" ]; then
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
  fi
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
  run_script "GPU faults (faults_gpu.py)" faults.log \
    python3 "$ROOT/faults_gpu.py" --pack "$PACK"
fi
if [ "$WHAT" != tests ] && [ -f "$ROOT/bench/run_gpu_bench.sh" ]; then
  echo "== benchmark"
  bash "$ROOT/bench/run_gpu_bench.sh" "$PACK" "$OUTDIR" 2>&1 | tail -5
  python3 "$ROOT/bench/make_table.py" "$OUTDIR/bench.jsonl" > "$OUTDIR/bench.md" 2>&1
  cat "$OUTDIR/bench.md"
fi
echo "$passed passed, $failed failed"
