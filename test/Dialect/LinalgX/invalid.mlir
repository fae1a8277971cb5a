// Every verifier rule of the linalgx ops rejects
// a malformed use with a message naming the operand, the expected and the
// actual type; plus the ODS-level constraints on operand and result kinds.
// RUN: linalgx-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// linalgx.lu
//===----------------------------------------------------------------------===//

// Input of rank 1: there is no matrix.
func.func @lu_input_rank1(%a: memref<4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'input' must have rank >= 2 (shape [B..., M, N]), but got 'memref<4xf64>'}}
  linalgx.lu ins(%a : memref<4xf64>) outs(%a, %p, %i : memref<4xf64>, memref<4xi32>, memref<i32>)
  return
}

// -----

// Input of rank 0.
func.func @lu_input_rank0(%a: tensor<f64>, %p: tensor<1xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'input' must have rank >= 2 (shape [B..., M, N]), but got 'tensor<f64>'}}
  %0:3 = linalgx.lu ins(%a : tensor<f64>) outs(%a, %p, %i : tensor<f64>, tensor<1xi32>, tensor<i32>) -> tensor<f64>, tensor<1xi32>, tensor<i32>
  return
}

// -----

// Integer matrices are not factorized.
func.func @lu_input_i32(%a: memref<3x3xi32>, %p: memref<3xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'input' must have element type f32, f64, complex<f32> or complex<f64>, but got 'memref<3x3xi32>'}}
  linalgx.lu ins(%a : memref<3x3xi32>) outs(%a, %p, %i : memref<3x3xi32>, memref<3xi32>, memref<i32>)
  return
}

// -----

// Half precision is not supported.
func.func @lu_input_f16(%a: tensor<3x3xf16>, %l: tensor<3x3xf16>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'input' must have element type f32, f64, complex<f32> or complex<f64>, but got 'tensor<3x3xf16>'}}
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf16>) outs(%l, %p, %i : tensor<3x3xf16>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf16>, tensor<3xi32>, tensor<i32>
  return
}

// -----

// Nor is complex half precision.
func.func @lu_input_c16(%a: memref<2x2xcomplex<f16>>, %p: memref<2xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'input' must have element type f32, f64, complex<f32> or complex<f64>, but got 'memref<2x2xcomplex<f16>>'}}
  linalgx.lu ins(%a : memref<2x2xcomplex<f16>>) outs(%a, %p, %i : memref<2x2xcomplex<f16>>, memref<2xi32>, memref<i32>)
  return
}

// -----

// bf16 is a float type, but not one of the four.
func.func @lu_input_bf16(%a: memref<2x2xbf16>, %p: memref<2xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'input' must have element type f32, f64, complex<f32> or complex<f64>, but got 'memref<2x2xbf16>'}}
  linalgx.lu ins(%a : memref<2x2xbf16>) outs(%a, %p, %i : memref<2x2xbf16>, memref<2xi32>, memref<i32>)
  return
}

// -----

// 'lu' must have the shape of 'input'.
func.func @lu_lu_shape(%a: memref<4x3xf64>, %l: memref<3x4xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'lu' must have the shape and element type of 'input', expected shape [4, 3] of 'f64', but got 'memref<3x4xf64>'}}
  linalgx.lu ins(%a : memref<4x3xf64>) outs(%l, %p, %i : memref<3x4xf64>, memref<3xi32>, memref<i32>)
  return
}

// -----

// 'lu' must have the rank of 'input' (a batch dimension is missing).
func.func @lu_lu_rank(%a: tensor<2x3x3xf32>, %l: tensor<3x3xf32>, %p: tensor<2x3xi32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{'linalgx.lu' op 'lu' must have the shape and element type of 'input', expected shape [2, 3, 3] of 'f32', but got 'tensor<3x3xf32>'}}
  %0:3 = linalgx.lu ins(%a : tensor<2x3x3xf32>) outs(%l, %p, %i : tensor<3x3xf32>, tensor<2x3xi32>, tensor<2xi32>) -> tensor<3x3xf32>, tensor<2x3xi32>, tensor<2xi32>
  return
}

// -----

// A dynamic 'lu' size is compatible, but a different static one is not.
func.func @lu_lu_shape_dynamic(%a: memref<?x3xf64>, %l: memref<?x4xf64>, %p: memref<?xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'lu' must have the shape and element type of 'input', expected shape [?, 3] of 'f64', but got 'memref<?x4xf64>'}}
  linalgx.lu ins(%a : memref<?x3xf64>) outs(%l, %p, %i : memref<?x4xf64>, memref<?xi32>, memref<i32>)
  return
}

// -----

