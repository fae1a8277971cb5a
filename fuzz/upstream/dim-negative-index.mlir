func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @factor(%a: tensor<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant- 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%m, %n) : tensor<?x?xf64>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xf64>)
      outs(%l0, %p0, %i0 : tensor<?x?xf64>, tensor<?xi32>, tensor<i32>)
      -> tensor<?x?xf64>, tensor<?xi32>, tensor<i32>
  %q0 = tensor.empty(%m) : tensor<?xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<?xi32>)
      outs(%q0 : tensor<?xi32>) -> tensor<?xi32>
  %lum = bufferization.to_buffer %lu : tensor<?x?xf64> to memref<?x?xf64>
  %luu = memref.cast %lum : memref<?x?xf64> to memref<*xf64>
  call @printMemrefExactF64(%luu) : (memref<*xf64>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<?xi32> to memref<?xi32>
  %pu = memref.cast %pm : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  %qm = bufferization.to_buffer %perm : tensor<?xi32> to memref<?xi32>
  %qu = memref.cast %qm : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%qu) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  vector.print str "tall4x2\n"
  %t = arith.constant dense<[[-1.0, -1.5], [3.0, 2.5], [4.0, 2.0], [2.0, -1.0]]> : tensor<4x2xf64>
  %td = tensor.cast %t : tensor<4x2xf64> to tensor<?x?xf64>
  call @factor(%td) : (tensor<?x?xf64>) -> ()

  vector.print str "wide2x4\n"
  %w = arith.constant dense<[[2.0, 4.0, 0.0, -0.5], [4.0, 2.0, -2.0, 1.0]]> : tensor<2x4xf64>
  %wd = tensor.cast %w : tensor<2x4xf64> to tensor<?x?xf64>
  call @factor(%wd) : (tensor<?x?xf64>) -> ()

  vector.print str "wide_zero_u11\n"
  %wz = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 1.0, 1.0]]> : tensor<2x4xf64>
  %wzd = tensor.cast %wz : tensor<2x4xf64> to tensor<?x?xf64>
  call @factor(%wzd) : (tensor<?x?xf64>) -> ()

  vector.print str "column3x1\n"
  %c = arith.constant dense<[[1.0], [-4.0], [2.0]]> : tensor<3x1xf64>
  %cd = tensor.cast %c : tensor<3x1xf64> to tensor<?x?xf64>
  call @factor(%cd) : (tensor<?x?xf64>) -> ()

  vector.print str "row1x3\n"
  %r = arith.constant dense<[[-1.0, 3.0, 2.0]]> : tensor<1x3xf64>
  %rd = tensor.cast %r : tensor<1x3xf64> to tensor<?x?xf64>
  call @factor(%rd) : (tensor<?x?xf64>) -> ()
  return
}
