// linalgx-gpu-pipeline's output is a function of its input: the objects'
// compile times (which gpu-module-to-binary records) are dropped, so two
// runs give the same bytes.
// REQUIRES: ptxas
// RUN: linalgx-opt %s --linalgx-gpu-pipeline -o %t.1
// RUN: linalgx-opt %s --linalgx-gpu-pipeline -o %t.2
// RUN: cmp %t.1 %t.2
// RUN: FileCheck %s < %t.1
// CHECK: gpu.binary @linalgx_kernels
// CHECK-NOT: TimeInMs
func.func @lu(%a: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xi32>, tensor<i32>) {
  %l = tensor.empty() : tensor<4x4xf64>
  %p = tensor.empty() : tensor<4xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<4x4xf64>) outs(%l, %p, %i : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>) -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
}