// 'lu' must have the element type of 'input'.
func.func @lu_lu_element_type(%a: memref<3x3xf64>, %l: memref<3x3xf32>, %p: memref<3xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'lu' must have the shape and element type of 'input', expected shape [3, 3] of 'f64', but got 'memref<3x3xf32>'}}
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%l, %p, %i : memref<3x3xf32>, memref<3xi32>, memref<i32>)
  return
}

// -----

// Real input, complex 'lu'.
func.func @lu_lu_element_type_complex(%a: tensor<2x2xf32>, %l: tensor<2x2xcomplex<f32>>, %p: tensor<2xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'lu' must have the shape and element type of 'input', expected shape [2, 2] of 'f32', but got 'tensor<2x2xcomplex<f32>>'}}
  %0:3 = linalgx.lu ins(%a : tensor<2x2xf32>) outs(%l, %p, %i : tensor<2x2xcomplex<f32>>, tensor<2xi32>, tensor<i32>) -> tensor<2x2xcomplex<f32>>, tensor<2xi32>, tensor<i32>
  return
}

// -----

// Pivots K must be min(M, N) = 3 for a 4x3 matrix, not M.
func.func @lu_pivots_k_tall(%a: memref<4x3xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have shape [B..., K] = [3] with K = min(M, N), but got 'memref<4xi32>'}}
  linalgx.lu ins(%a : memref<4x3xf64>) outs(%a, %p, %i : memref<4x3xf64>, memref<4xi32>, memref<i32>)
  return
}

// -----

// Pivots K must be min(M, N) = 2 for a 2x5 matrix, not N.
func.func @lu_pivots_k_wide(%a: tensor<2x5xf32>, %l: tensor<2x5xf32>, %p: tensor<5xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have shape [B..., K] = [2] with K = min(M, N), but got 'tensor<5xi32>'}}
  %0:3 = linalgx.lu ins(%a : tensor<2x5xf32>) outs(%l, %p, %i : tensor<2x5xf32>, tensor<5xi32>, tensor<i32>) -> tensor<2x5xf32>, tensor<5xi32>, tensor<i32>
  return
}

// -----

// Pivots must carry the batch dimensions of 'input'.
func.func @lu_pivots_batch(%a: memref<2x3x3xf64>, %p: memref<4x3xi32>, %i: memref<2xi32>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have shape [B..., K] = [2, 3] with K = min(M, N), but got 'memref<4x3xi32>'}}
  linalgx.lu ins(%a : memref<2x3x3xf64>) outs(%a, %p, %i : memref<2x3x3xf64>, memref<4x3xi32>, memref<2xi32>)
  return
}

// -----

// Pivots without the batch dimension at all.
func.func @lu_pivots_batch_missing(%a: memref<2x3x3xf64>, %p: memref<3xi32>, %i: memref<2xi32>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have shape [B..., K] = [2, 3] with K = min(M, N), but got 'memref<3xi32>'}}
  linalgx.lu ins(%a : memref<2x3x3xf64>) outs(%a, %p, %i : memref<2x3x3xf64>, memref<3xi32>, memref<2xi32>)
  return
}

// -----

// With a dynamic M, K is unknown and printed as '?'; the batch still counts.
func.func @lu_pivots_dynamic(%a: memref<2x?x3xf64>, %p: memref<3x3xi32>, %i: memref<2xi32>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have shape [B..., K] = [2, ?] with K = min(M, N), but got 'memref<3x3xi32>'}}
  linalgx.lu ins(%a : memref<2x?x3xf64>) outs(%a, %p, %i : memref<2x?x3xf64>, memref<3x3xi32>, memref<2xi32>)
  return
}

// -----

// Floating-point pivots.
func.func @lu_pivots_f32(%a: memref<3x3xf32>, %p: memref<3xf32>, %i: memref<f32>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have element type i32 or i64, but got 'memref<3xf32>'}}
  linalgx.lu ins(%a : memref<3x3xf32>) outs(%a, %p, %i : memref<3x3xf32>, memref<3xf32>, memref<f32>)
  return
}

// -----

// i16 pivots.
func.func @lu_pivots_i16(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi16>, %i: tensor<i16>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have element type i32 or i64, but got 'tensor<3xi16>'}}
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi16>, tensor<i16>) -> tensor<3x3xf64>, tensor<3xi16>, tensor<i16>
  return
}

// -----

// Index-typed pivots are not i32/i64 either.
func.func @lu_pivots_index(%a: memref<3x3xf64>, %p: memref<3xindex>, %i: memref<index>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have element type i32 or i64, but got 'memref<3xindex>'}}
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xindex>, memref<index>)
  return
}

// -----

// Signed (non-signless) i32 pivots.
func.func @lu_pivots_si32(%a: memref<3x3xf64>, %p: memref<3xsi32>, %i: memref<si32>) {
  // expected-error @+1 {{'linalgx.lu' op 'pivots' must have element type i32 or i64, but got 'memref<3xsi32>'}}
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xsi32>, memref<si32>)
  return
}

