// Extreme values and degenerate shapes on the CPU, each with its documented
// outcome (docs/reliability.md, "Extreme sizes and values"):
//   - NaN: never chosen as a pivot by the strict `>` of the pivot search
//     unless it is on the diagonal (then nothing compares greater and it
//     stays the pivot); it propagates through the update; info stays 0
//     (NaN is not zero);
//   - Inf: the largest magnitude, so it is the pivot; x / Inf = 0, Inf / Inf
//     = NaN, 0 * Inf is never formed after a zero pivot (that step is skipped,
//     unlike reference LAPACK's dger, which writes NaN there);
//   - subnormal numbers stay exact (no flush to zero);
//   - exactly singular: info = the first zero pivot (1-based), -0.0 counts as
//     zero, and the factorization completes; nearly singular: info 0, the
//     tiny or huge pivots as they come (Wilkinson's growth 2^(n-1), which
//     overflows to Inf in f32 at n = 129 with info still 0);
//   - N = 1, M = 1, 1x1, M = 0, N = 0, K = 0 pivots, K > N at run time;
//   - out-of-range, negative and extreme pivots are skipped, with and
//     without one_based, i32 and i64 (no truncation of i64 pivots to 32
//     bits).
// NaNs print as `nan` or `-nan` (the sign of a NaN made by arithmetic is the
// CPU's choice), hence the {{-?nan}} patterns.
// The CPU runtime's unblocked kernel (what auto uses for these small
// matrices) gives the same bits as the reference loops here: it multiplies
// and subtracts without fusing, as they do, and divides by subnormal pivots.
// LAPACK (lu-strategy=lapack) is not run: OpenBLAS scales by the reciprocal
// of a subnormal pivot (Inf) and updates after a zero pivot (docs/cpu.md).
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=unblocked %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=loops %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

// Factors one matrix (dynamic shape, i32 pivots); prints lu, pivots, info.
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

func.func @factor_f32(%a: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xf32>)
      outs(%l0, %p0, %i0 : tensor<?x?xf32>, tensor<?xi32>, tensor<i32>)
      -> tensor<?x?xf32>, tensor<?xi32>, tensor<i32>
  %lum = bufferization.to_buffer %lu : tensor<?x?xf32> to memref<?x?xf32>
  %luu = memref.cast %lum : memref<?x?xf32> to memref<*xf32>
  call @printMemrefExactF32(%luu) : (memref<*xf32>) -> ()
  %pm = bufferization.to_buffer %piv : tensor<?xi32> to memref<?xi32>
  %pu = memref.cast %pm : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  return
}

// Wilkinson's growth matrix of order n (1 on the diagonal, -1 below it, 1
// in the last column), f32, in place: partial pivoting never swaps (every
// candidate ties with the diagonal) and the last column doubles at each
// step, U(k, n-1) = 2^k. Prints the pivots, info and the last column.
func.func @wilkinson_f32(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %mone = arith.constant -1.0 : f32
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc(%n, %n) : memref<?x?xf32>
  %nm1 = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %diag = arith.cmpi eq, %i, %j : index
      %below = arith.cmpi ugt, %i, %j : index
      %last = arith.cmpi eq, %j, %nm1 : index
      %v0 = arith.select %below, %mone, %zero : f32
      %v1 = arith.select %diag, %one, %v0 : f32
      %v = arith.select %last, %one, %v1 : f32
      memref.store %v, %a[%i, %j] : memref<?x?xf32>
    }
  }
  %p = memref.alloc(%n) : memref<?xi32>
  %i = memref.alloc() : memref<i32>
  linalgx.lu ins(%a : memref<?x?xf32>) outs(%a, %p, %i : memref<?x?xf32>, memref<?xi32>, memref<i32>)
  %pu = memref.cast %p : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %iu = memref.cast %i : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  %col = memref.subview %a[0, %nm1] [%n, 1] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cu = memref.cast %col : memref<?xf32, strided<[?], offset: ?>> to memref<*xf32>
  call @printMemrefExactF32(%cu) : (memref<*xf32>) -> ()
  return
}

