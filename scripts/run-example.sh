#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds linalgx and runs the main example: LU of
# a 75x75 f64 matrix and of a batch of 64, permutation and check, on the CPU
# by default and on the GPU when one is present (--target=cpu|cuda forces).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

target=${1:-auto}
target=${target#--target=}
setup_and_build

if [ "$target" = auto ]; then
  target=cpu
  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 &&
     "$LINALGX_BUILD_DIR/bin/linalgx-runner" --help 2>/dev/null | grep -q '=cuda'; then
    target=cuda
  fi
fi
log "running examples/lu_75x75.mlir on target $target"
exec "$LINALGX_BUILD_DIR/bin/linalgx-runner" --target="$target" \
  "$LINALGX_ROOT/examples/lu_75x75.mlir"