// -----

// 'info' must use the element type of 'pivots'.
func.func @lu_info_element_type(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i64>) {
  // expected-error @+1 {{'linalgx.lu' op 'info' must have the element type of 'pivots' ('i32'), but got 'memref<i64>'}}
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i64>)
  return
}

// -----

// ... in the other direction as well.
func.func @lu_info_element_type_i64(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi64>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op 'info' must have the element type of 'pivots' ('i64'), but got 'tensor<i32>'}}
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi64>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi64>, tensor<i32>
  return
}

// -----

// 'info' of an unbatched op is a rank-0 value, not a vector of one.
func.func @lu_info_shape_unbatched(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<1xi32>) {
  // expected-error @+1 {{'linalgx.lu' op 'info' must have the batch shape [B...] = [], but got 'memref<1xi32>'}}
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<1xi32>)
  return
}

// -----

// 'info' must have the batch shape.
func.func @lu_info_shape_batched(%a: memref<2x4x3x3xf64>, %p: memref<2x4x3xi32>, %i: memref<2x5xi32>) {
  // expected-error @+1 {{'linalgx.lu' op 'info' must have the batch shape [B...] = [2, 4], but got 'memref<2x5xi32>'}}
  linalgx.lu ins(%a : memref<2x4x3x3xf64>) outs(%a, %p, %i : memref<2x4x3x3xf64>, memref<2x4x3xi32>, memref<2x5xi32>)
  return
}

// -----

// Tensor input with memref outs.
func.func @lu_mixed_tensor_first(%a: tensor<3x3xf64>, %l: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op operands must be all tensors or all memrefs, but 'input' is 'tensor<3x3xf64>' and 'lu' is 'memref<3x3xf64>'}}
  linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>)
  return
}

// -----

// Memref input with tensor outs.
func.func @lu_mixed_memref_first(%a: memref<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op operands must be all tensors or all memrefs, but 'input' is 'memref<3x3xf64>' and 'lu' is 'tensor<3x3xf64>'}}
  %0:3 = linalgx.lu ins(%a : memref<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}

// -----

// A single memref among tensor operands is named ('info' here).
func.func @lu_mixed_info(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op operands must be all tensors or all memrefs, but 'input' is 'tensor<3x3xf64>' and 'info' is 'memref<i32>'}}
  %0:2 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, memref<i32>) -> tensor<3x3xf64>, tensor<3xi32>
  return
}

// -----

// A single tensor among memref operands ('pivots' here).
func.func @lu_mixed_pivots(%a: memref<3x3xf64>, %p: tensor<3xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op operands must be all tensors or all memrefs, but 'input' is 'memref<3x3xf64>' and 'pivots' is 'tensor<3xi32>'}}
  %0 = linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, tensor<3xi32>, memref<i32>) -> tensor<3xi32>
  return
}

// -----

// The memref form has no results.
func.func @lu_memref_with_results(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op has memref operands and must have no results, but has 3}}
  %0:3 = linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}

// -----

// The tensor form returns all three outs, not just 'lu'.
func.func @lu_tensor_one_result(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op has tensor operands and must return one result per 'outs' operand (3), but returns 1}}
  %0 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf64>
  return
}

// -----

// The tensor form without results.
func.func @lu_tensor_no_results(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op has tensor operands and must return one result per 'outs' operand (3), but returns 0}}
  linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
  return
}

// -----

// Each result has the type of its 'outs' operand: result #1 here.
func.func @lu_wrong_result_type(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op result #1 must have the type of its 'outs' operand 'pivots', expected 'tensor<3xi32>', but got 'tensor<3xi64>'}}
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi64>, tensor<i32>
  return
}

// -----

// A result type must be identical, not merely compatible: result #0 is
// dynamic while 'lu' is static.
func.func @lu_result_type_dynamic(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op result #0 must have the type of its 'outs' operand 'lu', expected 'tensor<3x3xf64>', but got 'tensor<?x?xf64>'}}
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<?x?xf64>, tensor<3xi32>, tensor<i32>
  return
}

// -----

// ODS: an unranked tensor is not an accepted operand.
func.func @lu_unranked_tensor(%a: tensor<*xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op operand #0 must be ranked tensor or memref, but got 'tensor<*xf64>'}}
  %0:3 = linalgx.lu ins(%a : tensor<*xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}

// -----

// ODS: nor an unranked memref.
func.func @lu_unranked_memref(%a: memref<3x3xf64>, %p: memref<*xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.lu' op operand #2 must be ranked tensor or memref, but got 'memref<*xi32>'}}
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<*xi32>, memref<i32>)
  return
}

// -----

