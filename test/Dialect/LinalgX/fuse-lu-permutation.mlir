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

// 1-based pivots: fused when both ops say so (the fused lu keeps
// `one_based`), not when only the permutation does (above) or only the lu.
// CHECK-LABEL: func.func @one_based
// CHECK:         %[[R:.+]]:4 = linalgx.lu one_based ins({{.+}}) outs({{.+}}) permutation(
// CHECK:         %[[S:.+]]:3 = linalgx.lu one_based ins(
// CHECK-NOT:     permutation(
// CHECK:         %[[Q:.+]] = linalgx.pivots_to_permutation ins(%[[S]]#1
// CHECK:         return %[[R]]#3, %[[Q]]
func.func @one_based(%a: tensor<4x4xf64>) -> (tensor<4xi32>, tensor<4xi32>) {
  %l0 = tensor.empty() : tensor<4x4xf64>
  %p0 = tensor.empty() : tensor<4xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu one_based ins(%a : tensor<4x4xf64>)
      outs(%l0, %p0, %i0 : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  %q0 = tensor.empty() : tensor<4xi32>
  %fused = linalgx.pivots_to_permutation one_based ins(%piv : tensor<4xi32>)
      outs(%q0 : tensor<4xi32>) -> tensor<4xi32>
  %lu2, %piv2, %info2 = linalgx.lu one_based ins(%a : tensor<4x4xf64>)
      outs(%l0, %p0, %i0 : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  %kept = linalgx.pivots_to_permutation ins(%piv2 : tensor<4xi32>)
      outs(%q0 : tensor<4xi32>) -> tensor<4xi32>
  return %fused, %kept : tensor<4xi32>, tensor<4xi32>
}

// -----

// Two permutations of the same pivots: the first is fused, the second reads
// the permutation the fused lu computes.
// CHECK-LABEL: func.func @twice
// CHECK:         %[[R:.+]]:4 = linalgx.lu {{.+}} permutation(
// CHECK-NOT:     linalgx.pivots_to_permutation
// CHECK:         return %[[R]]#3, %[[R]]#3
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

// -----

// The permutation in a nested region with its init defined there: the fused
// lu gets a new init before it (the old one is never moved out of its
// region), and the program still verifies.
// CHECK-LABEL: func.func @init_in_if
// CHECK:         %[[R:.+]]:4 = linalgx.lu {{.+}} permutation(%{{.+}} : tensor<2xi32>)
// CHECK:         scf.if
// CHECK-NOT:     linalgx.pivots_to_permutation
// CHECK:           scf.yield %[[R]]#3
// CHECK:         } else {
// CHECK:           scf.yield %[[R]]#1
func.func @init_in_if(%a: tensor<2x2xf64>, %c: i1) -> tensor<2xi32> {
  %l0 = tensor.empty() : tensor<2x2xf64>
  %p0 = tensor.empty() : tensor<2xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<2x2xf64>) outs(%l0, %p0, %i0 : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>) -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  %r = scf.if %c -> tensor<2xi32> {
    %e = tensor.empty() : tensor<2xi32>
    %q = linalgx.pivots_to_permutation ins(%p : tensor<2xi32>) outs(%e : tensor<2xi32>) -> tensor<2xi32>
    scf.yield %q : tensor<2xi32>
  } else {
    scf.yield %p : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}

// -----

// Dynamic sizes inside a loop: the new init keeps the sizes that dominate
// the lu (%m here, not the loop's own tensor.dim).
// CHECK-LABEL: func.func @init_in_for
// CHECK-SAME:    (%[[A:.+]]: tensor<?x?xf32>
// CHECK:         %[[M:.+]] = tensor.dim %[[A]], %c0
// CHECK:         %[[E:.+]] = tensor.empty(%[[M]]) : tensor<?xi32>
// CHECK:         %[[R:.+]]:4 = linalgx.lu {{.+}} permutation(%[[E]] : tensor<?xi32>)
// CHECK:         scf.for
// CHECK-NOT:     linalgx.pivots_to_permutation
// CHECK:           arith.addi
// CHECK-SAME:        %[[R]]#3
func.func @init_in_for(%a: tensor<?x?xf32>, %n: index, %acc: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %a, %c1 : tensor<?x?xf32>
  %k = arith.minui %m, %cols : index
  %l0 = tensor.empty(%m, %cols) : tensor<?x?xf32>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<?x?xf32>) outs(%l0, %p0, %i0 : tensor<?x?xf32>, tensor<?xi32>, tensor<i32>) -> tensor<?x?xf32>, tensor<?xi32>, tensor<i32>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%sum = %acc) -> tensor<?xi32> {
    %e = tensor.empty(%m) : tensor<?xi32>
    %q = linalgx.pivots_to_permutation ins(%p : tensor<?xi32>) outs(%e : tensor<?xi32>) -> tensor<?xi32>
    %next = arith.addi %sum, %q : tensor<?xi32>
    scf.yield %next : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

// -----

// The init is a loop's iter_arg: a new tensor.empty of its type, with no
// size to carry over.
// CHECK-LABEL: func.func @init_is_iter_arg
// CHECK:         %[[R:.+]]:4 = linalgx.lu {{.+}} permutation(%{{.+}} : tensor<4xi32>)
// CHECK:         scf.for {{.+}} iter_args
// CHECK-NOT:     linalgx.pivots_to_permutation
// CHECK:           scf.yield %[[R]]#3
func.func @init_is_iter_arg(%a: tensor<4x4xf64>, %n: index, %init: tensor<4xi32>) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l0 = tensor.empty() : tensor<4x4xf64>
  %p0 = tensor.empty() : tensor<4xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<4x4xf64>) outs(%l0, %p0, %i0 : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>) -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%q0 = %init) -> tensor<4xi32> {
    %q = linalgx.pivots_to_permutation ins(%p : tensor<4xi32>) outs(%q0 : tensor<4xi32>) -> tensor<4xi32>
    scf.yield %q : tensor<4xi32>
  }
  return %r : tensor<4xi32>
}

