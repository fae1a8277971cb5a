func.func private @printMemrefExactC64(memref<*xcomplex<f64>>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactC32(memref<*xcomplex<f32>>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefC64(memref<*xcomplex<f64>>)

func.func @factor_c64(%a: tensor<2x2xcomplex<f64>>) {
  %l0 = tensor.empty() : tensor<2x2xcomplex<f64>>
  %p0 = tensor.empty() : tensor<2xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x2xcomplex<f64>>)
      outs(%l0, %p0, %i0 : tensor<2x2xcomplex<f64>>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xcomplex<f64>>, tensor<2xi32>, tensor<i32>
  %lum = bufferization.to_buffer %lu : tensor<2x2xcomplex<f64>> to memref<2x2xcomplex<f64>>
  %luu = memref.cast %lum : memref<2x2xcomplex<f64>> to memref<*xcomplex<f64>>
  call @printMemrefExactC64(%luu) : (memref<*xcomplex<f64>>) -> ()
  call @printMemrefC64(%luu) : (memref<*xcomplex<f64>>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<2xi32> to memref<2xi32>
  %pu = memref.cast %pm : memref<2xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  vector.print str "l1_measure\n"
  %a = arith.constant dense<[[(3.0, 0.0), (1.0, 0.0)], [(2.0, 2.0), (1.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  call @factor_c64(%a) : (tensor<2x2xcomplex<f64>>) -> ()

  vector.print str "singular_tie\n"
  %s = arith.constant dense<[[(1.0, 1.0), (2.0, 2.0)], [(0.0, 2.0), (0.0, 4.0)]]> : tensor<2x2xcomplex<f64>>
  call @factor_c64(%s) : (tensor<2x2xcomplex<f64>>) -> ()

  vector.print str "c32_i64\n"
  %c = arith.constant dense<[[[(1.0, 1.0), (2.0, 0.0)], [(2.0, 2.0), (1.0, -1.0)]]]> : tensor<1x2x2xcomplex<f32>>
  %cp0 = tensor.empty() : tensor<1x2xi64>
  %ci0 = tensor.empty() : tensor<1xi64>
  %clu, %cpiv, %cinfo = linalgx.lu ins(%c : tensor<1x2x2xcomplex<f32>>)
      outs(%c, %cp0, %ci0 : tensor<1x2x2xcomplex<f32>>, tensor<1x2xi64>, tensor<1xi64>)
      -> tensor<1x2x2xcomplex<f32>>, tensor<1x2xi64>, tensor<1xi64>
  %clum = bufferization.to_buffer %clu : tensor<1x2x2xcomplex<f32>> to memref<1x2x2xcomplex<f32>>
  %cluu = memref.cast %clum : memref<1x2x2xcomplex<f32>> to memref<*xcomplex<f32>>
  call @printMemrefExactC32(%cluu) : (memref<*xcomplex<f32>>) -> ()
  %cpm = bufferization.to_buffer %cpiv : tensor<1x2xi64> to memref<1x2xi64>
  %cpu = memref.cast %cpm : memref<1x2xi64> to memref<*xi64>
  call @printMemrefExactI64(%cpu) : (memref<*xi64>) -> ()
  %cim = bufferization.to_buffer %cinfo : tensor<1xi64> to memref<1xi64>
  %ciu = memref.cast %cim : memref<1xi64> to memref<*xi64>
  call @printMemrefExactI64(%ciu) : (memref<*xi64>) -> ()
  return
}
