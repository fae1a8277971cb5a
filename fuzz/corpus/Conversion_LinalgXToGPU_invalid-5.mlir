func.func @lu_rectangular(%a: memref<2x4x3xf64>, %p: memref<2x3xi32>, %i: memref<2xi32>, %s: memref<3x3xf64>, %sp: memref<3xi32>, %si: memref<i32>) {
  linalgx.lu ins(%a : memref<2x4x3xf64>) outs(%a, %p, %i : memref<2x4x3xf64>, memref<2x3xi32>, memref<2xi32>)
  linalgx.lu ins(%s : memref<3x3xf64>) outs(%s, %sp, %si : memref<3x3xf64>, memref<3xi32>, memref<i32>)
  return
}
