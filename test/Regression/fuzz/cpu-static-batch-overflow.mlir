// Found by linalgx-fuzz (2026-12-02, UBSan) on a seed from
// Conversion/LinalgXToGPU/huge-static-sizes.mlir: the CPU lowering's `auto`
// multiplied the static batch sizes (2^32 * 2^32 overflowed int64_t) to
// decide whether the generated code pays, and the generated code's size
// check multiplied M by the row's bytes. Neither product is formed now: an
// overflowing batch is no static batch (the runtime call), and the size
// check compares per row.
// RUN: linalgx-opt %s -convert-linalgx-to-cpu-runtime -split-input-file | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-cpu-runtime=lu-strategy=generated -split-input-file | FileCheck %s --check-prefix=GENERATED

// CHECK-LABEL: func.func @huge_batch
// CHECK:         call @linalgxCpuGetrf
// GENERATED-LABEL: func.func @huge_batch
// GENERATED:       scf.parallel
func.func @huge_batch(%a: memref<4294967296x4294967296x4x4xf32>, %p: memref<4294967296x4294967296x4xi32>, %i: memref<4294967296x4294967296xi32>) {
  linalgx.lu ins(%a : memref<4294967296x4294967296x4x4xf32>)
      outs(%a, %p, %i : memref<4294967296x4294967296x4x4xf32>, memref<4294967296x4294967296x4xi32>, memref<4294967296x4294967296xi32>)
  return
}

// -----

// Rows too long or too many for the generated code's buffer: the runtime
// call, also under lu-strategy=generated.
// CHECK-LABEL: func.func @huge_rows
// CHECK:         call @linalgxCpuGetrf
// GENERATED-LABEL: func.func @huge_rows
// GENERATED:       call @linalgxCpuGetrf
func.func @huge_rows(%a: memref<9223372036854775807x2xf64>, %p: memref<2xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<9223372036854775807x2xf64>)
      outs(%a, %p, %i : memref<9223372036854775807x2xf64>, memref<2xi64>, memref<i64>)
  return
}

// -----

// CHECK-LABEL: func.func @huge_columns
// CHECK:         call @linalgxCpuGetrf
// GENERATED-LABEL: func.func @huge_columns
// GENERATED:       call @linalgxCpuGetrf
func.func @huge_columns(%a: memref<2x4611686018427387904xcomplex<f64>>, %p: memref<2xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<2x4611686018427387904xcomplex<f64>>)
      outs(%a, %p, %i : memref<2x4611686018427387904xcomplex<f64>>, memref<2xi64>, memref<i64>)
  return
}
