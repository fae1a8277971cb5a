func.func @perm_generic_one_based_not_unit(%p: memref<3xi32>, %q: memref<3xi32>) {
  "linalgx.pivots_to_permutation"(%p, %q) <{one_based = 1 : i32}> : (memref<3xi32>, memref<3xi32>) -> ()
  return
}