// ODS: a vector is neither a tensor nor a memref.
func.func @lu_vector(%a: vector<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op operand #0 must be ranked tensor or memref, but got 'vector<3x3xf64>'}}
  %0:3 = linalgx.lu ins(%a : vector<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}

// -----

// ODS: results are ranked tensors only.
func.func @lu_memref_result(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{'linalgx.lu' op result #0 must be variadic of ranked tensor of any type values, but got 'memref<3x3xf64>'}}
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> memref<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}

// -----

// Parser: the outs list has exactly three operands.
func.func @lu_two_outs(%a: memref<3x3xf64>, %p: memref<3xi32>) {
  // expected-error @+1 {{expected ','}}
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p : memref<3x3xf64>, memref<3xi32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// linalgx.pivots_to_permutation
//===----------------------------------------------------------------------===//

// Rank-0 pivots: there is no K dimension.
func.func @perm_pivots_rank0(%p: memref<i32>, %q: memref<3xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op 'pivots' must have rank >= 1 (shape [B..., K]), but got 'memref<i32>'}}
  linalgx.pivots_to_permutation ins(%p : memref<i32>) outs(%q : memref<3xi32>)
  return
}

// -----

// Floating-point pivots.
func.func @perm_pivots_f32(%p: tensor<3xf32>, %q: tensor<3xf32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op 'pivots' must have element type i32 or i64, but got 'tensor<3xf32>'}}
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<3xf32>) outs(%q : tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// i16 pivots.
func.func @perm_pivots_i16(%p: memref<3xi16>, %q: memref<3xi16>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op 'pivots' must have element type i32 or i64, but got 'memref<3xi16>'}}
  linalgx.pivots_to_permutation ins(%p : memref<3xi16>) outs(%q : memref<3xi16>)
  return
}

// -----

// The permutation has the element type of the pivots.
func.func @perm_element_type(%p: memref<3xi32>, %q: memref<3xi64>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op 'permutation' must have the element type of 'pivots' ('i32'), but got 'memref<3xi64>'}}
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<3xi64>)
  return
}

// -----

// The permutation has the rank of the pivots.
func.func @perm_rank(%p: tensor<2x3xi32>, %q: tensor<3xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op 'permutation' must have the rank of 'pivots' (2, shape [B..., N]), but got 'tensor<3xi32>'}}
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<2x3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

// The permutation has the batch shape of the pivots.
func.func @perm_batch(%p: memref<2x4x3xi64>, %q: memref<2x5x3xi64>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op 'permutation' must have the batch shape of 'pivots', expected shape [2, 4, 3], but got 'memref<2x5x3xi64>'}}
  linalgx.pivots_to_permutation ins(%p : memref<2x4x3xi64>) outs(%q : memref<2x5x3xi64>)
  return
}

// -----

// N < K: the permutation cannot hold the swapped rows.
func.func @perm_n_less_than_k(%p: memref<4xi32>, %q: memref<3xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op 'permutation' must have a last dimension N >= K = 4 (the number of pivots), but got 'memref<3xi32>'}}
  linalgx.pivots_to_permutation ins(%p : memref<4xi32>) outs(%q : memref<3xi32>)
  return
}

// -----

// Tensor pivots, memref permutation.
func.func @perm_mixed_tensor_first(%p: tensor<3xi32>, %q: memref<3xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op operands must be all tensors or all memrefs, but 'pivots' is 'tensor<3xi32>' and 'permutation' is 'memref<3xi32>'}}
  linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : memref<3xi32>)
  return
}

// -----

// Memref pivots, tensor permutation.
func.func @perm_mixed_memref_first(%p: memref<3xi32>, %q: tensor<3xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op operands must be all tensors or all memrefs, but 'pivots' is 'memref<3xi32>' and 'permutation' is 'tensor<3xi32>'}}
  %0 = linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

// The memref form has no results.
func.func @perm_memref_with_result(%p: memref<3xi32>, %q: memref<3xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op has memref operands and must have no results, but has 1}}
  %0 = linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<3xi32>) -> tensor<3xi32>
  return
}

// -----

// The tensor form returns the permutation.
func.func @perm_tensor_no_result(%p: tensor<3xi32>, %q: tensor<3xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op has tensor operands and must return one result per 'outs' operand (1), but returns 0}}
  linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<3xi32>)
  return
}

// -----

// The result has the type of the permutation operand.
func.func @perm_wrong_result_type(%p: tensor<3xi32>, %q: tensor<5xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op result #0 must have the type of its 'outs' operand 'permutation', expected 'tensor<5xi32>', but got 'tensor<3xi32>'}}
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<5xi32>) -> tensor<3xi32>
  return
}

// -----

