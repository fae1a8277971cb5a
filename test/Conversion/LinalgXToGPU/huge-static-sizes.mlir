// Static sizes whose byte counts overflow int64 (an allocation that cannot
// exist, but a type that verifies) must not reach the kernel choice's
// arithmetic: the lowering picks the vendor path, whose runtime rejects the
// size at run time, instead of overflowing in the compiler.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @huge_rows
// CHECK:         call @linalgxCudaGetrf
func.func @huge_rows(%a: memref<9223372036854775807x2xf64>, %p: memref<2xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<9223372036854775807x2xf64>)
      outs(%a, %p, %i : memref<9223372036854775807x2xf64>, memref<2xi64>, memref<i64>)
  return
}

// -----

// CHECK-LABEL: func.func @huge_columns
// CHECK:         call @linalgxCudaGetrf
func.func @huge_columns(%a: memref<2x4611686018427387904xcomplex<f64>>, %p: memref<2xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<2x4611686018427387904xcomplex<f64>>)
      outs(%a, %p, %i : memref<2x4611686018427387904xcomplex<f64>>, memref<2xi64>, memref<i64>)
  return
}

// -----

// A batch whose product overflows: not a static batch for the choice.
// CHECK-LABEL: func.func @huge_batch
// CHECK:         gpu.launch_func
func.func @huge_batch(%a: memref<4294967296x4294967296x4x4xf32>, %p: memref<4294967296x4294967296x4xi32>, %i: memref<4294967296x4294967296xi32>) {
  linalgx.lu ins(%a : memref<4294967296x4294967296x4x4xf32>)
      outs(%a, %p, %i : memref<4294967296x4294967296x4x4xf32>, memref<4294967296x4294967296x4xi32>, memref<4294967296x4294967296xi32>)
  return
}

// -----

// The same for the permutation, with the batch collapsed from several
// dimensions (found by linalgx-fuzz: the collapse did not verify).
// CHECK-LABEL: func.func @huge_permutation_batch
// CHECK:         memref.collapse_shape {{.*}} : memref<?x?x4xi32> into memref<?x4xi32>
// CHECK:         gpu.launch_func
func.func @huge_permutation_batch(%p: memref<2x4611686018427387904x4xi32>, %q: memref<2x4611686018427387904x4xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<2x4611686018427387904x4xi32>) outs(%q : memref<2x4611686018427387904x4xi32>)
  return
}
