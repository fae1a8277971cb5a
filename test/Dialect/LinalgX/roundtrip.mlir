// Every form of the linalgx ops survives print -> parse -> print, in the
// custom assembly format and (second RUN) in the generic op form.
// RUN: linalgx-opt %s | linalgx-opt | FileCheck %s
// RUN: linalgx-opt %s --mlir-print-op-generic | linalgx-opt | FileCheck %s

//===----------------------------------------------------------------------===//
// linalgx.lu
//===----------------------------------------------------------------------===//

// Unbatched square f64 on tensors, i32 pivots: three results.
// CHECK-LABEL: func.func @lu_tensor_f64
// CHECK-SAME:    (%[[A:.+]]: tensor<3x3xf64>, %[[L:.+]]: tensor<3x3xf64>, %[[P:.+]]: tensor<3xi32>, %[[I:.+]]: tensor<i32>)
// CHECK:         %[[R:.+]]:3 = linalgx.lu ins(%[[A]] : tensor<3x3xf64>) outs(%[[L]], %[[P]], %[[I]] : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
// CHECK:         return %[[R]]#0, %[[R]]#1, %[[R]]#2
func.func @lu_tensor_f64(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>)
    -> (tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
}

// With the optional permutation output (what the fusion pass forms): four
// results on tensors.
// CHECK-LABEL: func.func @lu_tensor_permutation
// CHECK:         %[[R:.+]]:4 = linalgx.lu ins(%{{.+}} : tensor<8x5x5xf64>) outs(%{{.+}}, %{{.+}}, %{{.+}} : tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8xi32>) permutation(%{{.+}} : tensor<8x5xi32>) -> tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8xi32>, tensor<8x5xi32>
func.func @lu_tensor_permutation(%a: tensor<8x5x5xf64>, %l: tensor<8x5x5xf64>, %p: tensor<8x5xi32>, %i: tensor<8xi32>, %q: tensor<8x5xi32>)
    -> tensor<8x5xi32> {
  %lu, %piv, %info, %perm = linalgx.lu ins(%a : tensor<8x5x5xf64>)
      outs(%l, %p, %i : tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8xi32>)
      permutation(%q : tensor<8x5xi32>)
      -> tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8xi32>, tensor<8x5xi32>
  return %perm : tensor<8x5xi32>
}

// 1-based pivots (`one_based`), on tensors and, with the permutation, on
// memrefs.
// CHECK-LABEL: func.func @lu_one_based
// CHECK:         linalgx.lu one_based ins(%{{.+}} : tensor<2x4x4xf32>) outs(%{{.+}}, %{{.+}}, %{{.+}} : tensor<2x4x4xf32>, tensor<2x4xi32>, tensor<2xi32>) -> tensor<2x4x4xf32>, tensor<2x4xi32>, tensor<2xi32>
// CHECK:         linalgx.lu one_based ins(%{{.+}} : memref<4x4xf32>) outs(%{{.+}}, %{{.+}}, %{{.+}} : memref<4x4xf32>, memref<4xi64>, memref<i64>) permutation(%{{.+}} : memref<4xi64>)
func.func @lu_one_based(%a: tensor<2x4x4xf32>, %p: tensor<2x4xi32>, %i: tensor<2xi32>,
                        %m: memref<4x4xf32>, %mp: memref<4xi64>, %mi: memref<i64>, %mq: memref<4xi64>)
    -> tensor<2x4xi32> {
  %lu, %piv, %info = linalgx.lu one_based ins(%a : tensor<2x4x4xf32>)
      outs(%a, %p, %i : tensor<2x4x4xf32>, tensor<2x4xi32>, tensor<2xi32>)
      -> tensor<2x4x4xf32>, tensor<2x4xi32>, tensor<2xi32>
  linalgx.lu one_based ins(%m : memref<4x4xf32>)
      outs(%m, %mp, %mi : memref<4x4xf32>, memref<4xi64>, memref<i64>)
      permutation(%mq : memref<4xi64>)
  return %piv : tensor<2x4xi32>
}