// ODS: an unranked permutation.
func.func @perm_unranked(%p: tensor<3xi32>, %q: tensor<*xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op operand #1 must be ranked tensor or memref, but got 'tensor<*xi32>'}}
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<*xi32>) -> tensor<*xi32>
  return
}

// -----

// Parser: `one_based` comes before `ins`, nowhere else.
func.func @perm_one_based_misplaced(%p: memref<3xi32>, %q: memref<3xi32>) {
  // expected-error @+1 {{expected 'outs'}}
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) one_based outs(%q : memref<3xi32>)
  return
}

// -----

// ODS (generic form): linalgx.lu has exactly four operands.
func.func @lu_generic_three_operands(%a: memref<3x3xf64>, %p: memref<3xi32>) {
  // expected-error @+1 {{'linalgx.lu' op expected 4 or more operands, but found 3}}
  "linalgx.lu"(%a, %a, %p) : (memref<3x3xf64>, memref<3x3xf64>, memref<3xi32>) -> ()
  return
}

// -----

// ODS (generic form): no operands at all is rejected before the verifier.
func.func @perm_generic_no_operands() {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op expected 2 operands, but found 0}}
  "linalgx.pivots_to_permutation"() : () -> ()
  return
}

// -----

// ODS (generic form): `one_based` is a unit attribute.
func.func @perm_generic_one_based_not_unit(%p: memref<3xi32>, %q: memref<3xi32>) {
  // expected-error @+1 {{invalid properties {one_based = 1 : i32} for op linalgx.pivots_to_permutation: Invalid attribute `one_based` in property conversion: 1 : i32}}
  "linalgx.pivots_to_permutation"(%p, %q) <{one_based = 1 : i32}> : (memref<3xi32>, memref<3xi32>) -> ()
  return
}

// -----

// The batch check also applies with dynamic pivots sizes: [?, 4] vs [?, 5].
func.func @perm_batch_dynamic(%p: tensor<?x4x3xi32>, %q: tensor<?x5x3xi32>) {
  // expected-error @+1 {{'linalgx.pivots_to_permutation' op 'permutation' must have the batch shape of 'pivots', expected shape [?, 4, 3], but got 'tensor<?x5x3xi32>'}}
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<?x4x3xi32>) outs(%q : tensor<?x5x3xi32>) -> tensor<?x5x3xi32>
  return
}

// -----

func.func @pivots_aliasing_permutation(%m: memref<3xi32>) {
  // expected-error @+1 {{'pivots' and 'permutation' must be different buffers}}
  linalgx.pivots_to_permutation ins(%m : memref<3xi32>) outs(%m : memref<3xi32>)
  return
}

// -----

func.func @lu_rows_do_not_fit_i32(%a: memref<2147483649x1xf32>, %p: memref<1xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'pivots' of type 'memref<1xi32>' cannot hold row indices up to 2147483648; use i64 pivots}}
  linalgx.lu ins(%a : memref<2147483649x1xf32>) outs(%a, %p, %i : memref<2147483649x1xf32>, memref<1xi32>, memref<i32>)
  return
}

// -----

func.func @permutation_does_not_fit_i32(%p: tensor<3xi32>, %q: tensor<2147483649xi32>) -> tensor<2147483649xi32> {
  // expected-error @+1 {{'pivots' of type 'tensor<3xi32>' cannot hold permutation indices up to 2147483648; use i64 pivots}}
  %r = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<2147483649xi32>) -> tensor<2147483649xi32>
  return %r : tensor<2147483649xi32>
}

// -----

func.func @lu_permutation_wrong_length(%a: tensor<4x3xf64>, %l: tensor<4x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>, %q: tensor<3xi32>) {
  // expected-error @+1 {{'permutation' must have shape [B..., M] = [4] (a permutation of the rows), but got 'tensor<3xi32>'}}
  %r:4 = linalgx.lu ins(%a : tensor<4x3xf64>) outs(%l, %p, %i : tensor<4x3xf64>, tensor<3xi32>, tensor<i32>) permutation(%q : tensor<3xi32>) -> tensor<4x3xf64>, tensor<3xi32>, tensor<i32>, tensor<3xi32>
  return
}

// -----

func.func @lu_permutation_wrong_type(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>, %q: tensor<3xi64>) {
  // expected-error @+1 {{'permutation' must have the element type of 'pivots' ('i32'), but got 'tensor<3xi64>'}}
  %r:4 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) permutation(%q : tensor<3xi64>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>, tensor<3xi64>
  return
}

// -----

func.func @lu_permutation_missing_result(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>, %q: tensor<3xi32>) {
  // expected-error @+1 {{has tensor operands and must return one result per 'outs' operand (4), but returns 3}}
  %r:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) permutation(%q : tensor<3xi32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}

// -----

func.func @lu_permutation_is_pivots(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'pivots' and 'permutation' must be different buffers}}
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>) permutation(%p : memref<3xi32>)
  return
}

