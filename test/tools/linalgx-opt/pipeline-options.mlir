// The linalgx-cpu-pipeline option bufferize-function-boundaries=false leaves
// tensor function signatures to the caller: a function taking a tensor
// argument is then rejected by one-shot-bufferize (clear error, no crash),
// while the default bufferizes it.
// RUN: linalgx-opt %s --linalgx-cpu-pipeline | FileCheck %s --check-prefix=DEFAULT
// RUN: not linalgx-opt %s --linalgx-cpu-pipeline=bufferize-function-boundaries=false 2>&1 | FileCheck %s --check-prefix=NOBOUNDARY

// DEFAULT: llvm.func @factor(
// NOBOUNDARY-NOT: Stack dump
// NOBOUNDARY: error:
// NOBOUNDARY-NOT: Stack dump
// NOBOUNDARY-NOT: PLEASE submit a bug report
func.func @factor(%a: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %l = tensor.empty() : tensor<2x2xf64>
  %p = tensor.empty() : tensor<2xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x2xf64>)
      outs(%l, %p, %i : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  return %lu : tensor<2x2xf64>
}
