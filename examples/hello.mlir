// linalgx.lu of one 3x3 matrix: prints L\U, the 0-based pivots and the
// permutation (a[perm] == L·U). Exact in binary, so CPU and GPU print the same.
//   linalgx-runner examples/hello.mlir     (--target=cuda on an NVIDIA GPU)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %a = arith.constant dense<[[2.0, 2.0, 3.0], [1.0, 3.0, -5.0], [4.0, 8.0, -9.0]]> : tensor<3x3xf64>
  %lu0 = tensor.empty() : tensor<3x3xf64>
  %piv0 = tensor.empty() : tensor<3xi32>
  %info0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%lu0, %piv0, %info0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %perm0 = tensor.empty() : tensor<3xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<3xi32>)
      outs(%perm0 : tensor<3xi32>) -> tensor<3xi32>
  %l = bufferization.to_buffer %lu : tensor<3x3xf64> to memref<3x3xf64>
  %lc = memref.cast %l : memref<3x3xf64> to memref<*xf64>
  call @printMemrefF64(%lc) : (memref<*xf64>) -> ()
  %p = bufferization.to_buffer %piv : tensor<3xi32> to memref<3xi32>
  %pc = memref.cast %p : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%pc) : (memref<*xi32>) -> ()
  %q = bufferization.to_buffer %perm : tensor<3xi32> to memref<3xi32>
  %qc = memref.cast %q : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%qc) : (memref<*xi32>) -> ()
  return
}
