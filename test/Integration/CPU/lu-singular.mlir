// Singular and rank-deficient matrices: info is the 1-based index of the
// FIRST exactly-zero pivot, the step with the zero pivot neither swaps nor
// eliminates, and the factorization still completes (as LAPACK's getrf; the
// expected values are also SciPy's).
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @factor(%a: tensor<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%m, %n) : tensor<?x?xf64>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xf64>)
      outs(%l0, %p0, %i0 : tensor<?x?xf64>, tensor<?xi32>, tensor<i32>)
      -> tensor<?x?xf64>, tensor<?xi32>, tensor<i32>
  %lum = bufferization.to_buffer %lu : tensor<?x?xf64> to memref<?x?xf64>
  %luu = memref.cast %lum : memref<?x?xf64> to memref<*xf64>
  call @printMemrefExactF64(%luu) : (memref<*xf64>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<?xi32> to memref<?xi32>
  %pu = memref.cast %pm : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  // Column 1 is all zeros: step 0 pivots on the 4 (row 1) and leaves zeros
  // in column 1, so step 1 has a zero pivot: info = 2, pivots[1] = 1 (no
  // swap). Step 2 still runs: it swaps rows 2 and 3 (|2| > |0.375|) and
  // eliminates: L\U = [[4, 0, 1, 1], [0.5, 0, 0.5, 2.5], [0, 0, 2, 1],
  // [0.25, 0, 0.375, 1.375]], pivots [0, 1, 3, 3].
  // CHECK-LABEL: zero_column_step2
  // CHECK-NEXT: linalgx.memref f64 2 4 4
  // CHECK-NEXT: 0x1p+2 0x0p+0 0x1p+0 0x1p+0 0x1p-1 0x0p+0 0x1p-1 0x1.4p+1 0x0p+0 0x0p+0 0x1p+1 0x1p+0 0x1p-2 0x0p+0 0x1.8p-2 0x1.6p+0
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 0 1 3 3
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 2
  vector.print str "zero_column_step2\n"
  %z = arith.constant dense<[[4.0, 0.0, 1.0, 1.0], [2.0, 0.0, 1.0, 3.0],
                             [1.0, 0.0, 1.0, 2.0], [0.0, 0.0, 2.0, 1.0]]> : tensor<4x4xf64>
  %zd = tensor.cast %z : tensor<4x4xf64> to tensor<?x?xf64>
  call @factor(%zd) : (tensor<?x?xf64>) -> ()

  // The zero matrix: every pivot is zero, info = 1 (the first), pivots are
  // the identity, lu stays zero.
  // CHECK-LABEL: zero_matrix
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: 0x0p+0 0x0p+0 0x0p+0 0x0p+0
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 1
  vector.print str "zero_matrix\n"
  %zero = arith.constant dense<0.0> : tensor<2x2xf64>
  %zerod = tensor.cast %zero : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%zerod) : (tensor<?x?xf64>) -> ()

  // diag(0, 1, 0): zero pivots at steps 0 and 2; info keeps the first (1).
  // CHECK-LABEL: first_zero_wins
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x0p+0 0x0p+0 0x0p+0 0x0p+0 0x1p+0 0x0p+0 0x0p+0 0x0p+0 0x0p+0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 1 2
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 1
  vector.print str "first_zero_wins\n"
  %d = arith.constant dense<[[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<3x3xf64>
  %dd = tensor.cast %d : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%dd) : (tensor<?x?xf64>) -> ()

  // Rank 2 of 3: [[1, 2, 3], [2, 4, 6], [1, 1, 1]]. Step 0 pivots on row 1
  // (l = 0.5, 0.5) leaving [0, 0] and [-1, -2]; step 1 swaps them (pivot
  // -1, l = 0 / -1 = -0); u22 = 0 - (-0)(-2) = 0: info = 3 (the last step).
  // CHECK-LABEL: rank_deficient
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+1 0x1p+2 0x1.8p+2 0x1p-1 -0x1p+0 -0x1p+1 0x1p-1 -0x0p+0 0x0p+0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 1 2 2
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 3
  vector.print str "rank_deficient\n"
  %r = arith.constant dense<[[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 1.0, 1.0]]> : tensor<3x3xf64>
  %rd = tensor.cast %r : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%rd) : (tensor<?x?xf64>) -> ()

  // Rank 1: rows 1, 2, 4 times [1, 2, 3]. Step 0 pivots on row 2 and zeroes
  // everything below; info = 2, and step 2's zero pivot does not change it.
  // CHECK-LABEL: rank_one
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+2 0x1p+3 0x1.8p+3 0x1p-1 0x0p+0 0x0p+0 0x1p-2 0x0p+0 0x0p+0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 1 2
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 2
  vector.print str "rank_one\n"
  %one = arith.constant dense<[[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [4.0, 8.0, 12.0]]> : tensor<3x3xf64>
  %oned = tensor.cast %one : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%oned) : (tensor<?x?xf64>) -> ()

  // A zero first column, non-zero later: info = 1 but step 1 still factors
  // (nothing below it to eliminate in a 2x2).
  // CHECK-LABEL: zero_first_column
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: 0x0p+0 0x1p+0 0x0p+0 0x1p+1
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 1
  vector.print str "zero_first_column\n"
  %f = arith.constant dense<[[0.0, 1.0], [0.0, 2.0]]> : tensor<2x2xf64>
  %fd = tensor.cast %f : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%fd) : (tensor<?x?xf64>) -> ()
  return
}
