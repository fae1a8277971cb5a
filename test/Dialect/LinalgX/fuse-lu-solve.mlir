// linalgx-fuse-lu-solve: an lu whose factors and pivots only feed an
// lu_solve of A·X = B becomes one linalgx.solve; info keeps its uses, and
// the solve goes where they stay dominated. Not fused: factors or pivots
// used elsewhere, a transposed system, pivots of another base, an lu that
// computes a permutation, memrefs.
// RUN: linalgx-opt %s -split-input-file -linalgx-fuse-lu-solve -allow-unregistered-dialect | FileCheck %s

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