// The same on memrefs, a wide matrix: the permutation has M = 3 entries.
// CHECK-LABEL: func.func @lu_memref_permutation
// CHECK:         linalgx.lu ins(%{{.+}} : memref<3x7xf32>) outs(%{{.+}}, %{{.+}}, %{{.+}} : memref<3x7xf32>, memref<3xi64>, memref<i64>) permutation(%{{.+}} : memref<3xi64>)
// CHECK-NOT:     ->
func.func @lu_memref_permutation(%a: memref<3x7xf32>, %p: memref<3xi64>, %i: memref<i64>, %q: memref<3xi64>) {
  linalgx.lu ins(%a : memref<3x7xf32>) outs(%a, %p, %i : memref<3x7xf32>, memref<3xi64>, memref<i64>)
      permutation(%q : memref<3xi64>)
  return
}

// f32, rectangular M > N (K = N = 3), i64 pivots and info.
// CHECK-LABEL: func.func @lu_tensor_f32_tall_i64
// CHECK-SAME:    (%[[A:.+]]: tensor<4x3xf32>, %[[L:.+]]: tensor<4x3xf32>, %[[P:.+]]: tensor<3xi64>, %[[I:.+]]: tensor<i64>)
// CHECK:         linalgx.lu ins(%[[A]] : tensor<4x3xf32>) outs(%[[L]], %[[P]], %[[I]] : tensor<4x3xf32>, tensor<3xi64>, tensor<i64>) -> tensor<4x3xf32>, tensor<3xi64>, tensor<i64>
func.func @lu_tensor_f32_tall_i64(%a: tensor<4x3xf32>, %l: tensor<4x3xf32>, %p: tensor<3xi64>, %i: tensor<i64>)
    -> (tensor<4x3xf32>, tensor<3xi64>, tensor<i64>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<4x3xf32>)
      outs(%l, %p, %i : tensor<4x3xf32>, tensor<3xi64>, tensor<i64>)
      -> tensor<4x3xf32>, tensor<3xi64>, tensor<i64>
  return %lu, %piv, %info : tensor<4x3xf32>, tensor<3xi64>, tensor<i64>
}

// complex<f32>, rectangular M < N (K = M = 2), one batch dimension.
// CHECK-LABEL: func.func @lu_tensor_c32_wide_batch1
// CHECK-SAME:    (%[[A:.+]]: tensor<5x2x4xcomplex<f32>>, %[[L:.+]]: tensor<5x2x4xcomplex<f32>>, %[[P:.+]]: tensor<5x2xi32>, %[[I:.+]]: tensor<5xi32>)
// CHECK:         linalgx.lu ins(%[[A]] : tensor<5x2x4xcomplex<f32>>) outs(%[[L]], %[[P]], %[[I]] : tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>) -> tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>
func.func @lu_tensor_c32_wide_batch1(%a: tensor<5x2x4xcomplex<f32>>, %l: tensor<5x2x4xcomplex<f32>>, %p: tensor<5x2xi32>, %i: tensor<5xi32>)
    -> (tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<5x2x4xcomplex<f32>>)
      outs(%l, %p, %i : tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>)
      -> tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>
  return %lu, %piv, %info : tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>
}

// complex<f64> with three batch dimensions and i64 pivots.
// CHECK-LABEL: func.func @lu_tensor_c64_batch3
// CHECK:         linalgx.lu ins(%{{.+}} : tensor<2x3x4x6x6xcomplex<f64>>) outs(%{{.+}}, %{{.+}}, %{{.+}} : tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>) -> tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>
func.func @lu_tensor_c64_batch3(%a: tensor<2x3x4x6x6xcomplex<f64>>, %l: tensor<2x3x4x6x6xcomplex<f64>>, %p: tensor<2x3x4x6xi64>, %i: tensor<2x3x4xi64>)
    -> (tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x3x4x6x6xcomplex<f64>>)
      outs(%l, %p, %i : tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>)
      -> tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>
  return %lu, %piv, %info : tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>
}

// Dynamic batch and matrix sizes: K = min(M, N) is unknown, `?` accepted.
// CHECK-LABEL: func.func @lu_tensor_dynamic
// CHECK:         linalgx.lu ins(%{{.+}} : tensor<?x?x?xf64>) outs(%{{.+}}, %{{.+}}, %{{.+}} : tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>
func.func @lu_tensor_dynamic(%a: tensor<?x?x?xf64>, %l: tensor<?x?x?xf64>, %p: tensor<?x?xi32>, %i: tensor<?xi32>)
    -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?x?xf64>)
      outs(%l, %p, %i : tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>)
      -> tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>
  return %lu, %piv, %info : tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>
}

