// lu-strategy=lapack (a build with OpenBLAS): the call's strategy argument is
// 1 (LINALGX_CPU_GETRF_LAPACK), from the pass and through the pipeline (f32,
// element type 0, so that the only i32 constant 1 is the strategy).
// REQUIRES: cpu-lapack
// RUN: linalgx-opt %s --convert-linalgx-to-cpu-runtime=lu-strategy=lapack | FileCheck %s
// RUN: linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=lapack | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func.func @f(
// CHECK:         %[[STRATEGY:.+]] = arith.constant 1 : i32
// CHECK:         call @linalgxCpuGetrf({{.*}}, %[[STRATEGY]])
// PIPELINE-LABEL: llvm.func @f(
// PIPELINE:         %[[STRATEGY:.+]] = llvm.mlir.constant(1 : i32) : i32
// PIPELINE:         llvm.call @linalgxCpuGetrf({{.*}}, %[[STRATEGY]])
func.func @f(%a: memref<3x8x8xf32>, %lu: memref<3x8x8xf32>, %p: memref<3x8xi32>,
             %i: memref<3xi32>) {
  linalgx.lu ins(%a : memref<3x8x8xf32>)
      outs(%lu, %p, %i : memref<3x8x8xf32>, memref<3x8xi32>, memref<3xi32>)
  return
}
