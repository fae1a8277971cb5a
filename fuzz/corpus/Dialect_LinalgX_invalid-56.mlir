func.func @pivots_aliasing_permutation(%m: memref<3xi32>) {
  linalgx.pivots_to_permutation ins(%m : memref<3xi32>) outs(%m : memref<3xi32>)
  return
}
