func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @factor_dynamic_i64(%a: tensor<?x?x?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %b0 = tensor.dim %a, %c0 : tensor<?x?x?x?xf64>
  %b1 = tensor.dim %a, %c1 : tensor<?x?x?x?xf64>
  %m = tensor.dim %a, %c2 : tensor<?x?x?x?xf64>
  %n = tensor.dim %a, %c3 : tensor<?x?x?x?xf64>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%b0, %b1, %m, %n) : tensor<?x?x?x?xf64>
  %p0 = tensor.empty(%b0, %b1, %k) : tensor<?x?x?xi64>
  %i0 = tensor.empty(%b0, %b1) : tensor<?x?xi64>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?x?x?xf64>)
      outs(%l0, %p0, %i0 : tensor<?x?x?x?xf64>, tensor<?x?x?xi64>, tensor<?x?xi64>)
      -> tensor<?x?x?x?xf64>, tensor<?x?x?xi64>, tensor<?x?xi64>
  %pm = bufferization.to_buffer %piv : tensor<?x?x?xi64> to memref<?x?x?xi64>
  %pu = memref.cast %pm : memref<?x?x?xi64> to memref<*xi64>
  call @printMemrefExactI64(%pu) : (memref<*xi64>) -> ()
  %im = bufferization.to_buffer %info : tensor<?x?xi64> to memref<?x?xi64>
  %iu = memref.cast %im : memref<?x?xi64> to memref<*xi64>
  call @printMemrefExactI64(%iu) : (memref<*xi64>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[[[1.0, 2.0], [4.0, 4.0]], [[4.0, 1.0], [2.0, 3.0]], [[0.0, 0.0], [0.0, 0.0]]],
                             [[[1.0, 2.0], [2.0, 4.0]], [[-2.0, 1.0], [2.0, 3.0]], [[0.0, 1.0], [0.0, 2.0]]]]>
      : tensor<2x3x2x2xf64>

  vector.print str "static\n"
  %l0 = tensor.empty() : tensor<2x3x2x2xf64>
  %p0 = tensor.empty() : tensor<2x3x2xi32>
  %i0 = tensor.empty() : tensor<2x3xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x3x2x2xf64>)
      outs(%l0, %p0, %i0 : tensor<2x3x2x2xf64>, tensor<2x3x2xi32>, tensor<2x3xi32>)
      -> tensor<2x3x2x2xf64>, tensor<2x3x2xi32>, tensor<2x3xi32>
  %q0 = tensor.empty() : tensor<2x3x2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x3x2xi32>)
      outs(%q0 : tensor<2x3x2xi32>) -> tensor<2x3x2xi32>
  %lum = bufferization.to_buffer %lu : tensor<2x3x2x2xf64> to memref<2x3x2x2xf64>
  %luu = memref.cast %lum : memref<2x3x2x2xf64> to memref<*xf64>
  call @printMemrefExactF64(%luu) : (memref<*xf64>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<2x3x2xi32> to memref<2x3x2xi32>
  %pu = memref.cast %pm : memref<2x3x2xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<2x3xi32> to memref<2x3xi32>
  %iu = memref.cast %im : memref<2x3xi32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  %qm = bufferization.to_buffer %perm : tensor<2x3x2xi32> to memref<2x3x2xi32>
  %qu = memref.cast %qm : memref<2x3x2xi32> to memref<*xi32>
  call @printMemrefExactI32(%qu) : (memref<*xi32>) -> ()

  vector.print str "dynamic_i64\n"
  %ad = tensor.cast %a : tensor<2x3x2x2xf64> to tensor<?x?x?x?xf64>
  call @factor_dynamic_i64(%ad) : (tensor<?x?x?x?xf64>) -> ()
  return
}
