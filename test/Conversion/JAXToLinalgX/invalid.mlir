// JAX LU custom calls in a form JAX does not produce are reported at their
// location with what is wrong and what was expected, and the pass fails
// (nothing is rewritten rather than something guessed).
// RUN: linalgx-opt %s --allow-unregistered-dialect -split-input-file \
// RUN:   -verify-diagnostics --convert-jax-to-linalgx

// A row-major matrix: the kernel would factor the transpose.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: operand_layouts[0] (matrix) is [2, 1, 0], expected [1, 2, 0] (minor to major: the column-major matrices that cusolver_getrf_ffi reads)}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[2, 1, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// The factors written back row-major.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: result_layouts[0] (lu) is [2, 1, 0], expected [1, 2, 0] (minor to major: the column-major matrices that cusolver_getrf_ffi reads)}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[2, 1, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// Pivots in a transposed layout.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: result_layouts[1] (pivots) is [0, 1], expected [1, 0] (minor to major: row-major)}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// A layout that is not a list of dimensions.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: operand_layouts[0] (matrix) is "column-major", expected [1, 2, 0]}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = ["column-major"], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// Layouts missing.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: missing operand_layouts (JAX always gives them; the kernel's reading of the buffers depends on them)}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// One layout too few.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected 3 entries in result_layouts, found 2}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// num_batch_dims that does not match the rank.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: num_batch_dims = "2" does not match operand 0 of rank 3 (expected "1": the operand is [batch..., M, N])}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.frontend_attributes = {num_batch_dims = "2"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// num_batch_dims that is not a number.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: num_batch_dims = "one" does not match operand 0 of rank 3 (expected "1"}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.frontend_attributes = {num_batch_dims = "one"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// num_batch_dims as an integer instead of a string.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: num_batch_dims = 1 : i64 does not match operand 0 of rank 3}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.frontend_attributes = {num_batch_dims = 1}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// num_batch_dims missing (JAX omits it only in the shape-polymorphic form).
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: missing mhlo.frontend_attributes = {num_batch_dims = "1"}}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// The wrong number of results.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected 3 results (lu, pivots, info), found 2}}
  %0:2 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>)
  return
}

// -----

// 64-bit pivots (JAX's kernels write int32).
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected result 1 (1-based pivots) of type tensor<4x3xi32>, found tensor<4x3xi64>}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi64>, tensor<4xi32>)
  return
}

// -----

// K != min(M, N).
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected result 1 (1-based pivots) of type tensor<4x3xi32>, found tensor<4x2xi32>}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x2xi32>, tensor<4xi32>)
  return
}

// -----

// info without the batch.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected result 2 (info) of type tensor<4xi32>, found tensor<i32>}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<i32>)
  return
}

// -----

// The LAPACK type prefix disagrees with the element type.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @lapack_sgetrf_ffi: call target lapack_sgetrf_ffi is for f32 matrices, found tensor<4x3x3xf64>}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_sgetrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// An element type getrf does not take.
func.func @f(%a: tensor<4x3x3xf16>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected an f32, f64, complex<f32> or complex<f64> matrix, found tensor<4x3x3xf16>}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf16>) -> (tensor<4x3x3xf16>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// A vector is not a batch of matrices.
func.func @f(%a: tensor<3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected operand 0 to be a ranked tensor of rank >= 2 ([batch..., M, N]), found tensor<3xf64>}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<3xf64>) -> (tensor<3xf64>, tensor<3xi32>, tensor<i32>)
  return
}

// -----

// FFI attributes the getrf kernels do not take.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: unexpected entry 'transpose' in mhlo.backend_config (cusolver_getrf_ffi takes no attributes)}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {transpose = true}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// The legacy (opaque descriptor) API.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected the typed-FFI custom call (api_version = 4), found api_version = 2 : i32}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], api_version = 2 : i32}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// An opaque backend config string.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: unexpected backend_config "descriptor"}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], backend_config = "descriptor"}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// Called computations.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected no called_computations, found [@g]}}
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], called_computations = [@g]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// An extra operand outside the shape-polymorphic form.
func.func @f(%a: tensor<4x3x3xf64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: expected 1 operand, found 2 (and no indices_of_shape_operands)}}
  %0:3 = "stablehlo.custom_call"(%a, %a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>, tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// Shape operands that are not one per result.
func.func @f(%a: tensor<4x3x3xf64>, %s: tensor<3xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: indices_of_shape_operands must name one shape operand per result after the matrix (expected 4 operands)}}
  %0:3 = "stablehlo.custom_call"(%a, %s) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1]> : tensor<1xi64>, mhlo.backend_config = {}} : (tensor<4x3x3xf64>, tensor<3xi32>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// A shape operand index that names the matrix.
func.func @f(%a: tensor<4x3x3xf64>, %s: tensor<3xi32>, %t: tensor<2xi32>, %u: tensor<1xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @cusolver_getrf_ffi: indices_of_shape_operands[0] = 0 is not a distinct shape operand index in [1, 4)}}
  %0:3 = "stablehlo.custom_call"(%a, %s, %t, %u) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[0, 2, 3]> : tensor<3xi64>, mhlo.backend_config = {}} : (tensor<4x3x3xf64>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}

