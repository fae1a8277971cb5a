func.func @perm_host_contiguous_strided(%p: memref<3x75xi32, strided<[75, 1]>>, %q: memref<3x75xi32, strided<[75, 1]>>) {
  linalgx.pivots_to_permutation ins(%p : memref<3x75xi32, strided<[75, 1]>>) outs(%q : memref<3x75xi32, strided<[75, 1]>>)
  return
}