// Static input, dynamic outs: sizes only need to be compatible.
// CHECK-LABEL: func.func @lu_tensor_mixed_static_dynamic
// CHECK:         linalgx.lu ins(%{{.+}} : tensor<2x4x3xf32>) outs(%{{.+}}, %{{.+}}, %{{.+}} : tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>) -> tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>
func.func @lu_tensor_mixed_static_dynamic(%a: tensor<2x4x3xf32>, %l: tensor<?x4x?xf32>, %p: tensor<2x?xi32>, %i: tensor<?xi32>)
    -> (tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf32>)
      outs(%l, %p, %i : tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>)
      -> tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>
  return %lu, %piv, %info : tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>
}

// Memref form, out of place: no results.
// CHECK-LABEL: func.func @lu_memref_f64
// CHECK-SAME:    (%[[A:.+]]: memref<4x4xf64>, %[[L:.+]]: memref<4x4xf64>, %[[P:.+]]: memref<4xi32>, %[[I:.+]]: memref<i32>)
// CHECK-NEXT:    linalgx.lu ins(%[[A]] : memref<4x4xf64>) outs(%[[L]], %[[P]], %[[I]] : memref<4x4xf64>, memref<4xi32>, memref<i32>){{$}}
// CHECK-NEXT:    return
func.func @lu_memref_f64(%a: memref<4x4xf64>, %l: memref<4x4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64>) outs(%l, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}

// Memref form, in place (input == lu), batched complex<f32>, i64 pivots.
// CHECK-LABEL: func.func @lu_memref_inplace_c32
// CHECK-SAME:    (%[[M:.+]]: memref<2x3x3xcomplex<f32>>, %[[P:.+]]: memref<2x3xi64>, %[[I:.+]]: memref<2xi64>)
// CHECK-NEXT:    linalgx.lu ins(%[[M]] : memref<2x3x3xcomplex<f32>>) outs(%[[M]], %[[P]], %[[I]] : memref<2x3x3xcomplex<f32>>, memref<2x3xi64>, memref<2xi64>){{$}}
func.func @lu_memref_inplace_c32(%m: memref<2x3x3xcomplex<f32>>, %p: memref<2x3xi64>, %i: memref<2xi64>) {
  linalgx.lu ins(%m : memref<2x3x3xcomplex<f32>>) outs(%m, %p, %i : memref<2x3x3xcomplex<f32>>, memref<2x3xi64>, memref<2xi64>)
  return
}

// Memref form, f32, M < N, dynamic sizes, three batch dimensions.
// CHECK-LABEL: func.func @lu_memref_dynamic_batch3
// CHECK:         linalgx.lu ins(%{{.+}} : memref<?x2x?x3x5xf32>) outs(%{{.+}}, %{{.+}}, %{{.+}} : memref<?x2x?x3x5xf32>, memref<?x2x?x3xi32>, memref<?x2x?xi32>){{$}}
func.func @lu_memref_dynamic_batch3(%a: memref<?x2x?x3x5xf32>, %l: memref<?x2x?x3x5xf32>, %p: memref<?x2x?x3xi32>, %i: memref<?x2x?xi32>) {
  linalgx.lu ins(%a : memref<?x2x?x3x5xf32>) outs(%l, %p, %i : memref<?x2x?x3x5xf32>, memref<?x2x?x3xi32>, memref<?x2x?xi32>)
  return
}

// Memref form, complex<f64>, M > N, strided (non-identity) layout.
// CHECK-LABEL: func.func @lu_memref_c64_strided
// CHECK:         linalgx.lu ins(%{{.+}} : memref<5x2xcomplex<f64>, strided<[4, 1]>>) outs(%{{.+}}, %{{.+}}, %{{.+}} : memref<5x2xcomplex<f64>, strided<[4, 1]>>, memref<2xi64>, memref<i64>){{$}}
func.func @lu_memref_c64_strided(%a: memref<5x2xcomplex<f64>, strided<[4, 1]>>, %p: memref<2xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<5x2xcomplex<f64>, strided<[4, 1]>>) outs(%a, %p, %i : memref<5x2xcomplex<f64>, strided<[4, 1]>>, memref<2xi64>, memref<i64>)
  return
}

// A discardable attribute is kept (attr-dict).
// CHECK-LABEL: func.func @lu_attr
// CHECK:         linalgx.lu {some.tag = 7 : i64} ins(
func.func @lu_attr(%m: memref<2x2xf64>, %p: memref<2xi32>, %i: memref<i32>) {
  linalgx.lu {some.tag = 7} ins(%m : memref<2x2xf64>) outs(%m, %p, %i : memref<2x2xf64>, memref<2xi32>, memref<i32>)
  return
}

