// linalgx-fuse-lu-consumers: an lu whose factors and pivots only feed an
// lu_solve of A·X = B becomes one linalgx.solve; info keeps its uses, and
// the solve goes where they stay dominated. Not fused: factors or pivots
// used elsewhere, a transposed system, pivots of another base, an lu that
// computes a permutation, memrefs. Likewise an lu read only by an lu_det
// (lu_slogdet) of the same pivot base, its info unused, becomes linalgx.det
// (linalgx.slogdet).
// RUN: linalgx-opt %s -split-input-file -linalgx-fuse-lu-consumers -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @fused
// CHECK-SAME:    (%[[A:.+]]: tensor<8x3x3xf32>, %[[B:.+]]: tensor<8x3x2xf32>)
// CHECK:         %[[I0:.+]] = tensor.empty() : tensor<8xi32>
// CHECK:         %[[X0:.+]] = tensor.empty() : tensor<8x3x2xf32>
// CHECK:         %[[X:.+]]:2 = linalgx.solve ins(%[[A]], %[[B]] : tensor<8x3x3xf32>, tensor<8x3x2xf32>) outs(%[[X0]], %[[I0]] : tensor<8x3x2xf32>, tensor<8xi32>) -> tensor<8x3x2xf32>, tensor<8xi32>
// CHECK-NOT:     linalgx.lu
// CHECK:         return %[[X]]#0, %[[X]]#1
func.func @fused(%a: tensor<8x3x3xf32>, %b: tensor<8x3x2xf32>) -> (tensor<8x3x2xf32>, tensor<8xi32>) {
  %l0 = tensor.empty() : tensor<8x3x3xf32>
  %p0 = tensor.empty() : tensor<8x3xi32>
  %i0 = tensor.empty() : tensor<8xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<8x3x3xf32>)
      outs(%l0, %p0, %i0 : tensor<8x3x3xf32>, tensor<8x3xi32>, tensor<8xi32>)
      -> tensor<8x3x3xf32>, tensor<8x3xi32>, tensor<8xi32>
  %x0 = tensor.empty() : tensor<8x3x2xf32>
  %x = linalgx.lu_solve ins(%lu, %piv, %b : tensor<8x3x3xf32>, tensor<8x3xi32>, tensor<8x3x2xf32>)
      outs(%x0 : tensor<8x3x2xf32>) -> tensor<8x3x2xf32>
  return %x, %info : tensor<8x3x2xf32>, tensor<8xi32>
}

// -----

// info is read between the two ops, whose right-hand sides exist before the
// lu: the solve takes the lu's place (1-based pivots stay inside it).
// CHECK-LABEL: func.func @info_used_early
// CHECK:         %[[X:.+]]:2 = linalgx.solve ins
// CHECK-NEXT:    "test.use"(%[[X]]#1)
// CHECK-NOT:     linalgx.lu
func.func @info_used_early(%a: tensor<3x3xf64>, %b: tensor<3x1xf64>, %x0: tensor<3x1xf64>) -> tensor<3x1xf64> {
  %l0 = tensor.empty() : tensor<3x3xf64>
  %p0 = tensor.empty() : tensor<3xi64>
  %i0 = tensor.empty() : tensor<i64>
  %lu, %piv, %info = linalgx.lu one_based ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi64>, tensor<i64>)
      -> tensor<3x3xf64>, tensor<3xi64>, tensor<i64>
  "test.use"(%info) : (tensor<i64>) -> ()
  %x = linalgx.lu_solve one_based ins(%lu, %piv, %b : tensor<3x3xf64>, tensor<3xi64>, tensor<3x1xf64>)
      outs(%x0 : tensor<3x1xf64>) -> tensor<3x1xf64>
  return %x : tensor<3x1xf64>
}

// -----

