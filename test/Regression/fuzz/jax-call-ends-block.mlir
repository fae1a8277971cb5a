// Found by linalgx-fuzz (fuzz/README.md, run 8, 2026-11-30; the invalid-IR
// oracle): a JAX custom call that is the last op of a function body. With
// unregistered dialects allowed the input verifies (an unregistered op may be
// a terminator), and convert-jax-to-linalgx replaced the call with linalgx
// ops, leaving a func.func body without a terminator: the pass "succeeded"
// and left invalid IR. Such a call is now rejected with its location, like
// any other form JAX would not produce; a call before the terminator, as
// JAX writes it, still imports.
// RUN: linalgx-opt %s --allow-unregistered-dialect -split-input-file \
// RUN:   -verify-diagnostics --convert-jax-to-linalgx

func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: it ends its block, where 'func.func' needs a terminator (JAX places its custom calls before the block's terminator)}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
}

// -----

// JAX's form, the call before the return, imports without a diagnostic.
func.func @g(%a: tensor<4x3x3xf64>) -> tensor<4x3xi32> {
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return %0#1 : tensor<4x3xi32>
}
