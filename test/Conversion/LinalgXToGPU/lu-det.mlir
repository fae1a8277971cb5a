// linalgx.lu_det and linalgx.lu_slogdet on the GPU: one kernel, launched
// with a warp per matrix when N > 16 (the diagonal across the lanes,
// combined by xor shuffles) and a thread per matrix otherwise; the results
// of a single matrix (rank 0) viewed as a batch of one. The logarithm is
// built from arith ops and the square root of a complex modulus is PTX's
// sqrt.rn: no math op (a libdevice call) is left in the kernels.
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu | FileCheck %s

// CHECK-LABEL: func.func @det
// CHECK:         %[[WARP:.+]] = arith.cmpi ugt, %{{.+}}, %c16
// CHECK:         scf.if %[[WARP]]
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_det_f64_i32_one_based_warp
// CHECK:         scf.if
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_det_f64_i32_one_based blocks
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?xi32>, %{{.+}} : memref<?xf64>)
// CHECK:         gpu.func @linalgx_lu_det_f64_i32_one_based(
// CHECK-SAME:      known_block_size = array<i32: 128, 1, 1>
// CHECK-NOT:       gpu.shuffle
// CHECK:         gpu.func @linalgx_lu_det_f64_i32_one_based_warp(
// CHECK:           gpu.shuffle  xor %{{.+}}, %c16_i32
// CHECK:           gpu.shuffle  xor %{{.+}}, %c8_i32
// CHECK:           gpu.shuffle  xor %{{.+}}, %c4_i32
// CHECK:           gpu.shuffle  xor %{{.+}}, %c2_i32
// CHECK:           gpu.shuffle  xor %{{.+}}, %c1_i32
// CHECK-NOT:     math.
func.func @det(%lu: memref<4x20x20xf64>, %p: memref<4x20xi32>, %d: memref<4xf64>) {
  linalgx.lu_det one_based ins(%lu, %p : memref<4x20x20xf64>, memref<4x20xi32>)
      outs(%d : memref<4xf64>)
  return
}

// -----

// CHECK-LABEL: func.func @slogdet
// CHECK:         memref.expand_shape %{{.+}} [] output_shape [1] : memref<complex<f32>> into memref<1xcomplex<f32>>
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_slogdet_cf32_i64_warp
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_slogdet_cf32_i64 blocks
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xcomplex<f32>>, %{{.+}} : memref<?x?xi64>, %{{.+}} : memref<?xcomplex<f32>>, %{{.+}} : memref<?xf32>)
// CHECK:         gpu.func @linalgx_lu_slogdet_cf32_i64(
// CHECK:           llvm.inline_asm asm_dialect = att "sqrt.rn.f32 $0, $1;"
// CHECK-NOT:     math.
func.func @slogdet(%lu: memref<?x?xcomplex<f32>>, %p: memref<?xi64>, %s: memref<complex<f32>>, %l: memref<f32>) {
  linalgx.lu_slogdet ins(%lu, %p : memref<?x?xcomplex<f32>>, memref<?xi64>)
      outs(%s, %l : memref<complex<f32>>, memref<f32>)
  return
}
