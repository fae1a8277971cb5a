// linalgx.pivots_to_permutation: perm = [0, N), then for i < K swap perm[i]
// and perm[j], j = pivots[i] (- 1 with one_based), skipping any j outside
// [0, N). Checked for N == K, N > K, out-of-range pivots (negative, >= N,
// wrap-around of the one_based subtraction), i32 and i64, batches, and the
// memref form; the outs are pre-filled with junk, which must not survive.
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>)

// Zero-based permutation of size N from 1-D i32 pivots.
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

// The same with one_based pivots.
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

  // N == K: pivots [2, 2, 2] -> swap(0, 2): [2, 1, 0]; swap(1, 2): [2, 0, 1].
  // CHECK-LABEL: square
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 0 1
  vector.print str "square\n"
  %p1 = arith.constant dense<[2, 2, 2]> : tensor<3xi32>
  %p1d = tensor.cast %p1 : tensor<3xi32> to tensor<?xi32>
  call @perm(%p1d, %c3) : (tensor<?xi32>, index) -> ()

  // N = 5 > K = 2 (the pivots of a 5x2 LU): [1, 3] -> swap(0, 1):
  // [1, 0, 2, 3, 4]; swap(1, 3): [1, 3, 2, 0, 4]. Rows past K take part.
  // CHECK-LABEL: n_greater_than_k
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 1 3 2 0 4
  vector.print str "n_greater_than_k\n"
  %p2 = arith.constant dense<[1, 3]> : tensor<2xi32>
  %p2d = tensor.cast %p2 : tensor<2xi32> to tensor<?xi32>
  call @perm(%p2d, %c5) : (tensor<?xi32>, index) -> ()

  // Out of range only: -1 (negative), 5 (== N), 7 (> N) are skipped and 2
  // at step 2 swaps perm[2] with itself: the identity.
  // CHECK-LABEL: all_out_of_range
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 0 1 2 3 4
  vector.print str "all_out_of_range\n"
  %p3 = arith.constant dense<[-1, 5, 2, 7]> : tensor<4xi32>
  %p3d = tensor.cast %p3 : tensor<4xi32> to tensor<?xi32>
  call @perm(%p3d, %c5) : (tensor<?xi32>, index) -> ()

  // Mixed: [-1, 3, 5, 0] -> skip; swap(1, 3): [0, 3, 2, 1, 4]; skip;
  // swap(3, 0): [1, 3, 2, 0, 4].
  // CHECK-LABEL: some_out_of_range
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 1 3 2 0 4
  vector.print str "some_out_of_range\n"
  %p4 = arith.constant dense<[-1, 3, 5, 0]> : tensor<4xi32>
  %p4d = tensor.cast %p4 : tensor<4xi32> to tensor<?xi32>
  call @perm(%p4d, %c5) : (tensor<?xi32>, index) -> ()

  // one_based: LAPACK's [3, 3, 3] is the 0-based [2, 2, 2]: [2, 0, 1].
  // CHECK-LABEL: one_based
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 0 1
  vector.print str "one_based\n"
  %p5 = arith.constant dense<[3, 3, 3]> : tensor<3xi32>
  %p5d = tensor.cast %p5 : tensor<3xi32> to tensor<?xi32>
  call @perm_one_based(%p5d, %c3) : (tensor<?xi32>, index) -> ()

  // one_based with 0 (-> -1, skipped) and with N (-> N - 1, valid):
  // [0, 2] over N = 2 -> skip; swap(1, 1): the identity.
  // CHECK-LABEL: one_based_edges
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  vector.print str "one_based_edges\n"
  %p6 = arith.constant dense<[0, 2]> : tensor<2xi32>
  %p6d = tensor.cast %p6 : tensor<2xi32> to tensor<?xi32>
  call @perm_one_based(%p6d, %c2) : (tensor<?xi32>, index) -> ()

  // one_based with INT32_MIN: INT32_MIN - 1 must not wrap into range.
  // [INT32_MIN, 3, 1] -> skip; swap(1, 2): [0, 2, 1]; swap(2, 0): [1, 2, 0].
  // CHECK-LABEL: one_based_int_min
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 1 2 0
  vector.print str "one_based_int_min\n"
  %p7 = arith.constant dense<[-2147483648, 3, 1]> : tensor<3xi32>
  %p7d = tensor.cast %p7 : tensor<3xi32> to tensor<?xi32>
  call @perm_one_based(%p7d, %c3) : (tensor<?xi32>, index) -> ()

  // i64: 2^32 is out of range (it would be 0 if truncated to 32 bits), then
  // swap(1, 2): [0, 2, 1]. Memref form, printed by both printers. (No
  // memref.dealloc: the pipeline's buffer deallocation frees %q64 and
  // rejects an explicit dealloc.)
  // CHECK-LABEL: i64_memref
  // CHECK-NEXT: linalgx.memref i64 1 3
  // CHECK-NEXT: 0 2 1
  // CHECK-NEXT: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [0,  2,  1]
  vector.print str "i64_memref\n"
  %g = memref.get_global @pivots_i64 : memref<2xi64>
  %q64 = memref.alloc() : memref<3xi64>
  linalgx.pivots_to_permutation ins(%g : memref<2xi64>) outs(%q64 : memref<3xi64>)
  %q64u = memref.cast %q64 : memref<3xi64> to memref<*xi64>
  call @printMemrefExactI64(%q64u) : (memref<*xi64>) -> ()
  call @printMemrefI64(%q64u) : (memref<*xi64>) -> ()

  // A [2, 3] batch of one_based i64 pivots (K = 3) into N = 4:
  // [4, 4, 3] -> [3, 0, 2, 1]    [1, 2, 3] -> [0, 1, 2, 3]
  // [2, 3, 4] -> [1, 2, 3, 0]    [0, 5, 1] -> [2, 1, 0, 3] (0, 5 skipped)
  // [3, 1, 1] -> [0, 2, 1, 3]    [4, 3, 2] -> [3, 1, 2, 0]
  // CHECK-LABEL: batched_i64
  // CHECK-NEXT: linalgx.memref i64 3 2 3 4
  // CHECK-NEXT: 3 0 2 1 0 1 2 3 1 2 3 0 2 1 0 3 0 2 1 3 3 1 2 0
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
