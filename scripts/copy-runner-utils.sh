#!/usr/bin/env bash
# Copies MLIR's runner utilities into a pack's lib/ without their
# over-linked dependencies: Debian links libmlir_c_runner_utils against
# libMLIR, libLLVM (through the f16 and APFloat helpers) and more, 250 MB the
# GPU machine would need for printing f16/bf16 values, which no linalgx test
# does. The few f16 entry points stay unresolved and are bound lazily, i.e.
# never (patchelf, Debian's package).
#
#   scripts/copy-runner-utils.sh DEST_LIB libmlir_c_runner_utils [libmlir_runner_utils]
set -euo pipefail
DEST=$1
shift
LLVM=/usr/lib/llvm-22
command -v patchelf >/dev/null || {
  echo "copy-runner-utils: needs patchelf (apt-get install patchelf)" >&2; exit 1; }
for lib in "$@"; do
  cp -L "$LLVM/lib/$lib.so" "$DEST/$lib.so.22.1"
  chmod u+w "$DEST/$lib.so.22.1"
  for dep in libMLIR.so.22.1 libLLVM.so.22.1 libmlir_apfloat_wrappers.so.22.1 \
             libmlir_float16_utils.so.22.1; do
    patchelf --remove-needed "$dep" "$DEST/$lib.so.22.1"
  done
  ln -sf "$lib.so.22.1" "$DEST/$lib.so"
done
