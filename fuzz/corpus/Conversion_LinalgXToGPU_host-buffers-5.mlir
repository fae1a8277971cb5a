func.func @perm_host_contiguous_dynamic(%p: memref<?x75xi64, strided<[75, 1]>>, %q: memref<?x75xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<?x75xi64, strided<[75, 1]>>) outs(%q : memref<?x75xi64>)
  return
}
