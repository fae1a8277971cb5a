func.func @small_f32_permutation(%a: memref<2x4x4xf32>, %p: memref<2x4xi64>,
                                 %i: memref<2xi64>, %perm: memref<2x4xi64>) {
  linalgx.lu ins(%a : memref<2x4x4xf32>)
      outs(%a, %p, %i : memref<2x4x4xf32>, memref<2x4xi64>, memref<2xi64>)
      permutation(%perm : memref<2x4xi64>)
  return
}
