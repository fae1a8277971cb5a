// Without OpenBLAS at configure time the CPU runtime has no LAPACK, and
// lu-strategy=lapack is rejected by the lowering with the reason and the fix.
// REQUIRES: no-cpu-lapack
// RUN: not linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=lapack 2>&1 | FileCheck %s
// RUN: linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=auto | FileCheck %s --check-prefix=AUTO

// CHECK: error: lu-strategy=lapack needs the linalgx CPU runtime with LAPACK, and this linalgx was built without it (OpenBLAS was not found at configure time: install libopenblas-dev and reconfigure); use lu-strategy=auto or unblocked
// AUTO: llvm.call @linalgxCpuGetrf(

func.func @f(%a: memref<4x4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64>) outs(%a, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}
