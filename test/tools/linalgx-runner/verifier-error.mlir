// An input whose linalgx op fails verification is rejected at parse time
// with the verifier's message; exit code non-zero, no crash.
// RUN: not linalgx-runner %s 2>&1 | FileCheck %s

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
// CHECK: error: 'linalgx.lu' op 'input' must have rank >= 2 (shape [B..., M, N]), but got 'tensor<3xf64>'
// CHECK: could not parse the input IR
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
func.func @main() {
  %a = arith.constant dense<1.0> : tensor<3xf64>
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %r:3 = linalgx.lu ins(%a : tensor<3xf64>) outs(%a, %p, %i : tensor<3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3xf64>, tensor<3xi32>, tensor<i32>
  return
}