// -----

func.func @lu_permutation_mixed(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>, %q: memref<3xi32>) {
  // expected-error @+1 {{operands must be all tensors or all memrefs, but 'input' is 'tensor<3x3xf64>' and 'permutation' is 'memref<3xi32>'}}
  %r:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) permutation(%q : memref<3xi32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}

//===----------------------------------------------------------------------===//
// linalgx.lu_solve
//===----------------------------------------------------------------------===//

// -----

func.func @lu_solve_rank(%lu: memref<4xf64>, %p: memref<4xi32>, %b: memref<4x1xf64>) {
  // expected-error @+1 {{'linalgx.lu_solve' op 'lu' must have rank >= 2 (shape [B..., N, N]), but got 'memref<4xf64>'}}
  linalgx.lu_solve ins(%lu, %p, %b : memref<4xf64>, memref<4xi32>, memref<4x1xf64>) outs(%b : memref<4x1xf64>)
  return
}

// -----

func.func @lu_solve_element(%lu: memref<4x4xi32>, %p: memref<4xi32>, %b: memref<4x1xi32>) {
  // expected-error @+1 {{'lu' must have element type f32, f64, complex<f32> or complex<f64>, but got 'memref<4x4xi32>'}}
  linalgx.lu_solve ins(%lu, %p, %b : memref<4x4xi32>, memref<4xi32>, memref<4x1xi32>) outs(%b : memref<4x1xi32>)
  return
}

// -----

func.func @lu_solve_not_square(%lu: tensor<4x5xf64>, %p: tensor<4xi32>, %b: tensor<4x1xf64>) -> tensor<4x1xf64> {
  // expected-error @+1 {{'lu' must hold square factors [B..., N, N], but got 'tensor<4x5xf64>'}}
  %x = linalgx.lu_solve ins(%lu, %p, %b : tensor<4x5xf64>, tensor<4xi32>, tensor<4x1xf64>) outs(%b : tensor<4x1xf64>) -> tensor<4x1xf64>
  return %x : tensor<4x1xf64>
}

// -----

func.func @lu_solve_pivots_shape(%lu: memref<2x4x4xf32>, %p: memref<2x3xi32>, %b: memref<2x4x1xf32>) {
  // expected-error @+1 {{'pivots' must have shape [B..., N] = [2, 4], but got 'memref<2x3xi32>'}}
  linalgx.lu_solve ins(%lu, %p, %b : memref<2x4x4xf32>, memref<2x3xi32>, memref<2x4x1xf32>) outs(%b : memref<2x4x1xf32>)
  return
}

// -----

func.func @lu_solve_pivots_type(%lu: memref<4x4xf32>, %p: memref<4xf32>, %b: memref<4x1xf32>) {
  // expected-error @+1 {{'pivots' must have element type i32 or i64, but got 'memref<4xf32>'}}
  linalgx.lu_solve ins(%lu, %p, %b : memref<4x4xf32>, memref<4xf32>, memref<4x1xf32>) outs(%b : memref<4x1xf32>)
  return
}

// -----

func.func @lu_solve_rhs_rows(%lu: memref<?x4x4xf64>, %p: memref<?x4xi32>, %b: memref<?x5x2xf64>) {
  // expected-error @+1 {{'rhs' must have shape [B..., N, R] = [?, 4, ?] of 'f64', but got 'memref<?x5x2xf64>'}}
  linalgx.lu_solve ins(%lu, %p, %b : memref<?x4x4xf64>, memref<?x4xi32>, memref<?x5x2xf64>) outs(%b : memref<?x5x2xf64>)
  return
}

// -----

func.func @lu_solve_rhs_vector(%lu: memref<4x4xf64>, %p: memref<4xi32>, %b: memref<4xf64>) {
  // expected-error @+1 {{'rhs' must have shape [B..., N, R] = [4, ?] of 'f64', but got 'memref<4xf64>'}}
  linalgx.lu_solve ins(%lu, %p, %b : memref<4x4xf64>, memref<4xi32>, memref<4xf64>) outs(%b : memref<4xf64>)
  return
}

// -----

func.func @lu_solve_rhs_type(%lu: memref<4x4xf64>, %p: memref<4xi32>, %b: memref<4x2xf32>) {
  // expected-error @+1 {{'rhs' must have shape [B..., N, R] = [4, ?] of 'f64', but got 'memref<4x2xf32>'}}
  linalgx.lu_solve ins(%lu, %p, %b : memref<4x4xf64>, memref<4xi32>, memref<4x2xf32>) outs(%b : memref<4x2xf32>)
  return
}

// -----

