// Found by linalgx-fuzz (fuzz/README.md): integer attributes of the JAX
// custom calls wider than 64 bits. convert-jax-to-linalgx read every entry
// of `indices_of_shape_operands` and of `operand_layouts`/`result_layouts`
// with APInt::getSExtValue(), which asserts on values that do not fit in
// int64_t and, in a release build, keeps only the low 64 bits: an index of
// 2^70 + 1 read as 1 and a layout entry of 2^64 as 0, so malformed calls were
// imported as if they were well formed. Such entries are now rejected with
// the call's location, like any other malformed form.
// RUN: linalgx-opt %s --allow-unregistered-dialect -split-input-file \
// RUN:   -verify-diagnostics --convert-jax-to-linalgx

func.func @f(%a: tensor<4x3x3xf64>, %s: tensor<3xi32>, %t: tensor<2xi32>, %u: tensor<1xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: indices_of_shape_operands[0] = 1180591620717411303425 is not a distinct shape operand index in [1, 4)}}
  %0:3 = "stablehlo.custom_call"(%a, %s, %t, %u) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1180591620717411303425, 2, 3]> : tensor<3xi128>, mhlo.backend_config = {}} : (tensor<4x3x3xf64>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// 2^64 in a layout: its low 64 bits are the expected 0.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: operand_layouts[0] (matrix) is dense<[1, 2, 18446744073709551616]> : tensor<3xi128>, expected [1, 2, 0]}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 18446744073709551616]> : tensor<3xi128>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// A result layout too.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: result_layouts[1] (pivots) is dense<[18446744073709551617, 0]> : tensor<2xi128>, expected [1, 0]}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[18446744073709551617, 0]> : tensor<2xi128>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// Wide entries that fit are read as their values: this call is well formed.
func.func @f(%a: tensor<4x3x3xf64>) -> tensor<4x3x3xf64> {
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xi128>], result_layouts = [dense<[1, 2, 0]> : tensor<3xi128>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return %0#0 : tensor<4x3x3xf64>
}
