// convert-linalgx-to-iree-cuda's errors: the target is checked before any
// kernel is built, and its output needs unregistered dialects allowed.
// RUN: not linalgx-opt %s --convert-linalgx-to-iree-cuda 2>&1 | FileCheck %s --check-prefix=UNREGISTERED
// RUN: not linalgx-opt %s --allow-unregistered-dialect --convert-linalgx-to-iree-cuda=chip=sm_70 2>&1 | FileCheck %s --check-prefix=CHIP

// UNREGISTERED: error: convert-linalgx-to-iree-cuda writes IREE's hal.dispatch.extern, which linalgx does not register: allow unregistered dialects (--allow-unregistered-dialect)
// CHIP: error: convert-linalgx-to-iree-cuda: linalgx-gpu-pipeline: chip='sm_70': linalgx's kernels need sm_80 or newer
func.func @lu(%a: tensor<4x4xf64>) -> tensor<4x4xf64> {
  %0 = tensor.empty() : tensor<4x4xf64>
  %1 = tensor.empty() : tensor<4xi32>
  %2 = tensor.empty() : tensor<i32>
  %r:3 = linalgx.lu ins(%a : tensor<4x4xf64>) outs(%0, %1, %2 : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>) -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  return %r#0 : tensor<4x4xf64>
}
