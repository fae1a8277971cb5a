func.func @complex(%a: memref<8x8xcomplex<f64>>, %p: memref<8xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<8x8xcomplex<f64>>)
      outs(%a, %p, %i : memref<8x8xcomplex<f64>>, memref<8xi32>, memref<i32>)
  return
}
