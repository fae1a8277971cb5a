func.func @huge_columns(%a: memref<2x4611686018427387904xcomplex<f64>>, %p: memref<2xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<2x4611686018427387904xcomplex<f64>>)
      outs(%a, %p, %i : memref<2x4611686018427387904xcomplex<f64>>, memref<2xi64>, memref<i64>)
  return
}
