func.func @perm_generic_no_operands() {
  "linalgx.pivots_to_permutation"() : () -> ()
  return
}
