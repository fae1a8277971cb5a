// linalgx.det and linalgx.slogdet on the GPU: matrices of at most 4 x 4 in
// one kernel that factors in registers and writes only the determinants (a
// thread per matrix, a copy of the body for each N so that the masks fold
// away); larger ones as linalgx.lu and linalgx.lu_det / lu_slogdet on
// stream-ordered device scratch (factors, pivots and info), freed after the
// determinants; dynamic sizes branch on the host.
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu | FileCheck %s

// CHECK-LABEL: func.func @small
// CHECK-NOT:     gpu.alloc
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_det_thread4_f32 blocks
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xf32>, %{{.+}} : memref<?xf32>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// CHECK:         gpu.func @linalgx_det_thread4_f32(
// CHECK-SAME:      known_block_size = array<i32: 128, 1, 1>
// CHECK:           scf.for
// CHECK:             scf.index_switch
// CHECK:             case 0 {
// CHECK:             case 4 {
// CHECK:             default {
// CHECK:           gpu.return
func.func @small(%a: memref<1000x3x3xf32>, %d: memref<1000xf32>) {
  linalgx.det ins(%a : memref<1000x3x3xf32>) outs(%d : memref<1000xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @large
// CHECK:         %[[FACTORS:.+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<8x20x20xcomplex<f32>>
// CHECK:         %[[PIVOTS:.+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<8x20xi32>
// CHECK:         %[[INFO:.+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<8xi32>
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_generated_cf32_i32 blocks
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_det_cf32_i32_warp blocks
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_det_cf32_i32 blocks
// CHECK:         gpu.dealloc async [%{{.+}}] %[[INFO]]
// CHECK:         gpu.dealloc async [%{{.+}}] %[[PIVOTS]]
// CHECK:         gpu.dealloc async [%{{.+}}] %[[FACTORS]]
func.func @large(%a: memref<8x20x20xcomplex<f32>>, %d: memref<8xcomplex<f32>>) {
  linalgx.det ins(%a : memref<8x20x20xcomplex<f32>>) outs(%d : memref<8xcomplex<f32>>)
  return
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[N:.+]] = memref.dim %{{.+}}, %c2
// CHECK:         %[[SMALL:.+]] = arith.cmpi ule, %[[N]], %c4
// CHECK:         scf.if %[[SMALL]] {
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_slogdet_thread4_f64 blocks
// CHECK-SAME:          args(%{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?xf64>, %{{.+}} : memref<?xf64>)
// CHECK:         } else {
// CHECK-COUNT-3:   gpu.alloc async
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_thread4_f64_i32 blocks
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_slogdet_f64_i32_warp blocks
// CHECK-COUNT-3:   gpu.dealloc async
func.func @dynamic(%a: memref<?x?x?xf64>, %s: memref<?xf64>, %l: memref<?xf64>) {
  linalgx.slogdet ins(%a : memref<?x?x?xf64>) outs(%s, %l : memref<?xf64>, memref<?xf64>)
  return
}

// -----

// The vendor strategies have no fused kernel: the lu takes cuSOLVER.
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu=lu-strategy=cusolver | FileCheck %s --check-prefix=VENDOR
// VENDOR-LABEL: func.func @vendor
// VENDOR-NOT:     linalgx_det_thread4
// VENDOR:         call @linalgxCudaGetrf
// VENDOR:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_det_f64_i32 blocks
func.func @vendor(%a: memref<16x3x3xf64>, %d: memref<16xf64>) {
  linalgx.det ins(%a : memref<16x3x3xf64>) outs(%d : memref<16xf64>)
  return
}
