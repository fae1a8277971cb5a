func.func @factor(%a: memref<2x4x4xf64>, %lu: memref<2x4x4xf64>, %piv: memref<2x4xi32>, %info: memref<2xi32>, %perm: memref<2x4xi32>) {
  linalgx.lu ins(%a : memref<2x4x4xf64>) outs(%lu, %piv, %info : memref<2x4x4xf64>, memref<2x4xi32>, memref<2xi32>)
  linalgx.pivots_to_permutation ins(%piv : memref<2x4xi32>) outs(%perm : memref<2x4xi32>)
  return
}
