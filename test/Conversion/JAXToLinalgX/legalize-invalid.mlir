// StableHLO that linalgx's JAX import does not lower is reported at each
// operation, naming it, and the pass fails (it is an import of JAX's LU
// exports, not a StableHLO compiler).
// RUN: linalgx-opt %s --allow-unregistered-dialect -split-input-file \
// RUN:   -verify-diagnostics --linalgx-legalize-jax-stablehlo

func.func @sine_and_dot(%a: tensor<4x4xf64>) -> tensor<4x4xf64> {
  // expected-error @+1 {{'stablehlo.sine' is not one of the StableHLO operations linalgx's JAX import lowers}}
  %0 = "stablehlo.sine"(%a) : (tensor<4x4xf64>) -> tensor<4x4xf64>
  // expected-error @+1 {{'stablehlo.dot_general' is not one of the StableHLO operations}}
  %1 = "stablehlo.dot_general"(%0, %a) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
  return %1 : tensor<4x4xf64>
}

// -----

func.func @other_custom_call(%a: tensor<4x4xf64>) -> tensor<4x4xf64> {
  // expected-error @+1 {{this custom call targets @lapack_dpotrf_ffi}}
  %0 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_dpotrf_ffi"}> : (tensor<4x4xf64>) -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}

// -----

// A loop that looks like JAX's permutation loop but runs fewer than K steps
// is not taken for one.
func.func @short_loop(%pivots: tensor<6xi32>) -> tensor<6xi32> {
  %zero = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
  %three = "stablehlo.constant"() <{value = dense<3> : tensor<i64>}> : () -> tensor<i64>
  %iota = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<6xi32>
  // expected-error @+1 {{'stablehlo.while' is not one of the StableHLO operations}}
  %0:4 = "stablehlo.while"(%pivots, %zero, %zero, %iota) ({
  ^bb0(%p: tensor<6xi32>, %i: tensor<i64>, %j: tensor<i64>, %perm: tensor<6xi32>):
    %lt = "stablehlo.compare"(%i, %three) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<6xi32>, %i: tensor<i64>, %j: tensor<i64>, %perm: tensor<6xi32>):
    "stablehlo.return"(%p, %i, %j, %perm) : (tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>) -> ()
  }) : (tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>) -> (tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>)
  return %0#3 : tensor<6xi32>
}