func.func @perm_i32(%piv: tensor<?x?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %piv, %c0 : tensor<?x?xi32>
  %e = tensor.empty(%b, %n) : tensor<?x?xi32>
  %q = linalgx.pivots_to_permutation ins(%piv : tensor<?x?xi32>) outs(%e : tensor<?x?xi32>) -> tensor<?x?xi32>
  %qm = bufferization.to_buffer %q : tensor<?x?xi32> to memref<?x?xi32>
  %qu = memref.cast %qm : memref<?x?xi32> to memref<*xi32>
  call @printMemrefExactI32(%qu) : (memref<*xi32>) -> ()
  %e1 = tensor.empty(%b, %n) : tensor<?x?xi32>
  %q1 = linalgx.pivots_to_permutation one_based ins(%piv : tensor<?x?xi32>) outs(%e1 : tensor<?x?xi32>) -> tensor<?x?xi32>
  %q1m = bufferization.to_buffer %q1 : tensor<?x?xi32> to memref<?x?xi32>
  %q1u = memref.cast %q1m : memref<?x?xi32> to memref<*xi32>
  call @printMemrefExactI32(%q1u) : (memref<*xi32>) -> ()
  return
}

func.func @perm_i64(%piv: tensor<?x?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %piv, %c0 : tensor<?x?xi64>
  %e = tensor.empty(%b, %n) : tensor<?x?xi64>
  %q = linalgx.pivots_to_permutation ins(%piv : tensor<?x?xi64>) outs(%e : tensor<?x?xi64>) -> tensor<?x?xi64>
  %qm = bufferization.to_buffer %q : tensor<?x?xi64> to memref<?x?xi64>
  %qu = memref.cast %qm : memref<?x?xi64> to memref<*xi64>
  call @printMemrefExactI64(%qu) : (memref<*xi64>) -> ()
  %e1 = tensor.empty(%b, %n) : tensor<?x?xi64>
  %q1 = linalgx.pivots_to_permutation one_based ins(%piv : tensor<?x?xi64>) outs(%e1 : tensor<?x?xi64>) -> tensor<?x?xi64>
  %q1m = bufferization.to_buffer %q1 : tensor<?x?xi64> to memref<?x?xi64>
  %q1u = memref.cast %q1m : memref<?x?xi64> to memref<*xi64>
  call @printMemrefExactI64(%q1u) : (memref<*xi64>) -> ()
  return
}

