#!/usr/bin/env bash
# The CPU benchmark: linalgx.lu AOT-compiled through linalgx-cpu-pipeline with
# every lu-strategy (the generated code linked with libomp), against SciPy's
# lu_factor and JAX's CPU lu, side by side.
#
#   bench/cpu/run_cpu_bench.sh OUTDIR
#
# Needs a build (LINALGX_BUILD_DIR, default build/) and a python3 with NumPy,
# SciPy and, for the JAX column, jax[cpu]. Writes OUTDIR/bench.jsonl (one JSON
# line per case and implementation), OUTDIR/table.md and OUTDIR/env.txt (with
# the commit measured). The generated sources stay in a scratch directory:
# gen_cpu_bench.py at that commit writes them again. Each (case, implementation) runs in a process of its own,
# so that threads left spinning by one (OpenBLAS's) do not slow the next.
# CASES="75x75xf64 ..." restricts the cases; MIN_SECONDS (default 1) and REPS
# (default 21) set how long each is timed; LOOPS_MAX_ELEMENTS (default 2^20)
# skips the reference loops on larger matrices, where a call takes seconds.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${LINALGX_BUILD_DIR:-$ROOT/build}
OUT=${1:?usage: run_cpu_bench.sh OUTDIR}
PYTHON=${PYTHON:-python3}
CASES=${CASES:-"1024x1024xf64 2048x2048xf64 2048x2048xf32 4096x32x32xf64 16384x16x16xf32 64x75x75xf64 75x75xf64"}
MIN_SECONDS=${MIN_SECONDS:-1}
REPS=${REPS:-21}
LOOPS_MAX_ELEMENTS=${LOOPS_MAX_ELEMENTS:-1048576}
mkdir -p "$OUT"
# Sources, objects and the executable in a scratch directory: OUT keeps results only.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

{
  date -u +"date: %Y-%m-%dT%H:%M:%SZ"
  echo "git: $(git -C "$ROOT" rev-parse --short HEAD) $(git -C "$ROOT" status --porcelain | wc -l) changed files"
  lscpu | grep -E "Model name|^CPU\(s\)|CPU family|^Model:|Thread|L1d|L2|L3|Flags" | sed 's/^Flags:.*avx512f.*/Flags: ... avx2 fma avx512f .../'
  echo "uptime: $(uptime)"
  echo "OpenBLAS: $(dpkg-query -W -f='${Version}' libopenblas0-pthread 2>/dev/null || echo none)"
  echo "LINALGX_CPU_THREADS=${LINALGX_CPU_THREADS:-default} OPENBLAS_NUM_THREADS=${OPENBLAS_NUM_THREADS:-default}"
} > "$OUT/env.txt"

# AOT: one module per strategy through linalgx-cpu-pipeline, LLVM IR, clang -O3.
objs=()
for s in auto loops lapack unblocked generated; do
  "$PYTHON" "$ROOT/bench/cpu/gen_cpu_bench.py" mlir $s $CASES > "$WORK/bench_$s.mlir"
  "$BUILD/bin/linalgx-opt" "$WORK/bench_$s.mlir" --linalgx-cpu-pipeline="lu-strategy=$s" |
    /usr/lib/llvm-22/bin/mlir-translate --mlir-to-llvmir -o "$WORK/bench_$s.ll"
  clang-22 -O3 -march=native -fPIC -Wno-override-module -c "$WORK/bench_$s.ll" -o "$WORK/bench_$s.o"
  objs+=("$WORK/bench_$s.o")
done
"$PYTHON" "$ROOT/bench/cpu/gen_cpu_bench.py" c $CASES > "$WORK/bench_main.c"
clang-22 -O2 "$WORK/bench_main.c" "${objs[@]}" -o "$WORK/bench_cpu" \
  -L"$BUILD/lib" -llinalgx_cpu_runtime -Wl,-rpath,"$BUILD/lib" \
  -L/usr/lib/llvm-22/lib -lomp -Wl,-rpath,/usr/lib/llvm-22/lib -lm

: > "$OUT/bench.jsonl"
"$PYTHON" "$ROOT/bench/cpu/bench_peers_cpu.py" --versions-only >> "$OUT/bench.jsonl"
for case in $CASES; do
  elements=$(echo "$case" | awk -Fx '{print $(NF-2) * $(NF-1)}')
  for s in auto generated lapack unblocked loops; do
    if [ "$s" = loops ] && [ "$elements" -gt "$LOOPS_MAX_ELEMENTS" ]; then continue; fi
    "$WORK/bench_cpu" "$case" $s --reps "$REPS" --min-seconds "$MIN_SECONDS" | tee -a "$OUT/bench.jsonl"
  done
  for peer in scipy jax; do
    "$PYTHON" "$ROOT/bench/cpu/bench_peers_cpu.py" "$case" --peers $peer --reps "$REPS" \
      --min-seconds "$MIN_SECONDS" --no-versions | tee -a "$OUT/bench.jsonl"
  done
done
echo "uptime after: $(uptime)" >> "$OUT/env.txt"
"$PYTHON" "$ROOT/bench/cpu/make_cpu_table.py" "$OUT/bench.jsonl" | tee "$OUT/table.md"