//===----------------------------------------------------------------------===//
// linalgx.pivots_to_permutation
//===----------------------------------------------------------------------===//

// Tensor form, zero-based (no attribute printed), i32, N == K.
// CHECK-LABEL: func.func @perm_tensor
// CHECK-SAME:    (%[[P:.+]]: tensor<3xi32>, %[[Q:.+]]: tensor<3xi32>)
// CHECK:         %[[R:.+]] = linalgx.pivots_to_permutation ins(%[[P]] : tensor<3xi32>) outs(%[[Q]] : tensor<3xi32>) -> tensor<3xi32>
// CHECK:         return %[[R]]
func.func @perm_tensor(%p: tensor<3xi32>, %q: tensor<3xi32>) -> tensor<3xi32> {
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return %perm : tensor<3xi32>
}

// Tensor form, one_based, N > K.
// CHECK-LABEL: func.func @perm_tensor_one_based
// CHECK:         linalgx.pivots_to_permutation one_based ins(%{{.+}} : tensor<3xi32>) outs(%{{.+}} : tensor<5xi32>) -> tensor<5xi32>
func.func @perm_tensor_one_based(%p: tensor<3xi32>, %q: tensor<5xi32>) -> tensor<5xi32> {
  %perm = linalgx.pivots_to_permutation one_based ins(%p : tensor<3xi32>) outs(%q : tensor<5xi32>) -> tensor<5xi32>
  return %perm : tensor<5xi32>
}

// Tensor form, i64, one batch dimension, dynamic sizes.
// CHECK-LABEL: func.func @perm_tensor_batch1_dynamic_i64
// CHECK:         linalgx.pivots_to_permutation ins(%{{.+}} : tensor<?x?xi64>) outs(%{{.+}} : tensor<?x7xi64>) -> tensor<?x7xi64>
func.func @perm_tensor_batch1_dynamic_i64(%p: tensor<?x?xi64>, %q: tensor<?x7xi64>) -> tensor<?x7xi64> {
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<?x?xi64>) outs(%q : tensor<?x7xi64>) -> tensor<?x7xi64>
  return %perm : tensor<?x7xi64>
}

// Memref form with three batch dimensions, one_based, i64: no results.
// CHECK-LABEL: func.func @perm_memref_batch3
// CHECK-SAME:    (%[[P:.+]]: memref<2x3x4x5xi64>, %[[Q:.+]]: memref<2x3x4x6xi64>)
// CHECK-NEXT:    linalgx.pivots_to_permutation one_based ins(%[[P]] : memref<2x3x4x5xi64>) outs(%[[Q]] : memref<2x3x4x6xi64>){{$}}
func.func @perm_memref_batch3(%p: memref<2x3x4x5xi64>, %q: memref<2x3x4x6xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<2x3x4x5xi64>) outs(%q : memref<2x3x4x6xi64>)
  return
}

// Memref form, i32, zero-based, unbatched.
// CHECK-LABEL: func.func @perm_memref
// CHECK-NEXT:    linalgx.pivots_to_permutation ins(%{{.+}} : memref<4xi32>) outs(%{{.+}} : memref<4xi32>){{$}}
func.func @perm_memref(%p: memref<4xi32>, %q: memref<4xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<4xi32>) outs(%q : memref<4xi32>)
  return
}

// The two ops chained on tensors, as a program would use them.
// CHECK-LABEL: func.func @lu_then_perm
// CHECK:         %[[LU:.+]]:3 = linalgx.lu
// CHECK:         %[[PERM:.+]] = linalgx.pivots_to_permutation ins(%[[LU]]#1 : tensor<2x4xi32>) outs(%{{.+}} : tensor<2x4xi32>) -> tensor<2x4xi32>
// CHECK:         return %[[LU]]#0, %[[PERM]]
func.func @lu_then_perm(%a: tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2x4xi32>) {
  %l = tensor.empty() : tensor<2x4x4xf64>
  %p = tensor.empty() : tensor<2x4xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x4xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x4xf64>)
      outs(%l, %p, %i : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>)
      -> tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x4xi32>) outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm : tensor<2x4x4xf64>, tensor<2x4xi32>
}

//===----------------------------------------------------------------------===//
// linalgx.lu_solve
//===----------------------------------------------------------------------===//

