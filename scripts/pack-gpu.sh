#!/usr/bin/env bash
# Packs what the GPU machine needs to run linalgx without LLVM/MLIR there:
# the CUDA runtime and runner utilities, the GPU entry points of
# scripts/gen-gpu-kernels.py compiled ahead of time into
# liblinalgx_gpu_kernels.so (for the benchmark and the randomized test), the
# CPU integration tests compiled for the GPU (host buffers) into executables,
# FileCheck, and the scripts that run it all (scripts/gpu-run.sh).
#
#   scripts/pack-gpu.sh [PACK_DIR]        (default: .device/pack)
#
# Needs a build with the CUDA runtime (scripts/run-tests.sh makes one) and
# ptxas. The pack is small (tens of MiB) so that it can be copied to a GPU
# machine as it is.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${LINALGX_BUILD_DIR:-$ROOT/build}
PACK=${1:-$ROOT/.device/pack}
LLVM=/usr/lib/llvm-22
export PATH=$PATH:/usr/local/cuda/bin
OPT=$BUILD/bin/linalgx-opt
TRANSLATE=$LLVM/bin/mlir-translate

[ -f "$BUILD/lib/liblinalgx_cuda_runtime.so" ] || {
  echo "pack-gpu: $BUILD has no liblinalgx_cuda_runtime.so; configure with the CUDA toolkit" >&2
  exit 1; }

rm -rf "$PACK" && mkdir -p "$PACK"/{bin,lib,obj,tests,src}
cp "$BUILD"/lib/liblinalgx_cuda_runtime.so "$BUILD"/lib/liblinalgx_runner_utils.so "$PACK/lib/"
# MLIR's runner utilities, without their over-linked dependencies.
bash "$ROOT/scripts/copy-runner-utils.sh" "$PACK/lib" libmlir_c_runner_utils \
  libmlir_runner_utils
cp -L "$LLVM/bin/FileCheck" "$PACK/bin/"
# The runtime's own GPU test (runtime/cuda/test/runtime_smoke.cpp).
[ -x "$BUILD/bin/linalgx_cuda_runtime_smoke" ] &&
  cp "$BUILD/bin/linalgx_cuda_runtime_smoke" "$PACK/bin/"
cp -L /lib/x86_64-linux-gnu/libz3.so.4 "$PACK/lib/" 2>/dev/null || true

# compile MLIR to an object: compile_mlir IN OUT PIPELINE. Fails (and
# leaves no object) when any step fails: called as a condition, set -e
# does not stop the function, so the steps are chained.
compile_mlir() {
  local in=$1 out=$2 pipeline=$3 status=0
  "$OPT" "$in" --pass-pipeline="builtin.module($pipeline)" |
    "$TRANSLATE" --mlir-to-llvmir -o "$out.ll" &&
    clang-22 -O2 -fPIC -c "$out.ll" -o "$out" || status=$?
  rm -f "$out.ll"
  return $status
}

