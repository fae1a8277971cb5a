func.func @lu_generic_three_operands(%a: memref<3x3xf64>, %p: memref<3xi32>) {
  "linalgx.lu"(%a, %a, %p) : (memref<3x3xf64>, memref<3x3xf64>, memref<3xi32>) -> ()
  return
}
