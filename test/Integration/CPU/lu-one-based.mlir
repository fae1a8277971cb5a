// linalgx.lu with `one_based` pivots on every CPU path: the pivots are
// LAPACK's (1-based), the permutation the op writes is the one
// pivots_to_permutation computes from them with `one_based`, and info and
// the factors are those of the 0-based op. Matrices of lu-swaps.mlir (exact
// dyadic factors) and a batch with a singular matrix and i64 pivots.
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=loops %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=lapack %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=unblocked %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=generated %s | FileCheck %s --match-full-lines
// RUN: linalgx-opt %s --convert-linalgx-to-linalg | linalgx-runner - | FileCheck %s --match-full-lines
// RUN: linalgx-opt %s --linalgx-fuse-lu-permutation | linalgx-runner - | FileCheck %s --match-full-lines

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @printI32(%t: tensor<?xi32>) {
  %m = bufferization.to_buffer %t : tensor<?xi32> to memref<?xi32>
  %u = memref.cast %m : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%u) : (memref<*xi32>) -> ()
  return
}

// Prints lu, the 1-based pivots, info, the permutation the lu writes and
// the permutation pivots_to_permutation one_based computes from the pivots.
func.func @factor(%a: tensor<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%m, %n) : tensor<?x?xf64>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %q0 = tensor.empty(%m) : tensor<?xi32>
  %lu, %piv, %info, %perm = linalgx.lu one_based ins(%a : tensor<?x?xf64>)
      outs(%l0, %p0, %i0 : tensor<?x?xf64>, tensor<?xi32>, tensor<i32>)
      permutation(%q0 : tensor<?xi32>)
      -> tensor<?x?xf64>, tensor<?xi32>, tensor<i32>, tensor<?xi32>
  %r0 = tensor.empty(%m) : tensor<?xi32>
  %fromPivots = linalgx.pivots_to_permutation one_based
      ins(%piv : tensor<?xi32>) outs(%r0 : tensor<?xi32>) -> tensor<?xi32>
  %lum = bufferization.to_buffer %lu : tensor<?x?xf64> to memref<?x?xf64>
  %luu = memref.cast %lum : memref<?x?xf64> to memref<*xf64>
  call @printMemrefExactF64(%luu) : (memref<*xf64>) -> ()
  call @printI32(%piv) : (tensor<?xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  call @printI32(%perm) : (tensor<?xi32>) -> ()
  call @printI32(%fromPivots) : (tensor<?xi32>) -> ()
  return
}

func.func @main() {
  // CHECK-LABEL: every_step4
  // CHECK-NEXT: linalgx.memref f64 2 4 4
  // CHECK-NEXT: 0x1p+3 0x1p+2 -0x1p+1 0x1p+1 0x1p-1 -0x1p+2 0x1p+1 0x1p+0 -0x1p-1 0x1p-2 0x1p+1 -0x1p+0 0x1p-2 -0x1p-1 0x1p-1 0x1.8p+1
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 4 4 4 4
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 3 0 1 2
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 3 0 1 2
  vector.print str "every_step4\n"
  %a4 = arith.constant dense<[[4.0, -2.0, 1.0, 2.0], [-4.0, -3.0, 3.5, -1.75],
                              [2.0, 3.0, -0.5, 2.5], [8.0, 4.0, -2.0, 2.0]]> : tensor<4x4xf64>
  %a4d = tensor.cast %a4 : tensor<4x4xf64> to tensor<?x?xf64>
  call @factor(%a4d) : (tensor<?x?xf64>) -> ()

  // CHECK-LABEL: every_step5x3
  // CHECK-NEXT: linalgx.memref f64 2 5 3
  // CHECK-NEXT: 0x1p+2 0x1p+1 -0x1p+0 0x1p-1 0x1p+1 0x1p+0 -0x1p-2 0x1p-1 0x1p+2 0x1p-1 -0x1p-1 0x1p-2 0x1.8p-1 0x1p-2 -0x1p-1
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 5 5 5
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 4 0 1 3 2
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 4 0 1 3 2
  vector.print str "every_step5x3\n"
  %a5 = arith.constant dense<[[2.0, 3.0, 0.5], [-1.0, 0.5, 4.75], [3.0, 2.0, -2.5],
                              [2.0, 0.0, 0.0], [4.0, 2.0, -1.0]]> : tensor<5x3xf64>
  %a5d = tensor.cast %a5 : tensor<5x3xf64> to tensor<?x?xf64>
  call @factor(%a5d) : (tensor<?x?xf64>) -> ()

  // A batch on memrefs with i64 pivots: the anti-diagonal [1, 2, 4, 8]
  // (pivots 0-based [3, 2, 2, 3]) and a matrix whose second column is zero
  // below the first row (info 2, the step's pivot row is the step itself).
  // CHECK-LABEL: batch_i64
  // CHECK-NEXT: linalgx.memref i64 2 2 4
  // CHECK-NEXT: 4 3 3 4 1 2 3 4
  // CHECK-NEXT: linalgx.memref i64 1 2
  // CHECK-NEXT: 0 2
  // CHECK-NEXT: linalgx.memref i64 2 2 4
  // CHECK-NEXT: 3 2 1 0 0 1 2 3
  vector.print str "batch_i64\n"
  %b = arith.constant dense<[[[0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 2.0, 0.0],
                              [0.0, 4.0, 0.0, 0.0], [8.0, 0.0, 0.0, 0.0]],
                             [[4.0, 1.0, 2.0, 3.0], [2.0, 0.5, 1.0, -1.0],
                              [1.0, 0.25, 3.0, 2.0], [-2.0, -0.5, 1.0, 1.0]]]> : tensor<2x4x4xf64>
  %bd = tensor.cast %b : tensor<2x4x4xf64> to tensor<?x?x?xf64>
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %l0 = tensor.empty(%c2, %c4, %c4) : tensor<?x?x?xf64>
  %p0 = tensor.empty(%c2, %c4) : tensor<?x?xi64>
  %i0 = tensor.empty(%c2) : tensor<?xi64>
  %q0 = tensor.empty(%c2, %c4) : tensor<?x?xi64>
  %lu, %piv, %info, %perm = linalgx.lu one_based ins(%bd : tensor<?x?x?xf64>)
      outs(%l0, %p0, %i0 : tensor<?x?x?xf64>, tensor<?x?xi64>, tensor<?xi64>)
      permutation(%q0 : tensor<?x?xi64>)
      -> tensor<?x?x?xf64>, tensor<?x?xi64>, tensor<?xi64>, tensor<?x?xi64>
  %pm = bufferization.to_buffer %piv : tensor<?x?xi64> to memref<?x?xi64>
  %pu = memref.cast %pm : memref<?x?xi64> to memref<*xi64>
  call @printMemrefExactI64(%pu) : (memref<*xi64>) -> ()
  %im = bufferization.to_buffer %info : tensor<?xi64> to memref<?xi64>
  %iu = memref.cast %im : memref<?xi64> to memref<*xi64>
  call @printMemrefExactI64(%iu) : (memref<*xi64>) -> ()
  %qm = bufferization.to_buffer %perm : tensor<?x?xi64> to memref<?x?xi64>
  %qu = memref.cast %qm : memref<?x?xi64> to memref<*xi64>
  call @printMemrefExactI64(%qu) : (memref<*xi64>) -> ()
  return
}
