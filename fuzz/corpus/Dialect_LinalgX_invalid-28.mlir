func.func @lu_memref_with_results(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  %0:3 = linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}
