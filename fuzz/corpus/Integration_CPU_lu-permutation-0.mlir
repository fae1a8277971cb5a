func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

memref.global "private" constant @a3 : memref<3x3xf64> =
    dense<[[2.0, 2.0, 2.5], [-1.0, 2.0, -1.25], [4.0, -2.0, 1.0]]>
memref.global "private" constant @tall : memref<2x5x3xf32> =
    dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0], [-9.0, 1.0, 1.0], [2.0, -3.0, 5.0]],
           [[0.5, 1.0, -1.0], [1.0, 0.0, 0.0], [0.0, 3.0, 1.0], [0.0, 0.0, 4.0], [-2.0, 1.0, 1.0]]]>

func.func @fused(%a: tensor<2x5x3xf32>) -> (tensor<2x3xi64>, tensor<2x5xi64>) {
  %l0 = tensor.empty() : tensor<2x5x3xf32>
  %p0 = tensor.empty() : tensor<2x3xi64>
  %i0 = tensor.empty() : tensor<2xi64>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x5x3xf32>)
      outs(%l0, %p0, %i0 : tensor<2x5x3xf32>, tensor<2x3xi64>, tensor<2xi64>)
      -> tensor<2x5x3xf32>, tensor<2x3xi64>, tensor<2xi64>
  %q0 = tensor.empty() : tensor<2x5xi64>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x3xi64>)
      outs(%q0 : tensor<2x5xi64>) -> tensor<2x5xi64>
  return %piv, %perm : tensor<2x3xi64>, tensor<2x5xi64>
}

func.func @main() {
  vector.print str "memref\n"
  %g = memref.get_global @a3 : memref<3x3xf64>
  %lu = memref.alloc() : memref<3x3xf64>
  %p = memref.alloc() : memref<3xi32>
  %i = memref.alloc() : memref<i32>
  %q = memref.alloc() : memref<3xi32>
  linalgx.lu ins(%g : memref<3x3xf64>) outs(%lu, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>)
      permutation(%q : memref<3xi32>)
  %pu = memref.cast %p : memref<3xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %qu = memref.cast %q : memref<3xi32> to memref<*xi32>
  call @printMemrefExactI32(%qu) : (memref<*xi32>) -> ()

  vector.print str "tensor\n"
  %tg = memref.get_global @tall : memref<2x5x3xf32>
  %t = bufferization.to_tensor %tg restrict : memref<2x5x3xf32> to tensor<2x5x3xf32>
  %piv, %perm = call @fused(%t) : (tensor<2x5x3xf32>) -> (tensor<2x3xi64>, tensor<2x5xi64>)
  %pm = bufferization.to_buffer %piv : tensor<2x3xi64> to memref<2x3xi64>
  %pmu = memref.cast %pm : memref<2x3xi64> to memref<*xi64>
  call @printMemrefExactI64(%pmu) : (memref<*xi64>) -> ()
  %qm = bufferization.to_buffer %perm : tensor<2x5xi64> to memref<2x5xi64>
  %qmu = memref.cast %qm : memref<2x5xi64> to memref<*xi64>
  call @printMemrefExactI64(%qmu) : (memref<*xi64>) -> ()
  %ref = memref.alloc() : memref<2x5xi64>
  linalgx.pivots_to_permutation ins(%pm : memref<2x3xi64>) outs(%ref : memref<2x5xi64>)
  %refu = memref.cast %ref : memref<2x5xi64> to memref<*xi64>
  call @printMemrefExactI64(%refu) : (memref<*xi64>) -> ()
  return
}
