func.func @complex(%a: memref<4x4xcomplex<f32>>, %p: memref<4xi32>, %i: memref<i32>,
                   %b: memref<3x100x100xcomplex<f64>>, %p2: memref<3x100xi32>, %i2: memref<3xi32>) {
  linalgx.lu ins(%a : memref<4x4xcomplex<f32>>) outs(%a, %p, %i : memref<4x4xcomplex<f32>>, memref<4xi32>, memref<i32>)
  linalgx.lu ins(%b : memref<3x100x100xcomplex<f64>>) outs(%b, %p2, %i2 : memref<3x100x100xcomplex<f64>>, memref<3x100xi32>, memref<3xi32>)
  return
}