// CHECK-LABEL: func.func @not_fused
// CHECK-COUNT-4: linalgx.lu_solve
// CHECK-NOT:     linalgx.solve
func.func @not_fused(%a: tensor<3x3xf64>, %b: tensor<3x1xf64>, %x0: tensor<3x1xf64>)
    -> (tensor<3x3xf64>, tensor<3x1xf64>, tensor<3x1xf64>, tensor<3x1xf64>, tensor<3x1xf64>) {
  %l0 = tensor.empty() : tensor<3x3xf64>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  // The factors are a result too.
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %x1 = linalgx.lu_solve ins(%lu, %piv, %b : tensor<3x3xf64>, tensor<3xi32>, tensor<3x1xf64>)
      outs(%x0 : tensor<3x1xf64>) -> tensor<3x1xf64>
  // Aᵀ·X = B.
  %lu2, %piv2, %info2 = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %x2 = linalgx.lu_solve trans = transpose ins(%lu2, %piv2, %b : tensor<3x3xf64>, tensor<3xi32>, tensor<3x1xf64>)
      outs(%x0 : tensor<3x1xf64>) -> tensor<3x1xf64>
  // 0-based pivots read as 1-based ones.
  %lu3, %piv3, %info3 = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %x3 = linalgx.lu_solve one_based ins(%lu3, %piv3, %b : tensor<3x3xf64>, tensor<3xi32>, tensor<3x1xf64>)
      outs(%x0 : tensor<3x1xf64>) -> tensor<3x1xf64>
  // The lu computes a permutation.
  %q0 = tensor.empty() : tensor<3xi32>
  %lu4, %piv4, %info4, %perm = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      permutation(%q0 : tensor<3xi32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>, tensor<3xi32>
  %x4 = linalgx.lu_solve ins(%lu4, %piv4, %b : tensor<3x3xf64>, tensor<3xi32>, tensor<3x1xf64>)
      outs(%x0 : tensor<3x1xf64>) -> tensor<3x1xf64>
  return %lu, %x1, %x2, %x3, %x4 : tensor<3x3xf64>, tensor<3x1xf64>, tensor<3x1xf64>, tensor<3x1xf64>, tensor<3x1xf64>
}

// -----

// An lu read only by a determinant becomes linalgx.det (linalgx.slogdet);
// the pivots' base must agree.
// CHECK-LABEL: func.func @determinants
// CHECK-SAME:    (%[[A:.+]]: tensor<8x3x3xf32>, %[[C:.+]]: tensor<2x4x4xf64>)
// CHECK:         %[[D:.+]] = linalgx.det ins(%[[A]] : tensor<8x3x3xf32>) outs(%{{.+}} : tensor<8xf32>) -> tensor<8xf32>
// CHECK:         %[[S:.+]]:2 = linalgx.slogdet ins(%[[C]] : tensor<2x4x4xf64>) outs(%{{.+}}, %{{.+}} : tensor<2xf64>, tensor<2xf64>)
// CHECK-NOT:     linalgx.lu
// CHECK:         return %[[D]], %[[S]]#0, %[[S]]#1
func.func @determinants(%a: tensor<8x3x3xf32>, %c: tensor<2x4x4xf64>) -> (tensor<8xf32>, tensor<2xf64>, tensor<2xf64>) {
  %l0 = tensor.empty() : tensor<8x3x3xf32>
  %p0 = tensor.empty() : tensor<8x3xi32>
  %i0 = tensor.empty() : tensor<8xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<8x3x3xf32>)
      outs(%l0, %p0, %i0 : tensor<8x3x3xf32>, tensor<8x3xi32>, tensor<8xi32>)
      -> tensor<8x3x3xf32>, tensor<8x3xi32>, tensor<8xi32>
  %d0 = tensor.empty() : tensor<8xf32>
  %d = linalgx.lu_det ins(%lu, %piv : tensor<8x3x3xf32>, tensor<8x3xi32>)
      outs(%d0 : tensor<8xf32>) -> tensor<8xf32>
  %cl0 = tensor.empty() : tensor<2x4x4xf64>
  %cp0 = tensor.empty() : tensor<2x4xi64>
  %ci0 = tensor.empty() : tensor<2xi64>
  %clu, %cpiv, %cinfo = linalgx.lu one_based ins(%c : tensor<2x4x4xf64>)
      outs(%cl0, %cp0, %ci0 : tensor<2x4x4xf64>, tensor<2x4xi64>, tensor<2xi64>)
      -> tensor<2x4x4xf64>, tensor<2x4xi64>, tensor<2xi64>
  %s0 = tensor.empty() : tensor<2xf64>
  %s, %l = linalgx.lu_slogdet one_based ins(%clu, %cpiv : tensor<2x4x4xf64>, tensor<2x4xi64>)
      outs(%s0, %s0 : tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>, tensor<2xf64>
  return %d, %s, %l : tensor<8xf32>, tensor<2xf64>, tensor<2xf64>
}

// -----

// Not fused: info is used, the pivots are read elsewhere, the bases differ.
// CHECK-LABEL: func.func @determinants_not_fused
// CHECK-NOT:     linalgx.det
// CHECK-NOT:     linalgx.slogdet
// CHECK:         return
func.func @determinants_not_fused(%a: tensor<3x3xf64>) -> (f64, tensor<i32>, f64, tensor<3xi32>, f64) {
  %l0 = tensor.empty() : tensor<3x3xf64>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %d0 = tensor.empty() : tensor<f64>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %d1 = linalgx.lu_det ins(%lu, %piv : tensor<3x3xf64>, tensor<3xi32>)
      outs(%d0 : tensor<f64>) -> tensor<f64>
  %lu2, %piv2, %info2 = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %d2 = linalgx.lu_det ins(%lu2, %piv2 : tensor<3x3xf64>, tensor<3xi32>)
      outs(%d0 : tensor<f64>) -> tensor<f64>
  %lu3, %piv3, %info3 = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %d3 = linalgx.lu_det one_based ins(%lu3, %piv3 : tensor<3x3xf64>, tensor<3xi32>)
      outs(%d0 : tensor<f64>) -> tensor<f64>
  %e1 = tensor.extract %d1[] : tensor<f64>
  %e2 = tensor.extract %d2[] : tensor<f64>
  %e3 = tensor.extract %d3[] : tensor<f64>
  return %e1, %info, %e2, %piv2, %e3 : f64, tensor<i32>, f64, tensor<3xi32>, f64
}
