func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>)

func.func @perm(%p: tensor<?xi32>, %n: index) {
  %junk = arith.constant -7 : i32
  %e = tensor.empty(%n) : tensor<?xi32>
  %q = linalg.fill ins(%junk : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %r = linalgx.pivots_to_permutation ins(%p : tensor<?xi32>) outs(%q : tensor<?xi32>) -> tensor<?xi32>
  %m = bufferization.to_buffer %r : tensor<?xi32> to memref<?xi32>
  %u = memref.cast %m : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @perm_one_based(%p: tensor<?xi32>, %n: index) {
  %junk = arith.constant -7 : i32
  %e = tensor.empty(%n) : tensor<?xi32>
  %q = linalg.fill ins(%junk : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %r = linalgx.pivots_to_permutation one_based ins(%p : tensor<?xi32>) outs(%q : tensor<?xi32>) -> tensor<?xi32>
  %m = bufferization.to_buffer %r : tensor<?xi32> to memref<?xi32>
  %u = memref.cast %m : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index

  vector.print str "square\n"
  %p1 = arith.constant dense<[2, 2, 2]> : tensor<3xi32>
  %p1d = tensor.cast %p1 : tensor<3xi32> to tensor<?xi32>
  call @perm(%p1d, %c3) : (tensor<?xi32>, index) -> ()

  vector.print str "n_greater_than_k\n"
  %p2 = arith.constant dense<[1, 3]> : tensor<2xi32>
  %p2d = tensor.cast %p2 : tensor<2xi32> to tensor<?xi32>
  call @perm(%p2d, %c5) : (tensor<?xi32>, index) -> ()

  vector.print str "all_out_of_range\n"
  %p3 = arith.constant dense<[-1, 5, 2, 7]> : tensor<4xi32>
  %p3d = tensor.cast %p3 : tensor<4xi32> to tensor<?xi32>
  call @perm(%p3d, %c5) : (tensor<?xi32>, index) -> ()

  vector.print str "some_out_of_range\n"
  %p4 = arith.constant dense<[-1, 3, 5, 0]> : tensor<4xi32>
  %p4d = tensor.cast %p4 : tensor<4xi32> to tensor<?xi32>
  call @perm(%p4d, %c5) : (tensor<?xi32>, index) -> ()

  vector.print str "one_based\n"
  %p5 = arith.constant dense<[3, 3, 3]> : tensor<3xi32>
  %p5d = tensor.cast %p5 : tensor<3xi32> to tensor<?xi32>
  call @perm_one_based(%p5d, %c3) : (tensor<?xi32>, index) -> ()

  vector.print str "one_based_edges\n"
  %p6 = arith.constant dense<[0, 2]> : tensor<2xi32>
  %p6d = tensor.cast %p6 : tensor<2xi32> to tensor<?xi32>
  call @perm_one_based(%p6d, %c2) : (tensor<?xi32>, index) -> ()

  vector.print str "one_based_int_min\n"
  %p7 = arith.constant dense<[-2147483648, 3, 1]> : tensor<3xi32>
  %p7d = tensor.cast %p7 : tensor<3xi32> to tensor<?xi32>
  call @perm_one_based(%p7d, %c3) : (tensor<?xi32>, index) -> ()

  vector.print str "i64_memref\n"
  %g = memref.get_global @pivots_i64 : memref<2xi64>
  %q64 = memref.alloc() : memref<3xi64>
  linalgx.pivots_to_permutation ins(%g : memref<2xi64>) outs(%q64 : memref<3xi64>)
  %q64u = memref.cast %q64 : memref<3xi64> to memref<*xi64>
  call @printMemrefExactI64(%q64u) : (memref<*xi64>) -> ()
  call @printMemrefI64(%q64u) : (memref<*xi64>) -> ()

  vector.print str "batched_i64\n"
  %pb = arith.constant dense<[[[4, 4, 3], [1, 2, 3], [2, 3, 4]],
                              [[0, 5, 1], [3, 1, 1], [4, 3, 2]]]> : tensor<2x3x3xi64>
  %qb = tensor.empty() : tensor<2x3x4xi64>
  %rb = linalgx.pivots_to_permutation one_based ins(%pb : tensor<2x3x3xi64>)
      outs(%qb : tensor<2x3x4xi64>) -> tensor<2x3x4xi64>
  %rbm = bufferization.to_buffer %rb : tensor<2x3x4xi64> to memref<2x3x4xi64>
  %rbu = memref.cast %rbm : memref<2x3x4xi64> to memref<*xi64>
  call @printMemrefExactI64(%rbu) : (memref<*xi64>) -> ()
  return
}

memref.global "private" constant @pivots_i64 : memref<2xi64> = dense<[4294967296, 2]>
