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

// -----

// Malformed operations the import otherwise takes (found by linalgx-fuzz:
// they once became linalg.generic ops that do not verify). The generic form
// is read without StableHLO's verifier, so the import checks what it uses.
func.func @repeated_broadcast_dimension(%a: tensor<8x1x1xi1>) -> tensor<8x16x16xi1> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.broadcast_in_dim'}}
  // expected-note @+1 {{not ones StableHLO allows for it}}
  %0 = "stablehlo.broadcast_in_dim"(%a) <{broadcast_dimensions = array<i64: 2, 1, 2>}> : (tensor<8x1x1xi1>) -> tensor<8x16x16xi1>
  return %0 : tensor<8x16x16xi1>
}

// -----

func.func @broadcast_size_mismatch(%a: tensor<3xf32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.broadcast_in_dim'}}
  // expected-note @+1 {{not ones StableHLO allows for it}}
  %0 = "stablehlo.broadcast_in_dim"(%a) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @maximum_of_another_type(%a: tensor<8xi32>) -> tensor<8xi1> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.maximum'}}
  // expected-note @+1 {{not ones StableHLO allows for it}}
  %0 = "stablehlo.maximum"(%a, %a) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
  return %0 : tensor<8xi1>
}

// -----

func.func @select_of_mixed_types(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.select'}}
  // expected-note @+1 {{not ones StableHLO allows for it}}
  %0 = "stablehlo.select"(%p, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_of_other_shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.add'}}
  // expected-note @+1 {{not ones StableHLO allows for it}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A reduction JAX's determinants do not write: a sum of squares.
func.func @sum_of_squares(%d: tensor<8x5xf64>, %zero: tensor<f64>) -> tensor<8xf64> {
  // expected-error @+1 {{'stablehlo.reduce' is lowered only with a body that is one add, multiply, and, or, minimum or maximum of its two arguments}}
  %0 = "stablehlo.reduce"(%d, %zero) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %p = "stablehlo.multiply"(%a, %a) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %s = "stablehlo.add"(%p, %b) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "stablehlo.return"(%s) : (tensor<f64>) -> ()
  }) : (tensor<8x5xf64>, tensor<f64>) -> tensor<8xf64>
  return %0 : tensor<8xf64>
}