// -----

// Permutation: N < K.
func.func @f(%p: tensor<4x3xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @cu_lu_pivots_to_permutation: the permutation size 2 is smaller than the number of pivots 3}}
  %0 = "stablehlo.custom_call"(%p) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3xi32>) -> tensor<4x2xi32>
  return
}

// -----

// Permutation: a batch that differs from the pivots'.
func.func @f(%p: tensor<4x3xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @cu_lu_pivots_to_permutation: expected the permutation of type tensor<4x?xi32> (the pivots' batch dimensions, then N), found tensor<5x3xi32>}}
  %0 = "stablehlo.custom_call"(%p) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3xi32>) -> tensor<5x3xi32>
  return
}

// -----

// Permutation: 64-bit pivots.
func.func @f(%p: tensor<4x3xi64>) {
  // expected-error @+1 {{cannot import JAX's custom call @cu_lu_pivots_to_permutation: expected i32 pivots, found tensor<4x3xi64>}}
  %0 = "stablehlo.custom_call"(%p) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3xi64>) -> tensor<4x3xi64>
  return
}

// -----

// Permutation: a dynamic size with nothing to read it from.
func.func @f(%p: tensor<4x3xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @cu_lu_pivots_to_permutation: a dynamic permutation size needs the shape operand of JAX's shape-polymorphic form (indices_of_shape_operands)}}
  %0 = "stablehlo.custom_call"(%p) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3xi32>) -> tensor<4x?xi32>
  return
}

// -----

// Permutation: a permutation_size attribute that disagrees with the result.
func.func @f(%p: tensor<4x3xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @cu_lu_pivots_to_permutation: mhlo.backend_config permutation_size = 5 : i32 does not match the permutation's last dimension}}
  %0 = "stablehlo.custom_call"(%p) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {permutation_size = 5 : i32}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3xi32>) -> tensor<4x3xi32>
  return
}

// -----

// Permutation: column-major pivots.
func.func @f(%p: tensor<4x3xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @cu_lu_pivots_to_permutation: operand_layouts[0] (pivots) is [0, 1], expected [1, 0] (minor to major: row-major)}}
  %0 = "stablehlo.custom_call"(%p) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3xi32>) -> tensor<4x3xi32>
  return
}

// -----

// Permutation: num_batch_dims counts the vector dimension.
func.func @f(%p: tensor<4x3xi32>) {
  // expected-error @+1 {{cannot import JAX's custom call @hip_lu_pivots_to_permutation: num_batch_dims = "2" does not match operand 0 of rank 2 (expected "1": the operand is [batch..., K])}}
  %0 = "stablehlo.custom_call"(%p) <{call_target_name = "hip_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "2"}} : (tensor<4x3xi32>) -> tensor<4x3xi32>
  return
}

// -----

// A triangular solve that is not half of lu_solve's pair: its result is
// used elsewhere too.
func.func @f(%lu: tensor<4x4xf64>, %b: tensor<4x1xf64>) -> (tensor<4x1xf64>, tensor<4x1xf64>) {
  // expected-error @+1 {{cannot import 'stablehlo.triangular_solve': only the two triangular solves of jax.lax.linalg.lu_solve (L·Y = P·B, then U·X = Y with the same factors) become linalgx.lu_solve}}
  %y = "stablehlo.triangular_solve"(%lu, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true}> : (tensor<4x4xf64>, tensor<4x1xf64>) -> tensor<4x1xf64>
  // expected-error @+1 {{cannot import 'stablehlo.triangular_solve': only the two triangular solves}}
  %x = "stablehlo.triangular_solve"(%lu, %y) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf64>, tensor<4x1xf64>) -> tensor<4x1xf64>
  return %x, %y : tensor<4x1xf64>, tensor<4x1xf64>
}

// -----

// Aᵀ: JAX's lu_solve with trans = 1 is not imported yet.
func.func @f(%lu: tensor<4x4xf32>, %b: tensor<4x1xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{cannot import JAX's custom call @lapack_strsm_ffi: expected a left-side solve with the untransposed factors}}
  %y = "stablehlo.custom_call"(%lu, %b) <{call_target_name = "lapack_strsm_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]}> {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  return %y : tensor<4x1xf32>
}
