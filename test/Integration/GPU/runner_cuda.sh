#!/usr/bin/env bash
# linalgx-runner --target=cuda on a GPU machine, from the pack of
# scripts/pack-runner-gpu.sh (no LLVM/MLIR there):
#
#   bash runner/runner_cuda.sh OUTDIR
#
# Runs every program of examples/ and test/Integration/CPU with
# --target=cuda, for lu-strategy auto, generated, cusolver and cusolver-mg
# (cuSOLVERMg on device 0 for the square matrices), and checks
# each against the CHECK lines its CPU run is checked with (FileCheck
# --match-full-lines, as the lit RUN lines do); the example, which has no
# CHECK lines, against its CPU output (pivots, permutation, info, verdicts).
# Then the error paths: a bad --gpu-chip, a kernel launch failure (fault
# injection), no visible GPU. (ptxas is found through the CUDA toolkit's
# path even without PATH, so "no ptxas" is not one here.) The kernel cache
# starts empty ($OUT/kernel-cache): the auto programs run again with it
# warm, and the example runs cold, warm and uncached, each timed. Then
# upstream's mlir-runner on the GPU pipeline's output of lu-f64, lu-batched
# and the example, with linalgx's CUDA runtime. Last,
# jax_exports_cuda.py runs JAX's exports (made by the JAX installed there)
# through the import and the runner on the GPU. Prints PASS/FAIL lines, the
# JIT time per run, and ends with "N passed, N failed".
set -uo pipefail
P=$(cd "$(dirname "$0")" && pwd)
OUT=${1:?output dir}
mkdir -p "$OUT"
export LD_LIBRARY_PATH=$P/deps
RUNNER=$P/bin/linalgx-runner
PTXAS_DIR=$(dirname "$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)")
export PATH=$PATH:$PTXAS_DIR
export LINALGX_CACHE_DIR=$OUT/kernel-cache
rm -rf "$LINALGX_CACHE_DIR"
passed=0 failed=0
result() {  # ok what [details]
  if [ "$1" = 0 ]; then echo "PASS: $2"; passed=$((passed + 1))
  else echo "FAIL: $2"; [ -n "${3:-}" ] && echo "$3" | tail -15; failed=$((failed + 1)); fi
}
# The example's output without addresses and residuals (rounding differs).
normalize() { sed -E 's/base@ = 0x[0-9a-f]+/base@/; s/(= )[0-9.e+-]+$/\1<residual>/'; }

missing=$(ldd "$RUNNER" | grep "not found")
if [ -n "$missing" ]; then
  echo "FAIL: linalgx-runner cannot load here; missing: $missing"
  echo "0 passed, 1 failed"
  exit 1
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$PTXAS_DIR/ptxas" --version | tail -1