// -----

// A while loop whose body makes the init from its own tensor.dim of the
// input: provably M, but defined in the loop, so the fused lu's init takes M
// from the input before the lu.
// CHECK-LABEL: func.func @init_in_while
// CHECK-SAME:    (%[[A:.+]]: tensor<?x3xf64>
// CHECK:         %[[M:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x3xf64>
// CHECK-NEXT:    %[[E:.+]] = tensor.empty(%[[M]]) : tensor<?xi32>
// CHECK-NEXT:    %[[R:.+]]:4 = linalgx.lu {{.+}} permutation(%[[E]] : tensor<?xi32>)
// CHECK:         scf.while
// CHECK-NOT:     linalgx.pivots_to_permutation
// CHECK:           scf.yield %[[R]]#3
func.func @init_in_while(%a: tensor<?x3xf64>, %m: index, %k: index, %init: tensor<?xi32>) -> tensor<?xi32> {
  %l0 = tensor.empty(%m) : tensor<?x3xf64>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<?x3xf64>) outs(%l0, %p0, %i0 : tensor<?x3xf64>, tensor<?xi32>, tensor<i32>) -> tensor<?x3xf64>, tensor<?xi32>, tensor<i32>
  %r = scf.while (%q0 = %init) : (tensor<?xi32>) -> tensor<?xi32> {
    %false = arith.constant false
    scf.condition(%false) %q0 : tensor<?xi32>
  } do {
  ^bb0(%q1: tensor<?xi32>):
    %c0 = arith.constant 0 : index
    %rows = tensor.dim %a, %c0 : tensor<?x3xf64>
    %e = tensor.empty(%rows) : tensor<?xi32>
    %q = linalgx.pivots_to_permutation ins(%p : tensor<?xi32>) outs(%e : tensor<?xi32>) -> tensor<?xi32>
    scf.yield %q : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

// -----

// Not fused: a while loop's block argument as the init, its length not
// provably M; the program is left as it was.
// CHECK-LABEL: func.func @unknown_length_in_while
// CHECK-NOT:     permutation(
// CHECK:         scf.while
// CHECK:           linalgx.pivots_to_permutation
func.func @unknown_length_in_while(%a: tensor<4x3xf64>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %l0 = tensor.empty() : tensor<4x3xf64>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<4x3xf64>) outs(%l0, %p0, %i0 : tensor<4x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<4x3xf64>, tensor<3xi32>, tensor<i32>
  %r = scf.while (%q0 = %init) : (tensor<?xi32>) -> tensor<?xi32> {
    %false = arith.constant false
    scf.condition(%false) %q0 : tensor<?xi32>
  } do {
  ^bb0(%q1: tensor<?xi32>):
    %q = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q1 : tensor<?xi32>) -> tensor<?xi32>
    scf.yield %q : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

// -----

// Several users of the same pivots: one fused permutation, read by each.
// CHECK-LABEL: func.func @several_users
// CHECK:         %[[R:.+]]:4 = linalgx.lu
// CHECK-NOT:     linalgx.pivots_to_permutation
// CHECK:         scf.if
// CHECK:           scf.yield %[[R]]#3
// CHECK:         return %[[R]]#3, %{{.+}}
func.func @several_users(%a: tensor<3x3xf32>, %c: i1) -> (tensor<3xi32>, tensor<3xi32>) {
  %l0 = tensor.empty() : tensor<3x3xf32>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<3x3xf32>) outs(%l0, %p0, %i0 : tensor<3x3xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf32>, tensor<3xi32>, tensor<i32>
  %e0 = tensor.empty() : tensor<3xi32>
  %q0 = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%e0 : tensor<3xi32>) -> tensor<3xi32>
  %r = scf.if %c -> tensor<3xi32> {
    %e1 = tensor.empty() : tensor<3xi32>
    %q1 = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%e1 : tensor<3xi32>) -> tensor<3xi32>
    scf.yield %q1 : tensor<3xi32>
  } else {
    scf.yield %p : tensor<3xi32>
  }
  return %q0, %r : tensor<3xi32>, tensor<3xi32>
}
