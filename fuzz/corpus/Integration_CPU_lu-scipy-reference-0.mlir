func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  vector.print str "real6x6\n"
  %a = arith.constant dense<[
      [0.25, 0.79, 0.55, -0.55, -0.40, 0.75],
      [-0.99, 0.64, 0.59, -0.06, -0.39, -0.44],
      [-0.49, -0.11, 0.01, 0.11, 0.99, 0.59],
      [0.24, 0.98, -0.57, -0.68, 0.23, -0.91],
      [-0.93, 0.03, -0.07, 0.83, 0.26, 0.03],
      [-0.01, -0.50, -0.98, -0.62, 0.38, -0.60]]> : tensor<6x6xf64>
  %l0 = tensor.empty() : tensor<6x6xf64>
  %p0 = tensor.empty() : tensor<6xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<6x6xf64>)
      outs(%l0, %p0, %i0 : tensor<6x6xf64>, tensor<6xi32>, tensor<i32>)
      -> tensor<6x6xf64>, tensor<6xi32>, tensor<i32>
  %q0 = tensor.empty() : tensor<6xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<6xi32>)
      outs(%q0 : tensor<6xi32>) -> tensor<6xi32>
  %pm = bufferization.to_buffer %piv : tensor<6xi32> to memref<6xi32>
  %pu = memref.cast %pm : memref<6xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  %qm = bufferization.to_buffer %perm : tensor<6xi32> to memref<6xi32>
  %qu = memref.cast %qm : memref<6xi32> to memref<*xi32>
  call @printMemrefExactI32(%qu) : (memref<*xi32>) -> ()
  %lum = bufferization.to_buffer %lu : tensor<6x6xf64> to memref<6x6xf64>
  %luu = memref.cast %lum : memref<6x6xf64> to memref<*xf64>
  call @printMemrefF64(%luu) : (memref<*xf64>) -> ()

  vector.print str "complex4x4\n"
  %z = arith.constant dense<[
      [(-0.26, -0.88), (-0.99, -0.22), (0.66, -0.35), (-0.69, -0.70)],
      [(-0.46, 0.63), (0.76, -0.24), (0.02, 0.96), (0.69, 0.18)],
      [(0.28, 0.21), (0.48, 0.28), (-0.82, 0.35), (0.08, -0.70)],
      [(0.02, -0.12), (0.74, -0.52), (-0.28, -0.20), (0.20, -0.81)]]> : tensor<4x4xcomplex<f64>>
  %zl0 = tensor.empty() : tensor<4x4xcomplex<f64>>
  %zp0 = tensor.empty() : tensor<4xi32>
  %zi0 = tensor.empty() : tensor<i32>
  %zlu, %zpiv, %zinfo = linalgx.lu ins(%z : tensor<4x4xcomplex<f64>>)
      outs(%zl0, %zp0, %zi0 : tensor<4x4xcomplex<f64>>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xcomplex<f64>>, tensor<4xi32>, tensor<i32>
  %zpm = bufferization.to_buffer %zpiv : tensor<4xi32> to memref<4xi32>
  %zpu = memref.cast %zpm : memref<4xi32> to memref<*xi32>
  call @printMemrefExactI32(%zpu) : (memref<*xi32>) -> ()
  %zim = bufferization.to_buffer %zinfo : tensor<i32> to memref<i32>
  %ziu = memref.cast %zim : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%ziu) : (memref<*xi32>) -> ()
  return
}
