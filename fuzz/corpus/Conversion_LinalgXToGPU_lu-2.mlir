func.func @lu_complex_f32_batch3(%m: memref<2x3x4x2x2xcomplex<f32>>, %p: memref<2x3x4x2xi32>, %i: memref<2x3x4xi32>) {
  linalgx.lu ins(%m : memref<2x3x4x2x2xcomplex<f32>>) outs(%m, %p, %i : memref<2x3x4x2x2xcomplex<f32>>, memref<2x3x4x2xi32>, memref<2x3x4xi32>)
  return
}
