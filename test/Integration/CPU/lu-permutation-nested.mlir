// The permutation of an lu's pivots inside scf.if and scf.for, its init made
// in the nested region: linalgx-fuse-lu-permutation (in both pipelines)
// gives the fused lu an init of its own, so the program still verifies,
// lowers and runs, with the permutation of the 3x3 of lu-f64.mlir (pivots
// 2 2 2: permutation 2 0 1) on every path.
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines
// RUN: linalgx-opt %s --linalgx-cpu-pipeline -o /dev/null
// RUN: %if ptxas %{ linalgx-opt %s --linalgx-gpu-pipeline -o /dev/null %}

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

// The permutation added to itself on each of `n` iterations.
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
  // CHECK:      linalgx.memref i32 1 3
  // CHECK-NEXT: 2 0 1
  %perm = call @permutation_if(%a, %true) : (tensor<3x3xf64>, i1) -> tensor<3xi32>
  call @print(%perm) : (tensor<3xi32>) -> ()
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 2 2
  %piv = call @permutation_if(%a, %false) : (tensor<3x3xf64>, i1) -> tensor<3xi32>
  call @print(%piv) : (tensor<3xi32>) -> ()
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 6 0 3
  %sum = call @permutation_for(%a, %c3) : (tensor<3x3xf64>, index) -> tensor<3xi32>
  call @print(%sum) : (tensor<3xi32>) -> ()
  return
}
