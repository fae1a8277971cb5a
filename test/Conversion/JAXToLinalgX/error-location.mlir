// Every malformed call is reported at its own location (file:line:col), the
// pass fails, and nothing is printed: a module is imported whole or not at
// all.
// RUN: not linalgx-opt %s --allow-unregistered-dialect --convert-jax-to-linalgx 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=linalgx.lu

func.func @two_bad_calls(%a: tensor<75x75xf64>, %p: tensor<75xi32>) {
  // A valid call: not rewritten either, since the pass fails.
  %ok:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_dgetrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<75x75xf64>) -> (tensor<75x75xf64>, tensor<75xi32>, tensor<i32>)
  // CHECK: error-location.mlir:[[# @LINE + 1]]:13: error: cannot import JAX's custom call @lapack_dgetrf_ffi: num_batch_dims = "1" does not match operand 0 of rank 2 (expected "0": the operand is [batch..., M, N])
  %bad1:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_dgetrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<75x75xf64>) -> (tensor<75x75xf64>, tensor<75xi32>, tensor<i32>)
  // CHECK: error-location.mlir:[[# @LINE + 1]]:11: error: cannot import JAX's custom call @cu_lu_pivots_to_permutation: operand_layouts[0] (pivots) is [1], expected [0] (minor to major: row-major)
  %bad2 = "stablehlo.custom_call"(%p) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<1> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<75xi32>) -> tensor<75xi32>
  return
}
// CHECK-NOT: Stack dump
