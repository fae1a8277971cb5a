func.func private @printMemrefExactF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @factor_i32(%a: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xf32>)
      outs(%l0, %p0, %i0 : tensor<?x?xf32>, tensor<?xi32>, tensor<i32>)
      -> tensor<?x?xf32>, tensor<?xi32>, tensor<i32>
  %lum = bufferization.to_buffer %lu : tensor<?x?xf32> to memref<?x?xf32>
  %luu = memref.cast %lum : memref<?x?xf32> to memref<*xf32>
  call @printMemrefExactF32(%luu) : (memref<*xf32>) -> ()
  call @printMemrefF32(%luu) : (memref<*xf32>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<?xi32> to memref<?xi32>
  %pu = memref.cast %pm : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  return
}

func.func @factor_i64(%a: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %p0 = tensor.empty(%k) : tensor<?xi64>
  %i0 = tensor.empty() : tensor<i64>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xf32>)
      outs(%l0, %p0, %i0 : tensor<?x?xf32>, tensor<?xi64>, tensor<i64>)
      -> tensor<?x?xf32>, tensor<?xi64>, tensor<i64>
  %lum = bufferization.to_buffer %lu : tensor<?x?xf32> to memref<?x?xf32>
  %luu = memref.cast %lum : memref<?x?xf32> to memref<*xf32>
  call @printMemrefExactF32(%luu) : (memref<*xf32>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<?xi64> to memref<?xi64>
  %pu = memref.cast %pm : memref<?xi64> to memref<*xi64>
  call @printMemrefExactI64(%pu) : (memref<*xi64>) -> ()
  call @printMemrefI64(%pu) : (memref<*xi64>) -> ()
  %im = bufferization.to_buffer %info : tensor<i64> to memref<i64>
  %iu = memref.cast %im : memref<i64> to memref<*xi64>
  call @printMemrefExactI64(%iu) : (memref<*xi64>) -> ()
  return
}

func.func @main() {
  vector.print str "inexact2\n"
  %a2 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %a2d = tensor.cast %a2 : tensor<2x2xf32> to tensor<?x?xf32>
  call @factor_i32(%a2d) : (tensor<?x?xf32>) -> ()

  vector.print str "two_swaps3_i32\n"
  %a3 = arith.constant dense<[[2.0, 2.0, 2.5], [-1.0, 2.0, -1.25], [4.0, -2.0, 1.0]]> : tensor<3x3xf32>
  %a3d = tensor.cast %a3 : tensor<3x3xf32> to tensor<?x?xf32>
  call @factor_i32(%a3d) : (tensor<?x?xf32>) -> ()

  vector.print str "two_swaps3_i64\n"
  call @factor_i64(%a3d) : (tensor<?x?xf32>) -> ()

  vector.print str "singular_i64\n"
  %s2 = arith.constant dense<[[1.0, 2.0], [2.0, 4.0]]> : tensor<2x2xf32>
  %s2d = tensor.cast %s2 : tensor<2x2xf32> to tensor<?x?xf32>
  call @factor_i64(%s2d) : (tensor<?x?xf32>) -> ()
  return
}
