func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0], [4.0, 4.0]]> : tensor<2x2xf64>
  %l0 = tensor.empty() : tensor<2x2xf64>
  %p0 = tensor.empty() : tensor<2xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x2xf64>)
      outs(%l0, %p0, %i0 : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  %m = bufferization.to_buffer %lu : tensor<2x2xf64> to memref<2x2xf64>
  %u = memref.cast %m : memref<2x2xf64> to memref<*xf64>
  call @printMemrefExactF64(%u) : (memref<*xf64>) -> ()
  return
}
