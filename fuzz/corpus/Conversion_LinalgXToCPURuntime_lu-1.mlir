func.func @in_place_dynamic_complex(%a: memref<?x?xcomplex<f32>>, %p: memref<?xi64>,
                                    %i: memref<i64>) {
  linalgx.lu ins(%a : memref<?x?xcomplex<f32>>)
      outs(%a, %p, %i : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<i64>)
  return
}
func.func @second_f32(%a: memref<8x8xf32>, %lu: memref<8x8xf32>, %p: memref<8xi32>,
                      %i: memref<i32>) {
  linalgx.lu ins(%a : memref<8x8xf32>)
      outs(%lu, %p, %i : memref<8x8xf32>, memref<8xi32>, memref<i32>)
  return
}