echo "pack-gpu: GPU entry points" >&2
objs=()
# nocyclic / cyclic: auto without the cyclic register kernel, and with it
# for every batch (lu-cyclic-max-batch 0 / 2^40): the benchmark compares them
# to place the crossover. LINALGX_PACK_VARIANTS adds experiments, each
# NAME:OPTIONS (OPTIONS comma-separated), e.g.
#   LINALGX_PACK_VARIANTS="w4:lu-cyclic-max-warps=4,lu-cyclic-max-batch=1024"
# builds entry points lu_perm_w4_<type>, benchmarked with STRATEGIES=w4.
variants=()
for variant in ${LINALGX_PACK_VARIANTS:-}; do variants+=("${variant%%:*}"); done
# LINALGX_PACK_STRATEGIES narrows the fixed list for a quick experiment (the
# GPU tests need auto, cusolver and batched).
for strategy in ${LINALGX_PACK_STRATEGIES:-auto nocyclic cyclic cusolver batched} \
                "${variants[@]}"; do
  option="lu-strategy=$strategy"
  [ "$strategy" = batched ] && option=lu-strategy=cublas-batched
  [ "$strategy" = nocyclic ] && option="lu-strategy=auto lu-cyclic-max-batch=0"
  [ "$strategy" = cyclic ] && option="lu-strategy=auto lu-cyclic-max-batch=1099511627776"
  for variant in ${LINALGX_PACK_VARIANTS:-}; do
    [ "${variant%%:*}" = "$strategy" ] &&
      option="lu-strategy=auto ${variant#*:}" && option=${option//,/ }
  done
  common=""; [ "$strategy" = auto ] && common=--common
  python3 "$ROOT/scripts/gen-gpu-kernels.py" --strategy "$strategy" $common \
    > "$PACK/src/kernels_$strategy.mlir"
  # Each strategy's module compiles on its own (ptxas alone takes minutes on
  # the unrolled kernels): LINALGX_PACK_JOBS of them at a time.
  while [ "$(jobs -rp | wc -l)" -ge "${LINALGX_PACK_JOBS:-2}" ]; do wait -n; done
  compile_mlir "$PACK/src/kernels_$strategy.mlir" "$PACK/obj/kernels_$strategy.o" \
    "linalgx-gpu-pipeline{host-buffers=false $option}" &
  objs+=("$PACK/obj/kernels_$strategy.o")
done
# A failed compile leaves its object missing: the link below says which.
wait
python3 "$ROOT/scripts/gen-gpu-kernels.py" --noop > "$PACK/src/noop.mlir"
"$LLVM/bin/mlir-opt" "$PACK/src/noop.mlir" \
  --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=fatbin" |
  "$TRANSLATE" --mlir-to-llvmir -o "$PACK/obj/noop.ll"
clang-22 -O2 -fPIC -c "$PACK/obj/noop.ll" -o "$PACK/obj/noop.o" && rm "$PACK/obj/noop.ll"
objs+=("$PACK/obj/noop.o")
ld.lld-22 -r "${objs[@]}" -o "$PACK/obj/bench_kernels.o"
clang-22 -shared -o "$PACK/lib/liblinalgx_gpu_kernels.so" "${objs[@]}" \
  -L"$PACK/lib" -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN'

echo "pack-gpu: integration tests for the GPU" >&2
# tests/MANIFEST lists every integration program, one line each
# (tab-separated): NAME built | NAME build-failed (its compiler or linker
# error in tests/NAME.build-error) | NAME skipped REASON. gpu-run.sh counts
# from it, so a program that does not build for the GPU is a failure there
# instead of a test that silently never ran. A program skips the GPU only by
# saying why in a `// GPU-SKIP: REASON` line of its own.
manifest=$PACK/tests/MANIFEST
: > "$manifest"
build_failures=()
for test in "$ROOT"/test/Integration/CPU/*.mlir "$ROOT"/test/Integration/GPU/*.mlir; do
  [ -f "$test" ] || continue
  name=$(basename "$test" .mlir)
  reason=$(sed -n 's|^// GPU-SKIP: *||p' "$test" | head -1)
  # Only tests run as `linalgx-runner %s | FileCheck %s` translate directly.
  grep -qE '^// RUN: linalgx-runner %s \| FileCheck %s( --match-full-lines)?$' "$test" ||
    reason=${reason:-"its RUN line is not \`linalgx-runner %s | FileCheck %s\`"}
  if [ -n "$reason" ]; then
    printf '%s\tskipped\t%s\n' "$name" "$reason" >> "$manifest"
    continue
  fi
  obj="$PACK/obj/test_$name.o"
  error=$PACK/tests/$name.build-error
  if ! compile_mlir "$test" "$obj" "linalgx-gpu-pipeline{host-buffers=true}" 2>"$error"; then
    step="does not compile for the GPU"
  else
    llvm-objcopy-22 --redefine-sym main=linalgx_test_main "$obj" 2>/dev/null ||
      $LLVM/bin/llvm-objcopy --redefine-sym main=linalgx_test_main "$obj"
    step=""
    clang-22 -O2 "$ROOT/scripts/aot_main.c" "$obj" -o "$PACK/tests/$name" \
      -L"$PACK/lib" -llinalgx_cuda_runtime -lmlir_c_runner_utils -lmlir_runner_utils \
      -llinalgx_runner_utils -Wl,--allow-shlib-undefined -Wl,-rpath,'$ORIGIN/../lib' \
      2>"$error" || step="does not link"
  fi
  if [ -n "$step" ]; then
    # The first lines name the error; IR dumps after them can be large.
    head -100 "$error" > "$error.tmp" && mv "$error.tmp" "$error"
    echo "pack-gpu: $name $step (a failure in gpu-run.sh):" >&2
    head -5 "$error" >&2
    printf '%s\tbuild-failed\n' "$name" >> "$manifest"
    build_failures+=("$name")
    continue
  fi
  cp "$test" "$PACK/tests/$name.mlir"
  rm -f "$obj" "$error"
  printf '%s\tbuilt\n' "$name" >> "$manifest"
done
echo "pack-gpu: $(wc -l < "$manifest") integration tests: $(grep -c $'\tbuilt$' "$manifest") built," \
  "${#build_failures[@]} not (${build_failures[*]:-none}), $(grep -c $'\tskipped\t' "$manifest") skipped" >&2

cp "$ROOT/scripts/gpu-run.sh" "$ROOT/test/Integration/GPU/random_gpu_vs_scipy.py" "$PACK/"
cp "$ROOT/test/Integration/GPU/extreme_gpu.py" "$ROOT/test/Integration/GPU/faults_gpu.py" \
  "$ROOT/test/Integration/GPU/generated_lu_gpu.py" "$ROOT/test/Integration/GPU/large_lu_gpu.py" \
  "$ROOT/test/Integration/GPU/structured_matrices.py" \
  "$ROOT/scripts/gen-gpu-kernels.py" "$PACK/"
if [ -d "$ROOT/bench" ]; then
  mkdir -p "$PACK/bench" && cp "$ROOT"/bench/*.py "$ROOT"/bench/*.sh "$ROOT"/bench/*.cpp "$PACK/bench/" 2>/dev/null || true
  [ -f "$PACK/bench/build_harness.sh" ] && bash "$PACK/bench/build_harness.sh" "$PACK" || true
fi
# Objects are only inputs of the links above.
rm -rf "$PACK/obj"
du -sh "$PACK" >&2
# The unrolled register kernels make the pack large (~55 MB): the compressed
# copy (~17 MB) is what to carry to the GPU machine, where
# `tar xJf PACK.tar.xz -C DIR` restores it.
tar cf - -C "$(dirname "$PACK")" "$(basename "$PACK")" | xz -T2 -2 > "$PACK.tar.xz"
du -sh "$PACK.tar.xz" >&2
