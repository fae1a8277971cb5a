func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @factor(%a: tensor<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%m, %n) : tensor<?x?xf64>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xf64>)
      outs(%l0, %p0, %i0 : tensor<?x?xf64>, tensor<?xi32>, tensor<i32>)
      -> tensor<?x?xf64>, tensor<?xi32>, tensor<i32>
  %lum = bufferization.to_buffer %lu : tensor<?x?xf64> to memref<?x?xf64>
  %luu = memref.cast %lum : memref<?x?xf64> to memref<*xf64>
  call @printMemrefExactF64(%luu) : (memref<*xf64>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<?xi32> to memref<?xi32>
  %pu = memref.cast %pm : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  vector.print str "zero_column_step2\n"
  %z = arith.constant dense<[[4.0, 0.0, 1.0, 1.0], [2.0, 0.0, 1.0, 3.0],
                             [1.0, 0.0, 1.0, 2.0], [0.0, 0.0, 2.0, 1.0]]> : tensor<4x4xf64>
  %zd = tensor.cast %z : tensor<4x4xf64> to tensor<?x?xf64>
  call @factor(%zd) : (tensor<?x?xf64>) -> ()

  vector.print str "zero_matrix\n"
  %zero = arith.constant dense<0.0> : tensor<2x2xf64>
  %zerod = tensor.cast %zero : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%zerod) : (tensor<?x?xf64>) -> ()

  vector.print str "first_zero_wins\n"
  %d = arith.constant dense<[[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<3x3xf64>
  %dd = tensor.cast %d : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%dd) : (tensor<?x?xf64>) -> ()

  vector.print str "rank_deficient\n"
  %r = arith.constant dense<[[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 1.0, 1.0]]> : tensor<3x3xf64>
  %rd = tensor.cast %r : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%rd) : (tensor<?x?xf64>) -> ()

  vector.print str "rank_one\n"
  %one = arith.constant dense<[[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [4.0, 8.0, 12.0]]> : tensor<3x3xf64>
  %oned = tensor.cast %one : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%oned) : (tensor<?x?xf64>) -> ()

  vector.print str "zero_first_column\n"
  %f = arith.constant dense<[[0.0, 1.0], [0.0, 2.0]]> : tensor<2x2xf64>
  %fd = tensor.cast %f : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%fd) : (tensor<?x?xf64>) -> ()
  return
}
