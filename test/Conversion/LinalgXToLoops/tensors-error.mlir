// -convert-linalgx-to-loops needs memrefs: a linalgx op still on tensors is
// reported with a message pointing at One-Shot Bufferize, and the pass fails.
// RUN: not linalgx-opt %s -convert-linalgx-to-loops 2>&1 | FileCheck %s
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-loops 2>&1 | FileCheck %s --check-prefix=PERM

// CHECK: error: 'linalgx.lu' op must be on memrefs to be lowered to loops; run 'one-shot-bufferize' first (linalgx-cpu-pipeline does)
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
func.func @lu_on_tensors(%a: tensor<3x3xf64>) -> tensor<3x3xf64> {
  %l = tensor.empty() : tensor<3x3xf64>
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu : tensor<3x3xf64>
}

// -----

// PERM: error: 'linalgx.pivots_to_permutation' op must be on memrefs to be lowered to loops; run 'one-shot-bufferize' first (linalgx-cpu-pipeline does)
// PERM-NOT: Stack dump
func.func @perm_on_tensors(%p: tensor<3xi32>) -> tensor<3xi32> {
  %q = tensor.empty() : tensor<3xi32>
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return %perm : tensor<3xi32>
}
