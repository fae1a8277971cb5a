func.func @lu_complex_f64_dynamic(%m: memref<?x?x?xcomplex<f64>>, %p: memref<?x?xi64>, %i: memref<?xi64>) {
  linalgx.lu ins(%m : memref<?x?x?xcomplex<f64>>) outs(%m, %p, %i : memref<?x?x?xcomplex<f64>>, memref<?x?xi64>, memref<?xi64>)
  return
}
