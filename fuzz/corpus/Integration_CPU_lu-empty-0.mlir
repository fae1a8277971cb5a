func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @print_f64(%t: tensor<*xf64>) {
  %m = bufferization.to_buffer %t : tensor<*xf64> to memref<*xf64>
  call @printMemrefExactF64(%m) : (memref<*xf64>) -> ()
  return
}

func.func @print_i32(%t: tensor<*xi32>) {
  %m = bufferization.to_buffer %t : tensor<*xi32> to memref<*xi32>
  call @printMemrefExactI32(%m) : (memref<*xi32>) -> ()
  return
}

func.func @factor(%a: tensor<?x?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %a, %c0 : tensor<?x?x?xf64>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf64>
  %n = tensor.dim %a, %c2 : tensor<?x?x?xf64>
  %k = arith.minui %m, %n : index
  %seven = arith.constant 7.0 : f64
  %junk = arith.constant 99 : i32
  %e0 = tensor.empty(%b, %m, %n) : tensor<?x?x?xf64>
  %l0 = linalg.fill ins(%seven : f64) outs(%e0 : tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  %e1 = tensor.empty(%b, %k) : tensor<?x?xi32>
  %p0 = linalg.fill ins(%junk : i32) outs(%e1 : tensor<?x?xi32>) -> tensor<?x?xi32>
  %e2 = tensor.empty(%b) : tensor<?xi32>
  %i0 = linalg.fill ins(%junk : i32) outs(%e2 : tensor<?xi32>) -> tensor<?xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?x?xf64>)
      outs(%l0, %p0, %i0 : tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>)
      -> tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>
  %luu = tensor.cast %lu : tensor<?x?x?xf64> to tensor<*xf64>
  call @print_f64(%luu) : (tensor<*xf64>) -> ()
  %pu = tensor.cast %piv : tensor<?x?xi32> to tensor<*xi32>
  call @print_i32(%pu) : (tensor<*xi32>) -> ()
  %iu = tensor.cast %info : tensor<?xi32> to tensor<*xi32>
  call @print_i32(%iu) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  vector.print str "batch0\n"
  %z = arith.constant dense<0.0> : tensor<0x3x3xf64>
  %zl = tensor.empty() : tensor<0x3x3xf64>
  %zp = tensor.empty() : tensor<0x3xi32>
  %zi = tensor.empty() : tensor<0xi32>
  %zlu, %zpiv, %zinfo = linalgx.lu ins(%z : tensor<0x3x3xf64>)
      outs(%zl, %zp, %zi : tensor<0x3x3xf64>, tensor<0x3xi32>, tensor<0xi32>)
      -> tensor<0x3x3xf64>, tensor<0x3xi32>, tensor<0xi32>
  %zluu = tensor.cast %zlu : tensor<0x3x3xf64> to tensor<*xf64>
  call @print_f64(%zluu) : (tensor<*xf64>) -> ()
  %zpu = tensor.cast %zpiv : tensor<0x3xi32> to tensor<*xi32>
  call @print_i32(%zpu) : (tensor<*xi32>) -> ()
  %ziu = tensor.cast %zinfo : tensor<0xi32> to tensor<*xi32>
  call @print_i32(%ziu) : (tensor<*xi32>) -> ()

  vector.print str "batch0_dynamic\n"
  %zd = tensor.cast %z : tensor<0x3x3xf64> to tensor<?x?x?xf64>
  call @factor(%zd) : (tensor<?x?x?xf64>) -> ()

  vector.print str "rows0\n"
  %r = arith.constant dense<0.0> : tensor<2x0x3xf64>
  %rd = tensor.cast %r : tensor<2x0x3xf64> to tensor<?x?x?xf64>
  call @factor(%rd) : (tensor<?x?x?xf64>) -> ()

  vector.print str "cols0\n"
  %c = arith.constant dense<0.0> : tensor<1x3x0xf64>
  %cd = tensor.cast %c : tensor<1x3x0xf64> to tensor<?x?x?xf64>
  call @factor(%cd) : (tensor<?x?x?xf64>) -> ()

  vector.print str "empty0x0\n"
  %e = arith.constant dense<0.0> : tensor<0x0xf64>
  %el = tensor.empty() : tensor<0x0xf64>
  %ep = tensor.empty() : tensor<0xi32>
  %junk = arith.constant 99 : i32
  %ei_e = tensor.empty() : tensor<i32>
  %ei = linalg.fill ins(%junk : i32) outs(%ei_e : tensor<i32>) -> tensor<i32>
  %elu, %epiv, %einfo = linalgx.lu ins(%e : tensor<0x0xf64>)
      outs(%el, %ep, %ei : tensor<0x0xf64>, tensor<0xi32>, tensor<i32>)
      -> tensor<0x0xf64>, tensor<0xi32>, tensor<i32>
  %eluu = tensor.cast %elu : tensor<0x0xf64> to tensor<*xf64>
  call @print_f64(%eluu) : (tensor<*xf64>) -> ()
  %eiu = tensor.cast %einfo : tensor<i32> to tensor<*xi32>
  call @print_i32(%eiu) : (tensor<*xi32>) -> ()

  vector.print str "perm_k0\n"
  %np = arith.constant dense<0> : tensor<0xi32>
  %q4e = tensor.empty() : tensor<4xi32>
  %q4 = linalg.fill ins(%junk : i32) outs(%q4e : tensor<4xi32>) -> tensor<4xi32>
  %perm4 = linalgx.pivots_to_permutation ins(%np : tensor<0xi32>) outs(%q4 : tensor<4xi32>) -> tensor<4xi32>
  %perm4u = tensor.cast %perm4 : tensor<4xi32> to tensor<*xi32>
  call @print_i32(%perm4u) : (tensor<*xi32>) -> ()
  %q0 = tensor.empty() : tensor<0xi32>
  %perm0 = linalgx.pivots_to_permutation ins(%np : tensor<0xi32>) outs(%q0 : tensor<0xi32>) -> tensor<0xi32>
  %perm0u = tensor.cast %perm0 : tensor<0xi32> to tensor<*xi32>
  call @print_i32(%perm0u) : (tensor<*xi32>) -> ()
  return
}
