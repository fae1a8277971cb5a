func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %a = arith.constant dense<1.0> : tensor<3x3xf64>
  %l = tensor.empty() : tensor<3x3xf64>
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %twice = arith.addf %lu, %lu : tensor<3x3xf64>
  %m = bufferization.to_buffer %twice : tensor<3x3xf64> to memref<3x3xf64>
  %u = memref.cast %m : memref<3x3xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
