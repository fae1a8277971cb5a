func.func @dynamic(%p: memref<?x?xi32>, %perm: memref<?x?xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<?x?xi32>) outs(%perm : memref<?x?xi32>)
  return
}
