#!/usr/bin/env bash
# Checks the mgpu* ABI of liblinalgx_cuda_runtime.so against MLIR itself:
#   1. lowers mgpu_abi_pipeline.mlir (full NVVM pipeline, fatbin and PTX
#      formats) and mgpu_abi_host.mlir (--gpu-to-llvm) to LLVM IR and collects
#      the `declare ... @mgpu*` lines;
#   2. compares them with mgpu_abi.expected (the signatures MgpuAbi.h was
#      written against: a difference means MLIR changed the ABI);
#   3. checks that the library exports every one of them (nm -D).
# Needs no GPU. Usage: check_mgpu_abi.sh <liblinalgx_cuda_runtime.so>
# Tools: MLIR_OPT, MLIR_TRANSLATE (default mlir-opt-22, mlir-translate-22);
# ptxas from CUDA_BIN (default /usr/local/cuda/bin) for the fatbin.
set -euo pipefail
lib=${1:?usage: $0 <liblinalgx_cuda_runtime.so>}
here=$(cd "$(dirname "$0")" && pwd)
opt=${MLIR_OPT:-mlir-opt-22}
translate=${MLIR_TRANSLATE:-mlir-translate-22}
export PATH="${CUDA_BIN:-/usr/local/cuda/bin}:$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for format in fatbin isa; do
  "$opt" --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=$format" \
    "$here/mgpu_abi_pipeline.mlir" | "$translate" --mlir-to-llvmir
done > "$tmp/pipeline.ll"
"$opt" --gpu-to-llvm "$here/mgpu_abi_host.mlir" |
  "$opt" --async-to-async-runtime --convert-async-to-llvm --convert-cf-to-llvm \
    --convert-arith-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts |
  "$translate" --mlir-to-llvmir > "$tmp/host.ll"
cat "$tmp/pipeline.ll" "$tmp/host.ll" | grep -E '^declare .*@mgpu' |
  sort -u -t@ -k2 > "$tmp/declarations"

status=0
if ! diff -u "$here/mgpu_abi.expected" "$tmp/declarations"; then
  echo "FAIL: MLIR emits different mgpu* declarations than mgpu_abi.expected"
  status=1
else
  echo "PASS: MLIR emits exactly the $(wc -l < "$tmp/declarations") expected mgpu* declarations"
fi
nm -D --defined-only "$lib" | awk '{print $NF}' | sort > "$tmp/exported"
sed -E 's/.*@(mgpu[A-Za-z0-9]+)\(.*/\1/' "$tmp/declarations" | sort > "$tmp/needed"
missing=$(comm -23 "$tmp/needed" "$tmp/exported")
if [ -n "$missing" ]; then
  echo "FAIL: not exported by $lib:" $missing
  status=1
else
  echo "PASS: $lib exports all of them"
fi
exit $status
