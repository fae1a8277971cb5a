func.func @lu_host_in_place(%m: memref<2x3x3xcomplex<f64>>, %p: memref<2x3xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%m : memref<2x3x3xcomplex<f64>>) outs(%m, %p, %i : memref<2x3x3xcomplex<f64>>, memref<2x3xi32>, memref<2xi32>)
  return
}
