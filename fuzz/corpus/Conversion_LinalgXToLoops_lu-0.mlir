func.func @lu_f64_batched(%a: memref<2x4x3xf64>, %l: memref<2x4x3xf64>, %p: memref<2x3xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x4x3xf64>) outs(%l, %p, %i : memref<2x4x3xf64>, memref<2x3xi32>, memref<2xi32>)
  return
}

func.func @lu_in_place_unbatched(%m: memref<3x3xf32>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%m : memref<3x3xf32>) outs(%m, %p, %i : memref<3x3xf32>, memref<3xi32>, memref<i32>)
  return
}

func.func @lu_complex_i64(%m: memref<3x3xcomplex<f32>>, %p: memref<3xi64>, %i: memref<i64>) {
  linalgx.lu ins(%m : memref<3x3xcomplex<f32>>) outs(%m, %p, %i : memref<3x3xcomplex<f32>>, memref<3xi64>, memref<i64>)
  return
}

func.func @lu_complex_f64_wide(%a: memref<2x5xcomplex<f64>>, %l: memref<2x5xcomplex<f64>>, %p: memref<2xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<2x5xcomplex<f64>>) outs(%l, %p, %i : memref<2x5xcomplex<f64>>, memref<2xi32>, memref<i32>)
  return
}

func.func @lu_batch3_dynamic(%m: memref<2x3x?x?x?xf32>, %p: memref<2x3x?x?xi32>, %i: memref<2x3x?xi32>) {
  linalgx.lu ins(%m : memref<2x3x?x?x?xf32>) outs(%m, %p, %i : memref<2x3x?x?x?xf32>, memref<2x3x?x?xi32>, memref<2x3x?xi32>)
  return
}

func.func @lu_copy_strided(%a: memref<3x3xf64, strided<[4, 1]>>, %l: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<3x3xf64, strided<[4, 1]>>) outs(%l, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>)
  return
}