// Factors a batch [B, M, N] (M or N may be 0) over outs pre-filled with 99
// and prints pivots and info, then the permutation [B, M] of the pivots.
func.func @factor_batch(%a: tensor<?x?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %a, %c0 : tensor<?x?x?xf64>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf64>
  %n = tensor.dim %a, %c2 : tensor<?x?x?xf64>
  %k = arith.minui %m, %n : index
  %junk = arith.constant 99 : i32
  %l0 = tensor.empty(%b, %m, %n) : tensor<?x?x?xf64>
  %e1 = tensor.empty(%b, %k) : tensor<?x?xi32>
  %p0 = linalg.fill ins(%junk : i32) outs(%e1 : tensor<?x?xi32>) -> tensor<?x?xi32>
  %e2 = tensor.empty(%b) : tensor<?xi32>
  %i0 = linalg.fill ins(%junk : i32) outs(%e2 : tensor<?xi32>) -> tensor<?xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?x?xf64>)
      outs(%l0, %p0, %i0 : tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>)
      -> tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>
  %e3 = tensor.empty(%b, %m) : tensor<?x?xi32>
  %q0 = linalg.fill ins(%junk : i32) outs(%e3 : tensor<?x?xi32>) -> tensor<?x?xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<?x?xi32>) outs(%q0 : tensor<?x?xi32>) -> tensor<?x?xi32>
  %pm = bufferization.to_buffer %piv : tensor<?x?xi32> to memref<?x?xi32>
  %pu = memref.cast %pm : memref<?x?xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<?xi32> to memref<?xi32>
  %iu = memref.cast %im : memref<?xi32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  %qm = bufferization.to_buffer %perm : tensor<?x?xi32> to memref<?x?xi32>
  %qu = memref.cast %qm : memref<?x?xi32> to memref<*xi32>
  call @printMemrefExactI32(%qu) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  // ---------------------------------------------------------------- NaN

  // NaN below the diagonal is never the pivot (NaN > 1 is false): pivot 0,
  // l = NaN / 1, u11 = 3 - NaN * 2. (SciPy/OpenBLAS: the same.)
  // CHECK-LABEL: nan_below
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: 0x1p+0 0x1p+1 {{-?nan}} {{-?nan}}
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "nan_below\n"
  %nan1 = arith.constant dense<[[1.0, 2.0], [0x7FF8000000000000, 3.0]]> : tensor<2x2xf64>
  %nan1d = tensor.cast %nan1 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%nan1d) : (tensor<?x?xf64>) -> ()

  // NaN on the diagonal stays the pivot (5 > NaN is false too): l = 5 / NaN,
  // u11 = 3 - NaN * 2; info 0. (SciPy/OpenBLAS keeps the pivot too but
  // leaves l = 5, u11 = -7: it skips the scaling by 1/NaN.)
  // CHECK-LABEL: nan_diagonal
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: nan 0x1p+1 {{-?nan}} {{-?nan}}
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "nan_diagonal\n"
  %nan2 = arith.constant dense<[[0x7FF8000000000000, 2.0], [5.0, 3.0]]> : tensor<2x2xf64>
  %nan2d = tensor.cast %nan2 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%nan2d) : (tensor<?x?xf64>) -> ()

  // A NaN made by elimination (step 0 leaves NaN below the step-1 pivot):
  // still not chosen at step 1.
  // CHECK-LABEL: nan_later
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+2 0x0p+0 0x0p+0 0x1p-1 0x1p+0 0x0p+0 0x1p-2 {{-?nan}} {{-?nan}}
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 1 2
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "nan_later\n"
  %nan3 = arith.constant dense<[[4.0, 0.0, 0.0], [2.0, 1.0, 0.0], [1.0, 0x7FF8000000000000, 1.0]]> : tensor<3x3xf64>
  %nan3d = tensor.cast %nan3 : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%nan3d) : (tensor<?x?xf64>) -> ()

  // All NaN: no swap at any step, info 0.
  // CHECK-LABEL: nan_all
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: nan nan {{-?nan}} {{-?nan}}
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "nan_all\n"
  %nan4 = arith.constant dense<0x7FF8000000000000> : tensor<2x2xf64>
  %nan4d = tensor.cast %nan4 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%nan4d) : (tensor<?x?xf64>) -> ()

  // ---------------------------------------------------------------- Inf

  // Inf is the largest magnitude: pivot row 1, l = 1 / Inf = 0, u11 = 2.
  // CHECK-LABEL: inf_pivot
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: inf 0x1.8p+1 0x0p+0 0x1p+1
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 1 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "inf_pivot\n"
  %inf1 = arith.constant dense<[[1.0, 2.0], [0x7FF0000000000000, 3.0]]> : tensor<2x2xf64>
  %inf1d = tensor.cast %inf1 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%inf1d) : (tensor<?x?xf64>) -> ()

  // -Inf and Inf tie: the first (row 0) is the pivot, l = Inf / -Inf = NaN,
  // u11 = NaN. (SciPy/OpenBLAS: l = 0, u11 = 2, its scaling by 1/-Inf = -0
  // zeroes the column.)
  // CHECK-LABEL: inf_tie
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: -inf 0x1p+0 {{-?nan}} {{-?nan}}
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "inf_tie\n"
  %inf2 = arith.constant dense<[[0xFFF0000000000000, 1.0], [0x7FF0000000000000, 2.0]]> : tensor<2x2xf64>
  %inf2d = tensor.cast %inf2 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%inf2d) : (tensor<?x?xf64>) -> ()

  // Inf in the pivot row: u11 = 1 - 0.5 * Inf = -Inf, info 0.
  // CHECK-LABEL: inf_in_row
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: 0x1p+2 inf 0x1p-1 -inf
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "inf_in_row\n"
  %inf3 = arith.constant dense<[[4.0, 0x7FF0000000000000], [2.0, 1.0]]> : tensor<2x2xf64>
  %inf3d = tensor.cast %inf3 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%inf3d) : (tensor<?x?xf64>) -> ()

  // A zero pivot next to Inf: the step is skipped, so no 0 * Inf is formed
  // and u11 stays 1; info 1. (Reference LAPACK's dger and SciPy/OpenBLAS
  // update with the zero column anyway: u11 = 1 - 0 * Inf = NaN.)
  // CHECK-LABEL: zero_pivot_inf_row
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: 0x0p+0 inf 0x0p+0 0x1p+0
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 1
  vector.print str "zero_pivot_inf_row\n"
  %inf4 = arith.constant dense<[[0.0, 0x7FF0000000000000], [0.0, 1.0]]> : tensor<2x2xf64>
  %inf4d = tensor.cast %inf4 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%inf4d) : (tensor<?x?xf64>) -> ()

  // ---------------------------------------------------------- subnormals

  // f64: pivot 2^-1073 (the larger subnormal), l = 2^-1074 / 2^-1073 = 0.5
  // exactly, u11 = 1 - 0.5 = 0.5.
  // CHECK-LABEL: subnormal_pivot_f64
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: 0x0.0000000000002p-1022 0x1p+0 0x1p-1 0x1p-1
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "subnormal_pivot_f64\n"
  %den1 = arith.constant dense<[[0x0000000000000002, 1.0], [0x0000000000000001, 1.0]]> : tensor<2x2xf64>
  %den1d = tensor.cast %den1 : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%den1d) : (tensor<?x?xf64>) -> ()

  // Subnormal results: l = 2^-1073 / 2 = 2^-1074 (the smallest subnormal)
  // and u11 = 0 - 0.5 * 2^-1022 = -2^-1023 are exact; step 1 pivots on that
  // subnormal -2^-1023 (0 / -2^-1023 = -0, u22 = 1).
  // CHECK-LABEL: subnormal_results_f64
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+1 0x1p-1022 0x0p+0 0x1p-1 -0x0.8p-1022 0x1p+0 0x0.0000000000001p-1022 -0x0p+0 0x1p+0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 1 2
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "subnormal_results_f64\n"
  %den2 = arith.constant dense<[[2.0, 0x0010000000000000, 0.0], [1.0, 0.0, 1.0], [0x0000000000000002, 0.0, 1.0]]> : tensor<3x3xf64>
  %den2d = tensor.cast %den2 : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%den2d) : (tensor<?x?xf64>) -> ()

  // f32: pivot 2^-148, l = 2^-149 / 2^-148 = 0.5, u11 = 0.5 (the f32
  // subnormals print as the doubles they are).
  // CHECK-LABEL: subnormal_pivot_f32
  // CHECK-NEXT: linalgx.memref f32 2 2 2
  // CHECK-NEXT: 0x1p-148 0x1p+0 0x1p-1 0x1p-1
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "subnormal_pivot_f32\n"
  %den3 = arith.constant dense<[[0x00000002, 1.0], [0x00000001, 1.0]]> : tensor<2x2xf32>
  %den3d = tensor.cast %den3 : tensor<2x2xf32> to tensor<?x?xf32>
  call @factor_f32(%den3d) : (tensor<?x?xf32>) -> ()

  // ------------------------------------------------ singular, nearly so

  // -0.0 is a zero pivot: column 0 is {-0, +0}, info 1, no swap; step 1
  // still runs (pivot 4, l = 0.5, u22 = 1).
  // CHECK-LABEL: singular_negative_zero
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: -0x0p+0 0x1p+0 0x1p+1 0x0p+0 0x1p+2 0x1p+2 0x0p+0 0x1p-1 0x1p+0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 1 2
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 1
  vector.print str "singular_negative_zero\n"
  %s1 = arith.constant dense<[[-0.0, 1.0, 2.0], [0.0, 4.0, 4.0], [0.0, 2.0, 3.0]]> : tensor<3x3xf64>
  %s1d = tensor.cast %s1 : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%s1d) : (tensor<?x?xf64>) -> ()

  // Two zero pivots (steps 0 and 2): info keeps the first, 1.
  // CHECK-LABEL: singular_two_zero_pivots
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x0p+0 0x1p+0 0x1p+1 0x0p+0 0x1p+2 0x1p+2 0x0p+0 0x1p-1 0x0p+0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 1 2
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 1
  vector.print str "singular_two_zero_pivots\n"
  %s2 = arith.constant dense<[[0.0, 1.0, 2.0], [0.0, 4.0, 4.0], [0.0, 2.0, 2.0]]> : tensor<3x3xf64>
  %s2d = tensor.cast %s2 : tensor<3x3xf64> to tensor<?x?xf64>
  call @factor(%s2d) : (tensor<?x?xf64>) -> ()

  // Nearly singular: u11 = (0.5 + 2^-53) - 0.5 * 1 = 2^-53 is not zero:
  // info 0 (no tie, every value exact).
  // CHECK-LABEL: nearly_singular
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: 0x1p+1 0x1p+0 0x1p-1 0x1p-53
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "nearly_singular\n"
  %ns = arith.constant dense<[[2.0, 1.0], [1.0, 0x3FE0000000000001]]> : tensor<2x2xf64>
  %nsd = tensor.cast %ns : tensor<2x2xf64> to tensor<?x?xf64>
  call @factor(%nsd) : (tensor<?x?xf64>) -> ()

  // Wilkinson's matrix, n = 24: growth 2^23, exact, no swap, info 0.
  // CHECK-LABEL: growth_24
  // CHECK-NEXT: linalgx.memref i32 1 24
  // CHECK-NEXT: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref f32 1 24
  // CHECK-NEXT: 0x1p+0 0x1p+1 0x1p+2 0x1p+3 0x1p+4 0x1p+5 0x1p+6 0x1p+7 0x1p+8 0x1p+9 0x1p+10 0x1p+11 0x1p+12 0x1p+13 0x1p+14 0x1p+15 0x1p+16 0x1p+17 0x1p+18 0x1p+19 0x1p+20 0x1p+21 0x1p+22 0x1p+23
  vector.print str "growth_24\n"
  %c24 = arith.constant 24 : index
  call @wilkinson_f32(%c24) : (index) -> ()

  // n = 129 in f32: U(128, 128) = 2^128 overflows to Inf; info stays 0.
  // CHECK-LABEL: growth_overflow_129
  // CHECK-NEXT: linalgx.memref i32 1 129
  // CHECK-NEXT: 0 1 2 {{.*}} 126 127 128
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref f32 1 129
  // CHECK-NEXT: 0x1p+0 0x1p+1 {{.*}} 0x1p+126 0x1p+127 inf
  vector.print str "growth_overflow_129\n"
  %c129 = arith.constant 129 : index
  call @wilkinson_f32(%c129) : (index) -> ()

  // ------------------------------------------------ N = 1, M = 1, 1x1

  // One column (N = 1, K = 1): the first largest |a| is row 1 (-4 before
  // the tie with 4 in row 3); the column below is divided by -4.
  // CHECK-LABEL: column_n1
  // CHECK-NEXT: linalgx.memref f64 2 4 1
  // CHECK-NEXT: -0x1p+2 -0x1p-2 -0x1p-1 -0x1p+0
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "column_n1\n"
  %col = arith.constant dense<[[1.0], [-4.0], [2.0], [4.0]]> : tensor<4x1xf64>
  %cold = tensor.cast %col : tensor<4x1xf64> to tensor<?x?xf64>
  call @factor(%cold) : (tensor<?x?xf64>) -> ()

  // One row (M = 1): pivot 0; a zero first entry is a zero pivot (info 1).
  // CHECK-LABEL: row_m1
  // CHECK-NEXT: linalgx.memref f64 2 1 3
  // CHECK-NEXT: 0x0p+0 0x1.4p+2 0x1.8p+2
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 1
  vector.print str "row_m1\n"
  %row = arith.constant dense<[[0.0, 5.0, 6.0]]> : tensor<1x3xf64>
  %rowd = tensor.cast %row : tensor<1x3xf64> to tensor<?x?xf64>
  call @factor(%rowd) : (tensor<?x?xf64>) -> ()

  // 1x1: NaN (info 0), -0.0 (info 1), subnormal 2^-1074 (info 0).
  // CHECK-LABEL: one_by_one
  // CHECK-NEXT: linalgx.memref f64 2 1 1
  // CHECK-NEXT: nan
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref f64 2 1 1
  // CHECK-NEXT: -0x0p+0
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 1
  // CHECK-NEXT: linalgx.memref f64 2 1 1
  // CHECK-NEXT: 0x0.0000000000001p-1022
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "one_by_one\n"
  %o1 = arith.constant dense<0x7FF8000000000000> : tensor<1x1xf64>
  %o1d = tensor.cast %o1 : tensor<1x1xf64> to tensor<?x?xf64>
  call @factor(%o1d) : (tensor<?x?xf64>) -> ()
  %o2 = arith.constant dense<-0.0> : tensor<1x1xf64>
  %o2d = tensor.cast %o2 : tensor<1x1xf64> to tensor<?x?xf64>
  call @factor(%o2d) : (tensor<?x?xf64>) -> ()
  %o3 = arith.constant dense<0x0000000000000001> : tensor<1x1xf64>
  %o3d = tensor.cast %o3 : tensor<1x1xf64> to tensor<?x?xf64>
  call @factor(%o3d) : (tensor<?x?xf64>) -> ()

  // ------------------------------------------------ M = 0, N = 0, K = 0

  // Three 0x4 and three 4x0 matrices: K = 0, no pivots, info 0 (over 99);
  // the permutation of K = 0 pivots is the identity of size M (4 for the
  // 4x0 ones, empty for the 0x4 ones).
  // CHECK-LABEL: m0_n0
  // CHECK-NEXT: linalgx.memref i32 2 3 0
  // CHECK-EMPTY:
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 0 0
  // CHECK-NEXT: linalgx.memref i32 2 3 0
  // CHECK-EMPTY:
  // CHECK-NEXT: linalgx.memref i32 2 3 0
  // CHECK-EMPTY:
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 0 0
  // CHECK-NEXT: linalgx.memref i32 2 3 4
  // CHECK-NEXT: 0 1 2 3 0 1 2 3 0 1 2 3
  vector.print str "m0_n0\n"
  %m0 = arith.constant dense<0.0> : tensor<3x0x4xf64>
  %m0d = tensor.cast %m0 : tensor<3x0x4xf64> to tensor<?x?x?xf64>
  call @factor_batch(%m0d) : (tensor<?x?x?xf64>) -> ()
  %n0 = arith.constant dense<0.0> : tensor<3x4x0xf64>
  %n0d = tensor.cast %n0 : tensor<3x4x0xf64> to tensor<?x?x?xf64>
  call @factor_batch(%n0d) : (tensor<?x?x?xf64>) -> ()

  // -------------------------------------------- pivots_to_permutation

  // Out of range (-1, N = 5, INT32_MIN, INT32_MAX) entries are skipped; the
  // last entry, 0, swaps positions 4 and 0. one_based: -2, 4, INT32_MIN - 1
  // (wraps to INT32_MAX), INT32_MAX - 1, -1: only 4 (position 1) applies.
  // CHECK-LABEL: perm_out_of_range_i32
  // CHECK-NEXT: linalgx.memref i32 2 1 5
  // CHECK-NEXT: 4 1 2 3 0
  // CHECK-NEXT: linalgx.memref i32 2 1 5
  // CHECK-NEXT: 0 4 2 3 1
  vector.print str "perm_out_of_range_i32\n"
  %pv1 = arith.constant dense<[[-1, 5, -2147483648, 2147483647, 0]]> : tensor<1x5xi32>
  %pv1d = tensor.cast %pv1 : tensor<1x5xi32> to tensor<?x?xi32>
  %c5 = arith.constant 5 : index
  call @perm_i32(%pv1d, %c5) : (tensor<?x?xi32>, index) -> ()

  // i64 pivots are compared as i64: 2^32 + 1 and -2^32 + 1 (whose low 32
  // bits are 1) are out of range and skipped, as are INT64_MIN/MAX; 2 swaps
  // positions 4 and 2. one_based: only 2 - 1 = 1 applies (position 4).
  // CHECK-LABEL: perm_out_of_range_i64
  // CHECK-NEXT: linalgx.memref i64 2 1 5
  // CHECK-NEXT: 0 1 4 3 2
  // CHECK-NEXT: linalgx.memref i64 2 1 5
  // CHECK-NEXT: 0 4 2 3 1
  vector.print str "perm_out_of_range_i64\n"
  %pv2 = arith.constant dense<[[4294967297, -4294967295, -9223372036854775808, 9223372036854775807, 2]]> : tensor<1x5xi64>
  %pv2d = tensor.cast %pv2 : tensor<1x5xi64> to tensor<?x?xi64>
  call @perm_i64(%pv2d, %c5) : (tensor<?x?xi64>, index) -> ()

  // K = 0 pivots for a batch of 2: identities of size 3.
  // CHECK-LABEL: perm_k0
  // CHECK-NEXT: linalgx.memref i32 2 2 3
  // CHECK-NEXT: 0 1 2 0 1 2
  // CHECK-NEXT: linalgx.memref i32 2 2 3
  // CHECK-NEXT: 0 1 2 0 1 2
  vector.print str "perm_k0\n"
  %pv3 = arith.constant dense<0> : tensor<2x0xi32>
  %pv3d = tensor.cast %pv3 : tensor<2x0xi32> to tensor<?x?xi32>
  %c3 = arith.constant 3 : index
  call @perm_i32(%pv3d, %c3) : (tensor<?x?xi32>, index) -> ()

  // K = 4 > N = 3 (dynamic shapes): only the first min(K, N) = 3 pivots
  // apply: [2, 0, 1] gives [1, 0, 2]; the 4th (0) has no row 3 to swap.
  // one_based: [1, -1 (skipped), 0] gives [2, 0, 1].
  // CHECK-LABEL: perm_k_above_n
  // CHECK-NEXT: linalgx.memref i32 2 1 3
  // CHECK-NEXT: 1 0 2
  // CHECK-NEXT: linalgx.memref i32 2 1 3
  // CHECK-NEXT: 2 0 1
  vector.print str "perm_k_above_n\n"
  %pv4 = arith.constant dense<[[2, 0, 1, 0]]> : tensor<1x4xi32>
  %pv4d = tensor.cast %pv4 : tensor<1x4xi32> to tensor<?x?xi32>
  call @perm_i32(%pv4d, %c3) : (tensor<?x?xi32>, index) -> ()

  // N = 1: the only in-range pivot is 0 (a no-op); anything else is
  // skipped.
  // CHECK-LABEL: perm_n1
  // CHECK-NEXT: linalgx.memref i32 2 3 1
  // CHECK-NEXT: 0 0 0
  // CHECK-NEXT: linalgx.memref i32 2 3 1
  // CHECK-NEXT: 0 0 0
  vector.print str "perm_n1\n"
  %pv5 = arith.constant dense<[[0], [1], [-1]]> : tensor<3x1xi32>
  %pv5d = tensor.cast %pv5 : tensor<3x1xi32> to tensor<?x?xi32>
  %c1 = arith.constant 1 : index
  call @perm_i32(%pv5d, %c1) : (tensor<?x?xi32>, index) -> ()
  return
}
