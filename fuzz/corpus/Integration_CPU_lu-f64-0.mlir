func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI32(memref<*xi32>)

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
  vector.print str "swap2\n"
  %swap2 = arith.constant dense<[[1.0, 2.0], [4.0, 4.0]]> : tensor<2x2xf64>
  %swap2d = tensor.cast %swap2 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%swap2d) : (tensor<?x?xf64>) -> ()

  vector.print str "noswap2\n"
  %noswap2 = arith.constant dense<[[4.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf64>
  %noswap2d = tensor.cast %noswap2 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%noswap2d) : (tensor<?x?xf64>) -> ()

  vector.print str "two_swaps3\n"
  %two = arith.constant dense<[[2.0, 2.0, 2.5], [-1.0, 2.0, -1.25], [4.0, -2.0, 1.0]]> : tensor<3x3xf64>
  %twod = tensor.cast %two : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%twod) : (tensor<?x?xf64>) -> ()

  vector.print str "tie3\n"
  %tie = arith.constant dense<[[2.0, 3.0, 0.0], [-4.0, 2.0, 1.0], [4.0, 0.0, 2.0]]> : tensor<3x3xf64>
  %tied = tensor.cast %tie : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%tied) : (tensor<?x?xf64>) -> ()

  vector.print str "mlir_printers\n"
  %l0 = tensor.empty() : tensor<2x2xf64>
  %p0 = tensor.empty() : tensor<2xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%swap2 : tensor<2x2xf64>)
      outs(%l0, %p0, %i0 : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  %lum = bufferization.to_buffer %lu : tensor<2x2xf64> to memref<2x2xf64>
  %luu = memref.cast %lum : memref<2x2xf64> to memref<*xf64>
  call @printMemrefF64(%luu) : (memref<*xf64>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<2xi32> to memref<2xi32>
  %pu = memref.cast %pm : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%pu) : (memref<*xi32>) -> ()

  vector.print str "tensor_block\n"
  %big = arith.constant dense<[[9.0, 9.0, 9.0], [9.0, 1.0, 2.0], [9.0, 4.0, 4.0]]> : tensor<3x3xf64>
  %blk = tensor.extract_slice %big[1, 1] [2, 2] [1, 1] : tensor<3x3xf64> to tensor<2x2xf64>
  %bp0 = tensor.empty() : tensor<2xi32>
  %bi0 = tensor.empty() : tensor<i32>
  %blu, %bpiv, %binfo = linalgx.lu ins(%blk : tensor<2x2xf64>)
      outs(%blk, %bp0, %bi0 : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  %new = tensor.insert_slice %blu into %big[1, 1] [2, 2] [1, 1] : tensor<2x2xf64> into tensor<3x3xf64>
  %newd = tensor.cast %new : tensor<3x3xf64> to tensor<?x?xf64>
  %newm = bufferization.to_buffer %newd : tensor<?x?xf64> to memref<?x?xf64>
  %newu = memref.cast %newm : memref<?x?xf64> to memref<*xf64>
  call @printMemrefExactF64(%newu) : (memref<*xf64>) -> ()
  %bigm = bufferization.to_buffer %big : tensor<3x3xf64> to memref<3x3xf64>
  %bigu = memref.cast %bigm : memref<3x3xf64> to memref<*xf64>
  call @printMemrefExactF64(%bigu) : (memref<*xf64>) -> ()
  return
}