// Tensors, one result; the default system (trans = none) is not printed.
// CHECK-LABEL: func.func @lu_solve_tensor
// CHECK:         %[[X:.+]] = linalgx.lu_solve ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8x5x2xf64>) outs(%{{.+}} : tensor<8x5x2xf64>) -> tensor<8x5x2xf64>
// CHECK:         return %[[X]]
func.func @lu_solve_tensor(%lu: tensor<8x5x5xf64>, %p: tensor<8x5xi32>, %b: tensor<8x5x2xf64>, %x: tensor<8x5x2xf64>) -> tensor<8x5x2xf64> {
  %r = linalgx.lu_solve trans = none ins(%lu, %p, %b : tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8x5x2xf64>)
      outs(%x : tensor<8x5x2xf64>) -> tensor<8x5x2xf64>
  return %r : tensor<8x5x2xf64>
}

// Memrefs in place, the adjoint system, 1-based i64 pivots, dynamic sizes.
// CHECK-LABEL: func.func @lu_solve_memref
// CHECK:         linalgx.lu_solve trans = adjoint one_based ins(%{{.+}}, %{{.+}}, %[[B:.+]] : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<?x3xcomplex<f32>>) outs(%[[B]] : memref<?x3xcomplex<f32>>){{$}}
// CHECK:         linalgx.lu_solve trans = transpose ins(
func.func @lu_solve_memref(%lu: memref<?x?xcomplex<f32>>, %p: memref<?xi64>, %b: memref<?x3xcomplex<f32>>) {
  linalgx.lu_solve trans = adjoint one_based ins(%lu, %p, %b : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<?x3xcomplex<f32>>)
      outs(%b : memref<?x3xcomplex<f32>>)
  linalgx.lu_solve trans = transpose ins(%lu, %p, %b : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<?x3xcomplex<f32>>)
      outs(%b : memref<?x3xcomplex<f32>>)
  return
}

//===----------------------------------------------------------------------===//
// linalgx.lu_det and linalgx.lu_slogdet
//===----------------------------------------------------------------------===//

// Tensors: a determinant per matrix of the batch; complex signs with a real
// logarithm.
// CHECK-LABEL: func.func @lu_det_tensor
// CHECK:         %[[D:.+]] = linalgx.lu_det ins(%{{.+}}, %{{.+}} : tensor<8x5x5xf64>, tensor<8x5xi32>) outs(%{{.+}} : tensor<8xf64>) -> tensor<8xf64>
// CHECK:         %{{.+}}:2 = linalgx.lu_slogdet one_based ins(%{{.+}}, %{{.+}} : tensor<8x5x5xcomplex<f32>>, tensor<8x5xi64>) outs(%{{.+}}, %{{.+}} : tensor<8xcomplex<f32>>, tensor<8xf32>) -> tensor<8xcomplex<f32>>, tensor<8xf32>
func.func @lu_det_tensor(%lu: tensor<8x5x5xf64>, %p: tensor<8x5xi32>, %d: tensor<8xf64>,
                         %clu: tensor<8x5x5xcomplex<f32>>, %cp: tensor<8x5xi64>,
                         %s: tensor<8xcomplex<f32>>, %l: tensor<8xf32>) -> tensor<8xf64> {
  %r = linalgx.lu_det ins(%lu, %p : tensor<8x5x5xf64>, tensor<8x5xi32>)
      outs(%d : tensor<8xf64>) -> tensor<8xf64>
  %cs, %cl = linalgx.lu_slogdet one_based ins(%clu, %cp : tensor<8x5x5xcomplex<f32>>, tensor<8x5xi64>)
      outs(%s, %l : tensor<8xcomplex<f32>>, tensor<8xf32>) -> tensor<8xcomplex<f32>>, tensor<8xf32>
  return %r : tensor<8xf64>
}

// Memrefs: one matrix (rank-0 results), dynamic sizes.
// CHECK-LABEL: func.func @lu_det_memref
// CHECK:         linalgx.lu_det one_based ins(%{{.+}}, %{{.+}} : memref<?x?xf32>, memref<?xi32>) outs(%{{.+}} : memref<f32>){{$}}
// CHECK:         linalgx.lu_slogdet ins(%{{.+}}, %{{.+}} : memref<?x?xf32>, memref<?xi32>) outs(%{{.+}}, %{{.+}} : memref<f32>, memref<f32>){{$}}
func.func @lu_det_memref(%lu: memref<?x?xf32>, %p: memref<?xi32>, %d: memref<f32>, %l: memref<f32>) {
  linalgx.lu_det one_based ins(%lu, %p : memref<?x?xf32>, memref<?xi32>) outs(%d : memref<f32>)
  linalgx.lu_slogdet ins(%lu, %p : memref<?x?xf32>, memref<?xi32>) outs(%d, %l : memref<f32>, memref<f32>)
  return
}

