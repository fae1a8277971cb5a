func.func @huge_rows(%a: memref<9223372036854775807x2xf64>, %p: memref<2xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<9223372036854775807x2xf64>)
      outs(%a, %p, %i : memref<9223372036854775807x2xf64>, memref<2xi64>, memref<i64>)
  return
}
