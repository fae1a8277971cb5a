// lu-exact-sizes gives dynamically shaped LUs the kernels of the named
// static sizes, behind a run-time test that M and N both equal the size,
// before the size buckets: 75 gets the panel kernel of a 75x75 static shape
// (every batch, 75 being at least lu-panel-any-batch-min-size; with that
// option above 75, small batches, and the block register kernel of that size
// the others); the bucket kernels remain for every other size. A static
// shape of the same size shares the kernel. A bucket size (64) gets the
// exact panel kernel and no block register kernel (the panel kernel takes
// every batch of its sizes). Sizes must be positive.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-exact-sizes=75" | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-exact-sizes=75 lu-panel-any-batch-min-size=129" | FileCheck %s --check-prefix=SMALL
// RUN: linalgx-opt %s -convert-linalgx-to-gpu | FileCheck %s --check-prefix=NONE
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-exact-sizes=64" | FileCheck %s --check-prefix=BUCKET
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu="lu-exact-sizes=75,0" 2>&1 | FileCheck %s --check-prefix=ZERO

// CHECK-LABEL: func.func @dynamic
// CHECK:       gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_registers16_f64_i32
// CHECK:       %[[M:.+]] = memref.dim %{{.+}}, %c1
// CHECK:       %[[N:.+]] = memref.dim %{{.+}}, %c2
// CHECK:       %[[C75:.+]] = arith.constant 75 : index
// CHECK:       %[[ISM:.+]] = arith.cmpi eq, %[[M]], %[[C75]] : index
// CHECK:       %[[ISN:.+]] = arith.cmpi eq, %[[N]], %[[C75]] : index
// CHECK:       arith.andi %[[ISM]], %[[ISN]]
// CHECK:       gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel75x75_f64_i32
// CHECK-NOT:   linalgx_lu_registers75x75_f64_i32
// CHECK:       gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel_upto80x80_f64_i32
// SMALL-LABEL: func.func @dynamic
// SMALL:       gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel75x75_f64_i32
// SMALL:       gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_registers75x75_f64_i32
// SMALL:       gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel_upto80x80_f64_i32
// CHECK-LABEL: func.func @static
// CHECK:       gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel75x75_f64_i32
// CHECK-NOT:   gpu.func @linalgx_lu_panel75x75_f64_i32_1
// NONE-LABEL:  func.func @dynamic
// NONE-NOT:    linalgx_lu_panel75x75_f64_i32
// NONE:        gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel_upto80x80_f64_i32
// NONE-LABEL:  func.func @static
// NONE:        gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel75x75_f64_i32
// BUCKET-LABEL: func.func @dynamic
// BUCKET:       gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel64x64_f64_i32
// BUCKET-NOT:   linalgx_lu_registers64x64_f64_i32
// BUCKET-LABEL: func.func @static
// ZERO: error: lu-exact-sizes must be positive sizes, got 0
func.func @dynamic(%a: memref<?x?x?xf64>, %p: memref<?x?xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x?x?xf64>) outs(%a, %p, %i : memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>)
  return
}
func.func @static(%a: memref<2x75x75xf64>, %p: memref<2x75xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x75x75xf64>) outs(%a, %p, %i : memref<2x75x75xf64>, memref<2x75xi32>, memref<2xi32>)
  return
}
