// linalgx-fuse-lu-permutation folds the permutation of an lu's pivots into
// the lu (its optional `permutation` output) when the permutation has one
// entry per row, and leaves every other pair alone.
// RUN: linalgx-opt %s -linalgx-fuse-lu-permutation -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @static
// CHECK-SAME:    (%[[A:.+]]: tensor<64x75x75xf64>)
// CHECK:         %[[L0:.+]] = tensor.empty() : tensor<64x75x75xf64>
// CHECK:         %[[P0:.+]] = tensor.empty() : tensor<64x75xi32>
// CHECK:         %[[I0:.+]] = tensor.empty() : tensor<64xi32>
// CHECK:         %[[PERM0:.+]] = tensor.empty() : tensor<64x75xi32>
// CHECK:         %[[R:.+]]:4 = linalgx.lu ins(%[[A]] : tensor<64x75x75xf64>) outs(%[[L0]], %[[P0]], %[[I0]] : {{.+}}) permutation(%[[PERM0]] : tensor<64x75xi32>)
// CHECK-NOT:     linalgx.pivots_to_permutation
// CHECK:         return %[[R]]#0, %[[R]]#1, %[[R]]#3
func.func @static(%a: tensor<64x75x75xf64>) -> (tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64x75xi32>) {
  %l0 = tensor.empty() : tensor<64x75x75xf64>
  %p0 = tensor.empty() : tensor<64x75xi32>
  %i0 = tensor.empty() : tensor<64xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<64x75x75xf64>)
      outs(%l0, %p0, %i0 : tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>)
      -> tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>
  %q0 = tensor.empty() : tensor<64x75xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<64x75xi32>)
      outs(%q0 : tensor<64x75xi32>) -> tensor<64x75xi32>
  return %lu, %piv, %perm : tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64x75xi32>
}

// -----

// Dynamic sizes: the permutation's length is the tensor.dim of the input's
// M, as JAX import writes it.
// CHECK-LABEL: func.func @dynamic
// CHECK:         linalgx.lu {{.+}} permutation(%{{.+}} : tensor<?x?xi64>)
// CHECK-NOT:     linalgx.pivots_to_permutation
func.func @dynamic(%a: tensor<?x?x?xf32>) -> tensor<?x?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %a, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf32>
  %n = tensor.dim %a, %c2 : tensor<?x?x?xf32>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%b, %m, %n) : tensor<?x?x?xf32>
  %p0 = tensor.empty(%b, %k) : tensor<?x?xi64>
  %i0 = tensor.empty(%b) : tensor<?xi64>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?x?xf32>)
      outs(%l0, %p0, %i0 : tensor<?x?x?xf32>, tensor<?x?xi64>, tensor<?xi64>)
      -> tensor<?x?x?xf32>, tensor<?x?xi64>, tensor<?xi64>
  %q0 = tensor.empty(%b, %m) : tensor<?x?xi64>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<?x?xi64>)
      outs(%q0 : tensor<?x?xi64>) -> tensor<?x?xi64>
  return %perm : tensor<?x?xi64>
}

// -----

// Not fused: a permutation longer than M (positions past M are the
// identity: a different contract), one_based pivots, a dynamic length that
// is not provably M.
// CHECK-LABEL: func.func @not_fused
// CHECK-NOT:     permutation(
// CHECK-COUNT-3: linalgx.pivots_to_permutation
func.func @not_fused(%a: tensor<4x4xf64>, %d: tensor<?xi32>) -> (tensor<6xi32>, tensor<4xi32>, tensor<?xi32>) {
  %l0 = tensor.empty() : tensor<4x4xf64>
  %p0 = tensor.empty() : tensor<4xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<4x4xf64>)
      outs(%l0, %p0, %i0 : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  %q0 = tensor.empty() : tensor<6xi32>
  %longer = linalgx.pivots_to_permutation ins(%piv : tensor<4xi32>)
      outs(%q0 : tensor<6xi32>) -> tensor<6xi32>
  %q1 = tensor.empty() : tensor<4xi32>
  %one_based = linalgx.pivots_to_permutation one_based ins(%piv : tensor<4xi32>)
      outs(%q1 : tensor<4xi32>) -> tensor<4xi32>
  %unknown = linalgx.pivots_to_permutation ins(%piv : tensor<4xi32>)
      outs(%d : tensor<?xi32>) -> tensor<?xi32>
  return %longer, %one_based, %unknown : tensor<6xi32>, tensor<4xi32>, tensor<?xi32>
}

// -----

// Two permutations of the same pivots: one is fused, the other reads the
// pivots (which the fused lu still returns).
// CHECK-LABEL: func.func @twice
// CHECK:         %[[R:.+]]:4 = linalgx.lu {{.+}} permutation(
// CHECK:         %[[P2:.+]] = linalgx.pivots_to_permutation ins(%[[R]]#1
// CHECK:         return %[[P2]], %[[R]]#3
func.func @twice(%a: tensor<3x3xf64>) -> (tensor<3xi32>, tensor<3xi32>) {
  %l0 = tensor.empty() : tensor<3x3xf64>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %q0 = tensor.empty() : tensor<3xi32>
  %perm1 = linalgx.pivots_to_permutation ins(%piv : tensor<3xi32>)
      outs(%q0 : tensor<3xi32>) -> tensor<3xi32>
  %q1 = tensor.empty() : tensor<3xi32>
  %perm2 = linalgx.pivots_to_permutation ins(%piv : tensor<3xi32>)
      outs(%q1 : tensor<3xi32>) -> tensor<3xi32>
  return %perm1, %perm2 : tensor<3xi32>, tensor<3xi32>
}