//===----------------------------------------------------------------------===//
// linalgx.solve
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @solve_tensor
// CHECK:         %{{.+}}:2 = linalgx.solve ins(%{{.+}}, %{{.+}} : tensor<8x3x3xf32>, tensor<8x3x2xf32>) outs(%{{.+}}, %{{.+}} : tensor<8x3x2xf32>, tensor<8xi32>) -> tensor<8x3x2xf32>, tensor<8xi32>
func.func @solve_tensor(%a: tensor<8x3x3xf32>, %b: tensor<8x3x2xf32>, %i: tensor<8xi32>) -> tensor<8x3x2xf32> {
  %x, %info = linalgx.solve ins(%a, %b : tensor<8x3x3xf32>, tensor<8x3x2xf32>)
      outs(%b, %i : tensor<8x3x2xf32>, tensor<8xi32>) -> tensor<8x3x2xf32>, tensor<8xi32>
  return %x : tensor<8x3x2xf32>
}

// In place on memrefs, dynamic sizes, one matrix.
// CHECK-LABEL: func.func @solve_memref
// CHECK:         linalgx.solve ins(%{{.+}}, %[[B:.+]] : memref<?x?xcomplex<f64>>, memref<?x1xcomplex<f64>>) outs(%[[B]], %{{.+}} : memref<?x1xcomplex<f64>>, memref<i64>){{$}}
func.func @solve_memref(%a: memref<?x?xcomplex<f64>>, %b: memref<?x1xcomplex<f64>>, %i: memref<i64>) {
  linalgx.solve ins(%a, %b : memref<?x?xcomplex<f64>>, memref<?x1xcomplex<f64>>) outs(%b, %i : memref<?x1xcomplex<f64>>, memref<i64>)
  return
}

//===----------------------------------------------------------------------===//
// linalgx.det and linalgx.slogdet
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @det_tensor
// CHECK:         %{{.+}} = linalgx.det ins(%{{.+}} : tensor<8x3x3xf32>) outs(%{{.+}} : tensor<8xf32>) -> tensor<8xf32>
// CHECK:         %{{.+}}:2 = linalgx.slogdet ins(%{{.+}} : tensor<8x3x3xcomplex<f32>>) outs(%{{.+}}, %{{.+}} : tensor<8xcomplex<f32>>, tensor<8xf32>) -> tensor<8xcomplex<f32>>, tensor<8xf32>
func.func @det_tensor(%a: tensor<8x3x3xf32>, %d: tensor<8xf32>, %c: tensor<8x3x3xcomplex<f32>>, %s: tensor<8xcomplex<f32>>) -> (tensor<8xf32>, tensor<8xf32>) {
  %r = linalgx.det ins(%a : tensor<8x3x3xf32>) outs(%d : tensor<8xf32>) -> tensor<8xf32>
  %sign, %log = linalgx.slogdet ins(%c : tensor<8x3x3xcomplex<f32>>)
      outs(%s, %d : tensor<8xcomplex<f32>>, tensor<8xf32>) -> tensor<8xcomplex<f32>>, tensor<8xf32>
  return %r, %log : tensor<8xf32>, tensor<8xf32>
}

// Dynamic sizes on memrefs, one matrix (rank-0 results).
// CHECK-LABEL: func.func @det_memref
// CHECK:         linalgx.det ins(%{{.+}} : memref<?x?xf64>) outs(%{{.+}} : memref<f64>){{$}}
// CHECK:         linalgx.slogdet ins(%{{.+}} : memref<?x?xf64>) outs(%{{.+}}, %{{.+}} : memref<f64>, memref<f64>){{$}}
func.func @det_memref(%a: memref<?x?xf64>, %d: memref<f64>, %l: memref<f64>) {
  linalgx.det ins(%a : memref<?x?xf64>) outs(%d : memref<f64>)
  linalgx.slogdet ins(%a : memref<?x?xf64>) outs(%d, %l : memref<f64>, memref<f64>)
  return
}
