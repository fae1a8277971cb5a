// `one_based` pivots on the GPU: every kernel family stores the pivot row
// plus one (no pass over the pivots afterwards), under its own kernel name;
// the vendor path keeps cuSOLVER's 1-based pivots as they are.
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu | FileCheck %s
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu="lu-cyclic-max-batch=100000 lu-panel-max-size=0" | FileCheck %s --check-prefix=CYCLIC
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu=lu-strategy=cusolver | FileCheck %s --check-prefix=VENDOR

// CHECK-LABEL: gpu.func @linalgx_lu_registers8_f32_i32_one_based
// CHECK:         %[[P:.+]] = arith.addi %{{.+}}, %c1_i32{{[_0-9]*}} : i32
// CHECK:         memref.store %[[P]], %{{.+}}[
// VENDOR-LABEL: gpu.func @linalgx_lu_from_column_major_f32_i32_one_based
// VENDOR-NOT:     arith.subi
// VENDOR:         gpu.return
func.func @registers(%a: memref<64x8x8xf32>, %p: memref<64x8xi32>, %i: memref<64xi32>) {
  linalgx.lu one_based ins(%a : memref<64x8x8xf32>)
      outs(%a, %p, %i : memref<64x8x8xf32>, memref<64x8xi32>, memref<64xi32>)
  return
}

// -----

// CHECK-LABEL: gpu.func @linalgx_lu_registers40x40_f32_i32_one_based
// CHECK:         %[[P:.+]] = arith.addi %{{.+}}, %c1_i32{{[_0-9]*}} : i32
// CHECK:         memref.store %[[P]], %{{.+}}[
// CYCLIC-LABEL: gpu.func @linalgx_lu_cyclic40x40_f32_i32_one_based
// CYCLIC:         %[[P:.+]] = arith.addi %{{.+}}, %c1_i32{{[_0-9]*}} : i32
// CYCLIC:         memref.store %[[P]], %{{.+}}[
func.func @block_registers(%a: memref<4096x40x40xf32>, %p: memref<4096x40xi32>, %i: memref<4096xi32>) {
  linalgx.lu one_based ins(%a : memref<4096x40x40xf32>)
      outs(%a, %p, %i : memref<4096x40x40xf32>, memref<4096x40xi32>, memref<4096xi32>)
  return
}

// -----

// CHECK-LABEL: gpu.func @linalgx_lu_panel75x75_f64_i64_one_based_permutation
// CHECK:         %[[P:.+]] = arith.addi %{{.+}}, %c1_i64{{[_0-9]*}} : i64
// CHECK:         memref.store %[[P]], %{{.+}}[
func.func @panel(%a: memref<1x75x75xf64>, %p: memref<1x75xi64>, %i: memref<1xi64>, %q: memref<1x75xi64>) {
  linalgx.lu one_based ins(%a : memref<1x75x75xf64>)
      outs(%a, %p, %i : memref<1x75x75xf64>, memref<1x75xi64>, memref<1xi64>)
      permutation(%q : memref<1x75xi64>)
  return
}

// -----

// CHECK-LABEL: gpu.func @linalgx_lu_generated_f32_i32_one_based
// CHECK:         %[[P:.+]] = arith.addi %{{.+}}, %c1_i32{{[_0-9]*}} : i32
// CHECK:         memref.store %[[P]], %{{.+}}[
func.func @shared_memory(%a: memref<2x160x160xf32>, %p: memref<2x160xi32>, %i: memref<2xi32>) {
  linalgx.lu one_based ins(%a : memref<2x160x160xf32>)
      outs(%a, %p, %i : memref<2x160x160xf32>, memref<2x160xi32>, memref<2xi32>)
  return
}

// -----

// The blocked LU's update kernel does not see the pivots: one kernel for
// both bases.
// CHECK-LABEL: gpu.func @linalgx_lu_blocked_panel_f32_i32_one_based
// CHECK:         %[[P:.+]] = arith.addi %{{.+}}, %c1_i32{{[_0-9]*}} : i32
// CHECK:         memref.store %[[P]], %{{.+}}[
// CHECK-LABEL: gpu.func @linalgx_lu_blocked_update_f32_i32(
func.func @blocked(%a: memref<2x300x300xf32>, %p: memref<2x300xi32>, %i: memref<2xi32>) {
  linalgx.lu one_based ins(%a : memref<2x300x300xf32>)
      outs(%a, %p, %i : memref<2x300x300xf32>, memref<2x300xi32>, memref<2xi32>)
  return
}
