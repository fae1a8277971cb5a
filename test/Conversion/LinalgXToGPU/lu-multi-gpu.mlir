// lu-strategy=cusolver-mg: a square matrix is copied into `lu` (unless it
// is `lu`) and factored in place by the runtime's linalgxCudaMgGetrf,
// row-major (layout 1), over the devices of lu-mg-devices (a private host
// constant) in tiles of lu-mg-block-size columns, one synchronous call per
// matrix of the batch; a kernel then turns its 1-based int32 pivots and info
// into the op's, and the permutation kernel writes a fused permutation.
// Matrices a dynamic shape leaves unknown take cuSOLVER's getrf when they
// are not square; bad options are errors naming the option.
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu="lu-strategy=cusolver-mg lu-mg-devices=1,0,3 lu-mg-block-size=64" | FileCheck %s
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu="lu-strategy=cusolver-mg" | FileCheck %s --check-prefix=DEFAULT
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu="lu-strategy=cusolver-mg lu-mg-devices=0,1,0" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu="lu-strategy=cusolver-mg lu-mg-devices=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu="lu-strategy=cusolver-mg lu-mg-block-size=0" 2>&1 | FileCheck %s --check-prefix=BLOCK

// TWICE: error: lu-mg-devices: device 0 appears twice; each device holds one share of a matrix
// NEGATIVE: error: lu-mg-devices: device ids are at least 0, got -1
// BLOCK: error: lu-mg-block-size must be 1 to 2^31 - 1, got 0

// CHECK:       memref.global "private" constant @linalgx_mg_devices_1_0_3 : memref<3xi32> = dense<[1, 0, 3]>
// CHECK-LABEL: func.func @square
// CHECK-NOT:     linalgx_transpose
// CHECK:         gpu.memcpy async
// CHECK:         %[[DEVICES:.+]] = memref.get_global @linalgx_mg_devices_1_0_3 : memref<3xi32>
// CHECK:         scf.for
// CHECK:           func.call @linalgxCudaMgGetrf(%c1_i32, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %c1_i32{{(_[0-9]+)?}}, %{{.+}}, %c3_i32, %c64_i64)
// CHECK:         }
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_pivots_from_vendor_i32 blocks
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32
// CHECK:         func.func private @linalgxCudaMgGetrf(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i32, i64)
// DEFAULT-LABEL: func.func @square
// DEFAULT:         memref.get_global @linalgx_mg_devices_0 : memref<1xi32>
// DEFAULT:         func.call @linalgxCudaMgGetrf(%c1_i32, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %c1_i32{{(_[0-9]+)?}}, %{{.+}}, %c1_i32{{(_[0-9]+)?}}, %c256_i64)
func.func @square(%a: memref<2x4x4xf64>, %lu: memref<2x4x4xf64>, %piv: memref<2x4xi32>, %info: memref<2xi32>, %perm: memref<2x4xi32>) {
  linalgx.lu ins(%a : memref<2x4x4xf64>) outs(%lu, %piv, %info : memref<2x4x4xf64>, memref<2x4xi32>, memref<2xi32>) permutation(%perm : memref<2x4xi32>)
  return
}

// -----

// A dynamic shape: cuSOLVERMg where the matrices are square, cuSOLVER's
// getrf (transposed in and out) where they are not; 1-based i64 pivots.
// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[SQUARE:.+]] = arith.cmpi eq, %{{.+}}, %{{.+}} : index
// CHECK:         scf.if %[[SQUARE]] {
// CHECK:           scf.for
// CHECK:             func.call @linalgxCudaMgGetrf(%c2_i32,
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_pivots_from_vendor_i64_one_based
// CHECK:         } else {
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_transpose_cf32
// CHECK:           call @linalgxCudaGetrf(
// CHECK:         }
func.func @dynamic(%a: memref<?x?xcomplex<f32>>, %piv: memref<?xi64>, %info: memref<i64>) {
  linalgx.lu one_based ins(%a : memref<?x?xcomplex<f32>>) outs(%a, %piv, %info : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<i64>)
  return
}

// -----

// Rectangular matrices: cuSOLVER's getrf only.
// CHECK-LABEL: func.func @wide
// CHECK-NOT:     linalgxCudaMgGetrf
// CHECK:         call @linalgxCudaGetrf(
func.func @wide(%a: memref<3x5xf32>, %piv: memref<3xi32>, %info: memref<i32>) {
  linalgx.lu ins(%a : memref<3x5xf32>) outs(%a, %piv, %info : memref<3x5xf32>, memref<3xi32>, memref<i32>)
  return
}
