// convert-linalgx-to-iree-cuda: an op that linalgx compiles into one kernel
// becomes IREE's hal.dispatch.extern of that kernel (its PTX embedded, its
// launch shape as the dispatch's workgroup count, size and shared memory);
// the others stay, with a warning saying why. The PTX itself is checked by
// python/tests/test_linalgx_import_jax.py, which also compiles the result
// with IREE. No ptxas is needed: the kernels are PTX text.
// RUN: linalgx-opt %s --allow-unregistered-dialect --convert-linalgx-to-iree-cuda --split-input-file --verify-diagnostics | FileCheck %s --dump-input=never

// CHECK-LABEL: func.func @lu_batched
//       CHECK:   %[[R:.*]]:4 = "hal.dispatch.extern"(%arg0) ({
//       CHECK:   ^bb0(%{{.*}}: !hal.device):
//   CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
//   CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
//       CHECK:     "hal.return"(%[[C64]], %[[C1]], %[[C1]])
//       CHECK:   }, {
//       CHECK:   }) {export_name = "linalgx_lu_panel75x75_f64_i32_permutation",
//  CHECK-SAME:   layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
//  CHECK-SAME:   operandSegmentSizes = array<i32: 0, 1, 0, 0>
//  CHECK-SAME:   target_objects = {{\[\[}}#hal.executable.object<{data = dense<"0x{{[0-9A-F]+}}"> : vector<{{[0-9]+}}xi8>}>]]
//  CHECK-SAME:   target_ordinals = [0 : index]
//  CHECK-SAME:   targets = [#hal.executable.target<"cuda", "cuda-nvptx-fb">]
//  CHECK-SAME:   workgroup_local_memory = 45968 : index
//  CHECK-SAME:   workgroup_size = [32 : index, 4 : index, 1 : index]}
//  CHECK-SAME:   : (tensor<64x75x75xf64>) -> (tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>, tensor<64x75xi32>)
//       CHECK:   return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3
func.func @lu_batched(%a: tensor<64x75x75xf64>) -> (tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>, tensor<64x75xi32>) {
  %0 = tensor.empty() : tensor<64x75x75xf64>
  %1 = tensor.empty() : tensor<64x75xi32>
  %2 = tensor.empty() : tensor<64xi32>
  %3 = tensor.empty() : tensor<64x75xi32>
  %r:4 = linalgx.lu ins(%a : tensor<64x75x75xf64>) outs(%0, %1, %2 : tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>) permutation(%3 : tensor<64x75xi32>) -> tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>, tensor<64x75xi32>
  return %r#0, %r#1, %r#2, %r#3 : tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>, tensor<64x75xi32>
}

// -----

// The warp register kernel, 4 warps a block, 16 matrices a warp-pair; no
// dynamic shared memory.
// CHECK-LABEL: func.func @lu_small
//       CHECK:   "hal.dispatch.extern"(%arg0)
//       CHECK:   export_name = "linalgx_lu_registers16_f32_i32"
//  CHECK-SAME:   bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]
//  CHECK-SAME:   workgroup_local_memory = 0 : index
//  CHECK-SAME:   workgroup_size = [32 : index, 4 : index, 1 : index]
func.func @lu_small(%a: tensor<8x16x16xf32>) -> (tensor<8x16x16xf32>, tensor<8x16xi32>, tensor<8xi32>) {
  %0 = tensor.empty() : tensor<8x16x16xf32>
  %1 = tensor.empty() : tensor<8x16xi32>
  %2 = tensor.empty() : tensor<8xi32>
  %r:3 = linalgx.lu ins(%a : tensor<8x16x16xf32>) outs(%0, %1, %2 : tensor<8x16x16xf32>, tensor<8x16xi32>, tensor<8xi32>) -> tensor<8x16x16xf32>, tensor<8x16xi32>, tensor<8xi32>
  return %r#0, %r#1, %r#2 : tensor<8x16x16xf32>, tensor<8x16xi32>, tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func @permutation
//       CHECK:   "hal.dispatch.extern"(%arg0)
//       CHECK:   export_name = "linalgx_pivots_to_permutation_i32"
//  CHECK-SAME:   workgroup_size = [256 : index, 1 : index, 1 : index]
//  CHECK-SAME:   : (tensor<6x20xi32>) -> tensor<6x23xi32>
func.func @permutation(%p: tensor<6x20xi32>) -> tensor<6x23xi32> {
  %0 = tensor.empty() : tensor<6x23xi32>
  %1 = linalgx.pivots_to_permutation ins(%p : tensor<6x20xi32>) outs(%0 : tensor<6x23xi32>) -> tensor<6x23xi32>
  return %1 : tensor<6x23xi32>
}

// -----

// Left, with the reason: a dynamic shape, and a size the GPU lowering gives
// to the blocked LU (several launches and a workspace).
// CHECK-LABEL: func.func @not_one_kernel
//       CHECK:   linalgx.lu ins(%arg0 : tensor<?x75x75xf64>)
//       CHECK:   linalgx.lu ins(%arg1 : tensor<2048x2048xf32>)
//   CHECK-NOT:   hal.dispatch.extern
func.func @not_one_kernel(%a: tensor<?x75x75xf64>, %b: tensor<2048x2048xf32>, %lu: tensor<?x75x75xf64>, %piv: tensor<?x75xi32>, %info: tensor<?xi32>) -> (tensor<?x75x75xf64>, tensor<2048x2048xf32>) {
  // expected-warning @+1 {{not turned into an IREE dispatch of a linalgx kernel: its shapes are not static}}
  %r:3 = linalgx.lu ins(%a : tensor<?x75x75xf64>) outs(%lu, %piv, %info : tensor<?x75x75xf64>, tensor<?x75xi32>, tensor<?xi32>) -> tensor<?x75x75xf64>, tensor<?x75xi32>, tensor<?xi32>
  %0 = tensor.empty() : tensor<2048x2048xf32>
  %1 = tensor.empty() : tensor<2048xi32>
  %2 = tensor.empty() : tensor<i32>
  // expected-warning @+1 {{not turned into an IREE dispatch of a linalgx kernel: its GPU lowering is not a single kernel launch (it has 'gpu.alloc')}}
  %s:3 = linalgx.lu ins(%b : tensor<2048x2048xf32>) outs(%0, %1, %2 : tensor<2048x2048xf32>, tensor<2048xi32>, tensor<i32>) -> tensor<2048x2048xf32>, tensor<2048xi32>, tensor<i32>
  return %r#0, %s#0 : tensor<?x75x75xf64>, tensor<2048x2048xf32>
}