# One job a (program, strategy), as many at once as there are cores: each
# run JIT-compiles every kernel its dynamic shapes may need, tens of seconds
# for the larger programs.
run_one() {  # file strategy pass -> "rc ms" in OUT/NAME.STRATEGY.PASS.rc
  local f=$1 strategy=$2 pass=$3 name
  name=$(basename "$f").$strategy.$pass
  local start=$(date +%s%N)
  timeout "${RUN_TIMEOUT:-280}" "$RUNNER" --target=cuda --lu-strategy="$strategy" "$f" \
    > "$OUT/$name.out" 2>&1
  echo "$? $(( ($(date +%s%N) - start) / 1000000 ))" > "$OUT/$name.rc"
}
export -f run_one
export RUNNER OUT
check_jobs() {  # pass what job...
  local pass=$1 what=$2 job f strategy name rc ms check ok
  shift 2
  for job in "$@"; do
    read -r f strategy <<< "$job"
    name=$(basename "$f")
    read -r rc ms < "$OUT/$name.$strategy.$pass.rc"
    check=$("$P/bin/FileCheck" "$f" --match-full-lines --input-file "$OUT/$name.$strategy.$pass.out" 2>&1)
    ok=$(( rc != 0 || $? != 0 ))
    result $ok "$name lu-strategy=$strategy$what (exit $rc, $ms ms)" \
      "$check$(tail -5 "$OUT/$name.$strategy.$pass.out")"
  done
}
jobs=() warm_jobs=()
for strategy in ${STRATEGIES:-auto generated cusolver cusolver-mg}; do
  for f in "$P"/tests/Integration/*.mlir; do
    if grep -q "RUN: linalgx-runner %s | FileCheck %s --match-full-lines" "$f"; then
      jobs+=("$f $strategy")
      [ "$strategy" = auto ] && warm_jobs+=("$f $strategy")
    fi
  done
done
printf '%s\n' "${jobs[@]}" | xargs -P "$(nproc)" -L 1 bash -c 'run_one "$0" "$1" cold'
check_jobs cold "" "${jobs[@]}"
# The same programs again: their kernels come from the cache now.
if [ ${#warm_jobs[@]} -gt 0 ]; then
  printf '%s\n' "${warm_jobs[@]}" | xargs -P "$(nproc)" -L 1 bash -c 'run_one "$0" "$1" warm'
  check_jobs warm ", kernels cached" "${warm_jobs[@]}"
fi

for f in "$P"/tests/examples/*.mlir; do
  name=$(basename "$f" .mlir)
  for run in cold warm uncached; do
    cache=$OUT/example-cache
    [ "$run" = cold ] && rm -rf "$cache"
    [ "$run" = uncached ] && cache=off
    start=$(date +%s%N)
    LINALGX_CACHE_DIR=$cache "$RUNNER" --target=cuda "$f" > "$OUT/$name.cuda.out" 2>&1
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    diff <(normalize < "$P/tests/examples/$name.cpu.out") <(normalize < "$OUT/$name.cuda.out") \
      > "$OUT/$name.diff"
    ok=$(( rc != 0 || $? != 0 ))
    result $ok "examples/$name.mlir --target=cuda equals its CPU run (kernel cache $run: ${ms} ms)" "$(cat "$OUT/$name.diff")"
  done
done

# Error paths: a non-zero exit and a message that names the problem.
example=$P/tests/examples/lu_75x75.mlir
expect_error() {  # what pattern command...
  local what=$1 pattern=$2
  shift 2
  local text
  text=$("$@" 2>&1)
  local rc=$?
  echo "$text" | grep -qE "$pattern"
  local found=$?
  result $(( rc == 0 || found != 0 )) "error: $what (exit $rc): $(echo "$text" | grep -E "$pattern" | head -1)" "$text"
}
expect_error "bad --gpu-chip" "chip" "$RUNNER" --target=cuda --gpu-chip=sm_1000 "$example"
expect_error "kernel launch failure" "linalgx-cuda-runtime: error: .*injected" \
  env LINALGX_CUDA_INJECT_FAULT=launch "$RUNNER" --target=cuda "$example"
expect_error "no visible GPU" "(no CUDA|CUDA driver|device)" \
  env CUDA_VISIBLE_DEVICES= "$RUNNER" --target=cuda "$example"

# Upstream's mlir-runner on linalgx-opt's GPU output, with linalgx's CUDA
# runtime standing in for MLIR's CUDA runtime wrappers (Debian ships none).
libs=$P/lib/libmlir_c_runner_utils.so,$P/lib/libmlir_runner_utils.so
libs+=,$P/lib/liblinalgx_runner_utils.so,$P/lib/liblinalgx_cuda_runtime.so
for f in "$P"/tests/mlir-runner/*.llvm.mlir; do
  name=$(basename "$f" .llvm.mlir)
  "$P/bin/mlir-runner" -e main --entry-point-result=void --shared-libs="$libs" "$f" \
    > "$OUT/$name.mlir-runner.out" 2>&1
  rc=$?
  if [ -f "$P/tests/Integration/$name.mlir" ]; then
    check=$("$P/bin/FileCheck" "$P/tests/Integration/$name.mlir" --match-full-lines \
      --input-file "$OUT/$name.mlir-runner.out" 2>&1)
  else
    check=$(diff <(normalize < "$P/tests/examples/$name.cpu.out") \
                 <(normalize < "$OUT/$name.mlir-runner.out"))
  fi
  ok=$(( rc != 0 || $? != 0 ))
  result $ok "mlir-runner with linalgx's CUDA runtime: $name (exit $rc)" "$check"
done

# JAX's exports, made by the JAX installed here, imported and run on the GPU.
if python3 -c "import jax, numpy" 2>/dev/null; then
  PYTHONPATH=$P/python LINALGX_LIBRARY_DIR=$P/lib LD_LIBRARY_PATH=$P/lib:$P/deps \
    python3 "$P/jax_exports_cuda.py" --runner "$RUNNER" --out "$OUT/jax" \
      --preload-lazily "$P/deps/libLLVM.so.22.1" 2>&1 | tee "$OUT/jax.log"
  counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$OUT/jax.log" | tail -1)
  if [ -n "$counts" ]; then
    passed=$((passed + $(echo "$counts" | cut -d' ' -f1)))
    failed=$((failed + $(echo "$counts" | cut -d' ' -f3)))
  else
    result 1 "jax_exports_cuda.py produced no report" "$(tail -20 "$OUT/jax.log")"
  fi
else
  result 1 "JAX exports: no python3 with jax and numpy here"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
