func.func private @linalgx_kernels()
func.func @perm(%p: memref<3xi32>, %q: memref<5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<5xi32>)
  return
}
