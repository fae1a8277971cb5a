func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @permutation_if(%a: tensor<3x3xf64>, %c: i1) -> tensor<3xi32> {
  %l0 = tensor.empty() : tensor<3x3xf64>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %r = scf.if %c -> tensor<3xi32> {
    %e = tensor.empty() : tensor<3xi32>
    %q = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%e : tensor<3xi32>) -> tensor<3xi32>
    scf.yield %q : tensor<3xi32>
  } else {
    scf.yield %p : tensor<3xi32>
  }
  return %r : tensor<3xi32>
}

func.func @permutation_for(%a: tensor<3x3xf64>, %n: index) -> tensor<3xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0> : tensor<3xi32>
  %l0 = tensor.empty() : tensor<3x3xf64>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%sum = %zero) -> tensor<3xi32> {
    %e = tensor.empty() : tensor<3xi32>
    %q = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%e : tensor<3xi32>) -> tensor<3xi32>
    %next = linalg.add ins(%sum, %q : tensor<3xi32>, tensor<3xi32>) outs(%sum : tensor<3xi32>) -> tensor<3xi32>
    scf.yield %next : tensor<3xi32>
  }
  return %r : tensor<3xi32>
}

func.func @print(%t: tensor<3xi32>) {
  %m = bufferization.to_buffer %t : tensor<3xi32> to memref<3xi32>
  %u = memref.cast %m : memref<3xi32> to memref<*xi32>
  call @printMemrefExactI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[2.0, 2.0, 2.5], [-1.0, 2.0, -1.25], [4.0, -2.0, 1.0]]> : tensor<3x3xf64>
  %true = arith.constant true
  %false = arith.constant false
  %c3 = arith.constant 3 : index
  %perm = call @permutation_if(%a, %true) : (tensor<3x3xf64>, i1) -> tensor<3xi32>
  call @print(%perm) : (tensor<3xi32>) -> ()
  %piv = call @permutation_if(%a, %false) : (tensor<3x3xf64>, i1) -> tensor<3xi32>
  call @print(%piv) : (tensor<3xi32>) -> ()
  %sum = call @permutation_for(%a, %c3) : (tensor<3x3xf64>, index) -> tensor<3xi32>
  call @print(%sum) : (tensor<3xi32>) -> ()
  return
}
