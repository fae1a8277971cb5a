#!/usr/bin/env bash
# Writes the lowered modules of every linalgx entry point the project ships
# or tests, so that a refactoring of the lowerings can be checked to change
# nothing:
#
#   scripts/snapshot-lowering.sh before/    # on the old commit
#   scripts/snapshot-lowering.sh after/     # on the new one
#   diff -r before/ after/
#
# Inputs: the entry-point modules of scripts/gen-gpu-kernels.py (the
# benchmark's, the static cases', liblinalgx_cuda_kernels.so's) and every
# test/ file that uses linalgx ops. Each goes through convert-linalgx-to-gpu
# under the option sets the tests and packs use, and through the CPU
# lowerings; a failing lowering's diagnostics are the snapshot.
set -uo pipefail

out=${1:?usage: snapshot-lowering.sh OUTPUT_DIR [BUILD_DIR]}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${2:-$ROOT/build}
OPT=$BUILD/bin/linalgx-opt
mkdir -p "$out/src"

gen() { python3 "$ROOT/scripts/gen-gpu-kernels.py" "$@"; }
gen --strategy auto --common >"$out/src/kernels_auto.mlir"
gen --python >"$out/src/kernels_python.mlir"
gen --noop >"$out/src/noop.mlir"

inputs=("$out"/src/*.mlir)
while IFS= read -r test; do inputs+=("$test"); done < <(
  cd "$ROOT" && git ls-files 'test/*.mlir' 'examples/*.mlir' |
    xargs grep -l 'linalgx\.\(lu\|pivots_to_permutation\)' | sed "s|^|$ROOT/|")

gpu_options=(
  ""
  "host-buffers=true"
  "lu-strategy=generated"
  "lu-strategy=cusolver"
  "lu-strategy=cublas-batched"
  "lu-cyclic-max-batch=0"
  "lu-cyclic-max-batch=1099511627776"
  "lu-cyclic-max-warps=4 lu-cyclic-max-batch=1024"
  "lu-panel-max-size=0"
  "lu-blocked-max-size=0"
  "lu-blocked-min-batch=1"
  "lu-blocked-single-max-bytes=0"
  "lu-exact-sizes=75,64"
)
cpu_pipelines=(
  "convert-linalgx-to-linalg"
  "linalgx-cpu-pipeline"
)

# The front of linalgx-gpu-pipeline, so that tensor inputs reach the GPU
# lowering as they do there.
bufferize="linalgx-fuse-lu-permutation,one-shot-bufferize{bufferize-function-boundaries \
function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops},canonicalize"

# snapshot NAME INPUT PIPELINE: the module (or the diagnostics) of INPUT
# through PIPELINE, split like the tests split their inputs.
snapshot() {
  local name=$1 input=$2 pipeline=$3
  # Diagnostics after the module, not interleaved with it at whatever
  # point stdout happened to be flushed.
  "$OPT" "$input" --split-input-file --allow-unregistered-dialect \
    --pass-pipeline="builtin.module($pipeline)" >"$out/$name" 2>"$out/$name.stderr"
  echo "exit $?" >>"$out/$name"
  cat "$out/$name.stderr" >>"$out/$name" && rm "$out/$name.stderr"
}

jobs_max=${LINALGX_SNAPSHOT_JOBS:-2}
for input in "${inputs[@]}"; do
  base=$(basename "$input" .mlir)
  case $input in "$ROOT"/*) base=$(echo "${input#"$ROOT"/}" | tr / _); base=${base%.mlir} ;; esac
  for i in "${!gpu_options[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    snapshot "$base.gpu$i" "$input" "$bufferize,convert-linalgx-to-gpu{${gpu_options[$i]}}" &
  done
  for pipeline in "${cpu_pipelines[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    snapshot "$base.$pipeline" "$input" "$pipeline" &
  done
done
wait
printf '%s\n' "${gpu_options[@]}" | nl -v0 >"$out/gpu-options.txt"
echo "snapshot-lowering: $(ls "$out" | wc -l) files in $out" >&2