func.func @lu_solve_solution(%lu: tensor<4x4xf64>, %p: tensor<4xi32>, %b: tensor<4x2xf64>, %x: tensor<4x3xf64>) -> tensor<4x3xf64> {
  // expected-error @+1 {{'solution' must have the shape and element type of 'rhs', expected [4, 2] of 'f64', but got 'tensor<4x3xf64>'}}
  %r = linalgx.lu_solve ins(%lu, %p, %b : tensor<4x4xf64>, tensor<4xi32>, tensor<4x2xf64>) outs(%x : tensor<4x3xf64>) -> tensor<4x3xf64>
  return %r : tensor<4x3xf64>
}

// -----

func.func @lu_solve_into_factors(%lu: memref<4x4xf64>, %p: memref<4xi32>, %b: memref<4x4xf64>) {
  // expected-error @+1 {{'solution' and 'lu' must be different buffers}}
  linalgx.lu_solve ins(%lu, %p, %b : memref<4x4xf64>, memref<4xi32>, memref<4x4xf64>) outs(%lu : memref<4x4xf64>)
  return
}

// -----

func.func @lu_solve_mixed(%lu: tensor<4x4xf64>, %p: tensor<4xi32>, %b: memref<4x1xf64>) {
  // expected-error @+1 {{operands must be all tensors or all memrefs, but 'lu' is 'tensor<4x4xf64>' and 'rhs' is 'memref<4x1xf64>'}}
  linalgx.lu_solve ins(%lu, %p, %b : tensor<4x4xf64>, tensor<4xi32>, memref<4x1xf64>) outs(%b : memref<4x1xf64>)
  return
}

// -----

