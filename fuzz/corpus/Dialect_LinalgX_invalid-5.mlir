func.func @lu_input_bf16(%a: memref<2x2xbf16>, %p: memref<2xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<2x2xbf16>) outs(%a, %p, %i : memref<2x2xbf16>, memref<2xi32>, memref<i32>)
  return
}