func.func @lu_solve_trans(%lu: memref<4x4xf64>, %p: memref<4xi32>, %b: memref<4x1xf64>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'trans' [none, transpose, adjoint]}}
  linalgx.lu_solve trans = conjugate ins(%lu, %p, %b : memref<4x4xf64>, memref<4xi32>, memref<4x1xf64>) outs(%b : memref<4x1xf64>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// linalgx.lu_det and linalgx.lu_slogdet
//===----------------------------------------------------------------------===//

func.func @lu_det_not_square(%lu: memref<4x3xf64>, %p: memref<3xi32>, %d: memref<f64>) {
  // expected-error @+1 {{'linalgx.lu_det' op 'lu' must hold square factors [B..., N, N], but got 'memref<4x3xf64>'}}
  linalgx.lu_det ins(%lu, %p : memref<4x3xf64>, memref<3xi32>) outs(%d : memref<f64>)
  return
}

// -----

func.func @lu_det_pivots(%lu: memref<2x4x4xf64>, %p: memref<2x3xi32>, %d: memref<2xf64>) {
  // expected-error @+1 {{'pivots' must have shape [B..., N] = [2, 4], but got 'memref<2x3xi32>'}}
  linalgx.lu_det ins(%lu, %p : memref<2x4x4xf64>, memref<2x3xi32>) outs(%d : memref<2xf64>)
  return
}

// -----

func.func @lu_det_batch(%lu: tensor<2x4x4xf64>, %p: tensor<2x4xi32>, %d: tensor<3xf64>) -> tensor<3xf64> {
  // expected-error @+1 {{'det' must have shape [B...] = [2] of 'f64', but got 'tensor<3xf64>'}}
  %r = linalgx.lu_det ins(%lu, %p : tensor<2x4x4xf64>, tensor<2x4xi32>) outs(%d : tensor<3xf64>) -> tensor<3xf64>
  return %r : tensor<3xf64>
}

// -----

func.func @lu_det_element(%lu: memref<4x4xf64>, %p: memref<4xi32>, %d: memref<f32>) {
  // expected-error @+1 {{'det' must have shape [B...] = [] of 'f64', but got 'memref<f32>'}}
  linalgx.lu_det ins(%lu, %p : memref<4x4xf64>, memref<4xi32>) outs(%d : memref<f32>)
  return
}

// -----

func.func @lu_slogdet_logabsdet(%lu: memref<4x4xcomplex<f64>>, %p: memref<4xi32>, %s: memref<complex<f64>>, %l: memref<complex<f64>>) {
  // expected-error @+1 {{'logabsdet' must have shape [B...] = [] of 'f64', but got 'memref<complex<f64>>'}}
  linalgx.lu_slogdet ins(%lu, %p : memref<4x4xcomplex<f64>>, memref<4xi32>) outs(%s, %l : memref<complex<f64>>, memref<complex<f64>>)
  return
}

// -----

func.func @lu_slogdet_same_buffer(%lu: memref<4x4xf64>, %p: memref<4xi32>, %s: memref<f64>) {
  // expected-error @+1 {{'sign' and 'logabsdet' must be different buffers}}
  linalgx.lu_slogdet ins(%lu, %p : memref<4x4xf64>, memref<4xi32>) outs(%s, %s : memref<f64>, memref<f64>)
  return
}

// -----

func.func @lu_slogdet_results(%lu: tensor<4x4xf64>, %p: tensor<4xi32>, %s: tensor<f64>) -> tensor<f64> {
  // expected-error @+1 {{has tensor operands and must return one result per 'outs' operand (2), but returns 1}}
  %r = linalgx.lu_slogdet ins(%lu, %p : tensor<4x4xf64>, tensor<4xi32>) outs(%s, %s : tensor<f64>, tensor<f64>) -> tensor<f64>
  return %r : tensor<f64>
}

// -----

//===----------------------------------------------------------------------===//
// linalgx.solve
//===----------------------------------------------------------------------===//

func.func @solve_not_square(%a: memref<4x3xf64>, %b: memref<4x1xf64>, %i: memref<i32>) {
  // expected-error @+1 {{'linalgx.solve' op 'a' must hold square matrices [B..., N, N], but got 'memref<4x3xf64>'}}
  linalgx.solve ins(%a, %b : memref<4x3xf64>, memref<4x1xf64>) outs(%b, %i : memref<4x1xf64>, memref<i32>)
  return
}

// -----

func.func @solve_element(%a: memref<4x4xi32>, %b: memref<4x1xi32>, %i: memref<i32>) {
  // expected-error @+1 {{'a' must have rank >= 2 (shape [B..., N, N]) and element type f32, f64, complex<f32> or complex<f64>, but got 'memref<4x4xi32>'}}
  linalgx.solve ins(%a, %b : memref<4x4xi32>, memref<4x1xi32>) outs(%b, %i : memref<4x1xi32>, memref<i32>)
  return
}

// -----

func.func @solve_rhs(%a: tensor<2x4x4xf64>, %b: tensor<2x3x1xf64>, %i: tensor<2xi32>) -> tensor<2x3x1xf64> {
  // expected-error @+1 {{'rhs' must have shape [B..., N, R] = [2, 4, ?] of 'f64', but got 'tensor<2x3x1xf64>'}}
  %x, %info = linalgx.solve ins(%a, %b : tensor<2x4x4xf64>, tensor<2x3x1xf64>) outs(%b, %i : tensor<2x3x1xf64>, tensor<2xi32>) -> tensor<2x3x1xf64>, tensor<2xi32>
  return %x : tensor<2x3x1xf64>
}

// -----

func.func @solve_info(%a: memref<2x4x4xf64>, %b: memref<2x4x1xf64>, %i: memref<2xf32>) {
  // expected-error @+1 {{'info' must have shape [B...] = [2] of i32 or i64, but got 'memref<2xf32>'}}
  linalgx.solve ins(%a, %b : memref<2x4x4xf64>, memref<2x4x1xf64>) outs(%b, %i : memref<2x4x1xf64>, memref<2xf32>)
  return
}

// -----

func.func @solve_into_a(%a: memref<4x4xf64>, %i: memref<i32>) {
  // expected-error @+1 {{'solution' and 'a' must be different buffers}}
  linalgx.solve ins(%a, %a : memref<4x4xf64>, memref<4x4xf64>) outs(%a, %i : memref<4x4xf64>, memref<i32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// linalgx.det and linalgx.slogdet
//===----------------------------------------------------------------------===//

func.func @det_not_square(%a: memref<2x4x3xf64>, %d: memref<2xf64>) {
  // expected-error @+1 {{'linalgx.det' op 'a' must hold square matrices [B..., N, N], but got 'memref<2x4x3xf64>'}}
  linalgx.det ins(%a : memref<2x4x3xf64>) outs(%d : memref<2xf64>)
  return
}

// -----

func.func @det_result(%a: tensor<2x4x4xf32>, %d: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'linalgx.det' op 'det' must have shape [B...] = [2] of 'f32', but got 'tensor<3xf32>'}}
  %r = linalgx.det ins(%a : tensor<2x4x4xf32>) outs(%d : tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

func.func @slogdet_real_type(%a: memref<4x4xcomplex<f64>>, %s: memref<complex<f64>>, %l: memref<complex<f64>>) {
  // expected-error @+1 {{'linalgx.slogdet' op 'logabsdet' must have shape [B...] = [] of 'f64', but got 'memref<complex<f64>>'}}
  linalgx.slogdet ins(%a : memref<4x4xcomplex<f64>>) outs(%s, %l : memref<complex<f64>>, memref<complex<f64>>)
  return
}

// -----

func.func @slogdet_one_buffer(%a: memref<4x4xf64>, %s: memref<f64>) {
  // expected-error @+1 {{'linalgx.slogdet' op 'sign' and 'logabsdet' must be different buffers}}
  linalgx.slogdet ins(%a : memref<4x4xf64>) outs(%s, %s : memref<f64>, memref<f64>)
  return
}
