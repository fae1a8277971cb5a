// Batches over 65535 (CUDA's grid limit in y and z, a classic overflow of
// batched kernels): linalgx.lu on 70000 3x3 f64 matrices (i32 pivots) and on
// 100000 4x4 f32 matrices (i64 pivots), and pivots_to_permutation on their
// pivots and on 100000 vectors of out-of-range, negative and one_based
// pivots. Matrix t of a batch is generated here from its index
// (@entry: P_t^T L_t U_t with |L_t| <= 1/4 below a unit diagonal and U_t(k,k)
// = 4, so every pivot is unique and every value is exact; t % 1009 == 7 has
// U(n-1,n-1) = 0 (info = n), t % 997 == 3 a zero row 1 of U (info = 2)).
// Printed exactly: the results of matrices 0, 1, 65535, 65536 and the last
// one, then checksums over the whole batch. The expected values are those of
// extreme_reference.py (numpy; compared with SciPy's ?getrf on every matrix),
// which big-batch-reference.test checks against these same CHECK lines.
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

// Element (i, j) of the n x n matrix number t:
//   A = P^T L U: A's row i is row r of L U, r = (i + t) mod n, or
//   (n - 1 - i + t) mod n when (t / n) is odd;
//   L(r, k) = ((t + 3r + 2k) mod 5 - 2) / 8 for k < r, 1 for k = r;
//   U(k, j) = (7t + 3k + j) mod 9 - 4 for k < j, U(k, k) = 4 except
//   U(n-1, n-1) = 0 when t mod 1009 = 7, and row 1 of U is zero when
//   t mod 997 = 3 (a zero pivot at step 1 after which the factorization goes
//   on with other rows; all values stay small multiples of powers of two).
func.func @entry(%t: index, %i: index, %j: index, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c997 = arith.constant 997 : index
  %c1009 = arith.constant 1009 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %four = arith.constant 4.0 : f64
  %eighth = arith.constant 0.125 : f64
  %nm1 = arith.subi %n, %c1 : index
  %tn = arith.divui %t, %n : index
  %odd = arith.remui %tn, %c2 : index
  %reversed = arith.cmpi eq, %odd, %c1 : index
  %fwd = arith.addi %i, %t : index
  %back0 = arith.subi %nm1, %i : index
  %back = arith.addi %back0, %t : index
  %r0 = arith.select %reversed, %back, %fwd : index
  %r = arith.remui %r0, %n : index
  %t1009 = arith.remui %t, %c1009 : index
  %zeroLast = arith.cmpi eq, %t1009, %c7 : index
  %t997 = arith.remui %t, %c997 : index
  %zeroOne = arith.cmpi eq, %t997, %c3 : index
  %t7 = arith.muli %t, %c7 : index
  %rj = arith.minui %r, %j : index
  %kend = arith.addi %rj, %c1 : index
  %sum = scf.for %k = %c0 to %kend step %c1 iter_args(%acc = %zero) -> f64 {
    // L(r, k)
    %r3 = arith.muli %r, %c3 : index
    %k2 = arith.muli %k, %c2 : index
    %lx0 = arith.addi %t, %r3 : index
    %lx1 = arith.addi %lx0, %k2 : index
    %lx = arith.remui %lx1, %c5 : index
    %lxi = arith.index_cast %lx : index to i64
    %lxf = arith.sitofp %lxi : i64 to f64
    %two = arith.constant 2.0 : f64
    %lc = arith.subf %lxf, %two : f64
    %lv = arith.mulf %lc, %eighth : f64
    %ldiag = arith.cmpi eq, %k, %r : index
    %l = arith.select %ldiag, %one, %lv : f64
    // U(k, j)
    %k3 = arith.muli %k, %c3 : index
    %ux0 = arith.addi %t7, %k3 : index
    %ux1 = arith.addi %ux0, %j : index
    %ux = arith.remui %ux1, %c9 : index
    %uxi = arith.index_cast %ux : index to i64
    %uxf = arith.sitofp %uxi : i64 to f64
    %fourf = arith.constant 4.0 : f64
    %uv = arith.subf %uxf, %fourf : f64
    %isLast = arith.cmpi eq, %k, %nm1 : index
    %z = arith.andi %isLast, %zeroLast : i1
    %d = arith.select %z, %zero, %four : f64
    %udiag = arith.cmpi eq, %k, %j : index
    %u0 = arith.select %udiag, %d, %uv : f64
    // Row 1 of U is zero when t mod 997 = 3.
    %isOne = arith.cmpi eq, %k, %c1 : index
    %rowZero = arith.andi %isOne, %zeroOne : i1
    %u = arith.select %rowZero, %zero, %u0 : f64
    %p = arith.mulf %l, %u : f64
    %s = arith.addf %acc, %p : f64
    scf.yield %s : f64
  }
  return %sum : f64
}

func.func @fill_f64(%a: memref<?x?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = memref.dim %a, %c0 : memref<?x?x?xf64>
  %n = memref.dim %a, %c1 : memref<?x?x?xf64>
  scf.for %t = %c0 to %b step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %v = func.call @entry(%t, %i, %j, %n) : (index, index, index, index) -> f64
        memref.store %v, %a[%t, %i, %j] : memref<?x?x?xf64>
      }
    }
  }
  return
}

func.func @fill_f32(%a: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.dim %a, %c0 : memref<?x?x?xf32>
  %n = memref.dim %a, %c1 : memref<?x?x?xf32>
  scf.for %t = %c0 to %b step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %v = func.call @entry(%t, %i, %j, %n) : (index, index, index, index) -> f64
        %w = arith.truncf %v : f64 to f32
        memref.store %w, %a[%t, %i, %j] : memref<?x?x?xf32>
      }
    }
  }
  return
}

// Integer checksums over a batch, printed as one i64 vector:
//   [sum_{t,k} piv(t,k) (k+1), sum_t (t mod 1000003) piv(t,0),
//    sum_t info(t), #{t : info(t) != 0},
//    sum_{t,j} perm(t,j) (j+1), sum_t (t mod 1000003) perm(t, N-1)]
// (pivots, info and permutation widened to i64).
func.func @int_checksums(%piv: memref<?x?xi64>, %info: memref<?xi64>, %perm: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %cmod = arith.constant 1000003 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %b = memref.dim %perm, %c0 : memref<?x?xi64>
  %n = memref.dim %perm, %c1 : memref<?x?xi64>
  %k = memref.dim %piv, %c1 : memref<?x?xi64>
  %nm1 = arith.subi %n, %c1 : index
  %s:6 = scf.for %t = %c0 to %b step %c1 iter_args(%s0 = %z, %s1 = %z, %s2 = %z, %s3 = %z, %s4 = %z, %s5 = %z)
      -> (i64, i64, i64, i64, i64, i64) {
    %tm = arith.remui %t, %cmod : index
    %tmi = arith.index_cast %tm : index to i64
    %a0 = scf.for %kk = %c0 to %k step %c1 iter_args(%acc = %s0) -> i64 {
      %p = memref.load %piv[%t, %kk] : memref<?x?xi64>
      %w0 = arith.addi %kk, %c1 : index
      %w = arith.index_cast %w0 : index to i64
      %pw = arith.muli %p, %w : i64
      %r = arith.addi %acc, %pw : i64
      scf.yield %r : i64
    }
    %kpos = arith.cmpi ugt, %k, %c0 : index
    %a1 = scf.if %kpos -> i64 {
      %p0 = memref.load %piv[%t, %c0] : memref<?x?xi64>
      %pp = arith.muli %p0, %tmi : i64
      %r = arith.addi %s1, %pp : i64
      scf.yield %r : i64
    } else {
      scf.yield %s1 : i64
    }
    %in = memref.load %info[%t] : memref<?xi64>
    %a2 = arith.addi %s2, %in : i64
    %nz = arith.cmpi ne, %in, %z : i64
    %inc = arith.select %nz, %one, %z : i64
    %a3 = arith.addi %s3, %inc : i64
    %a4 = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %s4) -> i64 {
      %p = memref.load %perm[%t, %j] : memref<?x?xi64>
      %w0 = arith.addi %j, %c1 : index
      %w = arith.index_cast %w0 : index to i64
      %pw = arith.muli %p, %w : i64
      %r = arith.addi %acc, %pw : i64
      scf.yield %r : i64
    }
    %pl = memref.load %perm[%t, %nm1] : memref<?x?xi64>
    %plw = arith.muli %pl, %tmi : i64
    %a5 = arith.addi %s5, %plw : i64
    scf.yield %a0, %a1, %a2, %a3, %a4, %a5 : i64, i64, i64, i64, i64, i64
  }
  %out = memref.alloc() : memref<6xi64>
  memref.store %s#0, %out[%c0] : memref<6xi64>
  memref.store %s#1, %out[%c1] : memref<6xi64>
  memref.store %s#2, %out[%c2] : memref<6xi64>
  memref.store %s#3, %out[%c3] : memref<6xi64>
  memref.store %s#4, %out[%c4] : memref<6xi64>
  memref.store %s#5, %out[%c5] : memref<6xi64>
  %u = memref.cast %out : memref<6xi64> to memref<*xi64>
  call @printMemrefExactI64(%u) : (memref<*xi64>) -> ()
  return
}

// sum_{t,i,j} lu(t,i,j) * ((t*n*n + i*n + j) mod 7 + 1), in f64: every term
// is a small multiple of 2^-6, so the sum is exact in any order.
func.func @lu_checksum(%lu: memref<?x?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f64
  %b = memref.dim %lu, %c0 : memref<?x?x?xf64>
  %m = memref.dim %lu, %c1 : memref<?x?x?xf64>
  %n = memref.dim %lu, %c2 : memref<?x?x?xf64>
  %s = scf.for %t = %c0 to %b step %c1 iter_args(%a = %zero) -> f64 {
    %s1 = scf.for %i = %c0 to %m step %c1 iter_args(%a1 = %a) -> f64 {
      %s2 = scf.for %j = %c0 to %n step %c1 iter_args(%a2 = %a1) -> f64 {
        %tm = arith.muli %t, %m : index
        %ti = arith.addi %tm, %i : index
        %tin = arith.muli %ti, %n : index
        %flat = arith.addi %tin, %j : index
        %w0 = arith.remui %flat, %c7 : index
        %w1 = arith.addi %w0, %c1 : index
        %wi = arith.index_cast %w1 : index to i64
        %w = arith.sitofp %wi : i64 to f64
        %v = memref.load %lu[%t, %i, %j] : memref<?x?x?xf64>
        %vw = arith.mulf %v, %w : f64
        %r = arith.addf %a2, %vw : f64
        scf.yield %r : f64
      }
      scf.yield %s2 : f64
    }
    scf.yield %s1 : f64
  }
  %out = memref.alloc() : memref<1xf64>
  memref.store %s, %out[%c0] : memref<1xf64>
  %u = memref.cast %out : memref<1xf64> to memref<*xf64>
  call @printMemrefExactF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @widen_i32(%x: memref<?x?xi32>) -> memref<?x?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.dim %x, %c0 : memref<?x?xi32>
  %n = memref.dim %x, %c1 : memref<?x?xi32>
  %y = memref.alloc(%b, %n) : memref<?x?xi64>
  scf.for %t = %c0 to %b step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %v = memref.load %x[%t, %j] : memref<?x?xi32>
      %w = arith.extsi %v : i32 to i64
      memref.store %w, %y[%t, %j] : memref<?x?xi64>
    }
  }
  return %y : memref<?x?xi64>
}

// Prints matrix t of an f64 batch: lu, pivots, info, permutation.
func.func @show_f64(%t: index, %lu: memref<?x?x?xf64>, %piv: memref<?x?xi32>,
                    %info: memref<?xi32>, %perm: memref<?x?xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %lu, %c1 : memref<?x?x?xf64>
  %k = memref.dim %piv, %c1 : memref<?x?xi32>
  %l = memref.subview %lu[%t, 0, 0] [1, %n, %n] [1, 1, 1]
      : memref<?x?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  %lu_ = memref.cast %l : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<*xf64>
  call @printMemrefExactF64(%lu_) : (memref<*xf64>) -> ()
  %p = memref.subview %piv[%t, 0] [1, %k] [1, 1] : memref<?x?xi32> to memref<?xi32, strided<[1], offset: ?>>
  %pu = memref.cast %p : memref<?xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %i = memref.subview %info[%t] [1] [1] : memref<?xi32> to memref<1xi32, strided<[1], offset: ?>>
  %iu = memref.cast %i : memref<1xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  %q = memref.subview %perm[%t, 0] [1, %n] [1, 1] : memref<?x?xi32> to memref<?xi32, strided<[1], offset: ?>>
  %qu = memref.cast %q : memref<?xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefExactI32(%qu) : (memref<*xi32>) -> ()
  return
}

// Prints matrix t of an f32 batch with i64 pivots.
func.func @show_f32(%t: index, %lu: memref<?x?x?xf32>, %piv: memref<?x?xi64>,
                    %info: memref<?xi64>, %perm: memref<?x?xi64>) {
  %c1 = arith.constant 1 : index
  %n = memref.dim %lu, %c1 : memref<?x?x?xf32>
  %k = memref.dim %piv, %c1 : memref<?x?xi64>
  %l = memref.subview %lu[%t, 0, 0] [1, %n, %n] [1, 1, 1]
      : memref<?x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %lu_ = memref.cast %l : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<*xf32>
  call @printMemrefExactF32(%lu_) : (memref<*xf32>) -> ()
  %p = memref.subview %piv[%t, 0] [1, %k] [1, 1] : memref<?x?xi64> to memref<?xi64, strided<[1], offset: ?>>
  %pu = memref.cast %p : memref<?xi64, strided<[1], offset: ?>> to memref<*xi64>
  call @printMemrefExactI64(%pu) : (memref<*xi64>) -> ()
  %i = memref.subview %info[%t] [1] [1] : memref<?xi64> to memref<1xi64, strided<[1], offset: ?>>
  %iu = memref.cast %i : memref<1xi64, strided<[1], offset: ?>> to memref<*xi64>
  call @printMemrefExactI64(%iu) : (memref<*xi64>) -> ()
  %q = memref.subview %perm[%t, 0] [1, %n] [1, 1] : memref<?x?xi64> to memref<?xi64, strided<[1], offset: ?>>
  %qu = memref.cast %q : memref<?xi64, strided<[1], offset: ?>> to memref<*xi64>
  call @printMemrefExactI64(%qu) : (memref<*xi64>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c65535 = arith.constant 65535 : index

  // ---- 70000 3x3 f64 matrices, i32 pivots, in place on dynamic memrefs.
  // Matrices 0, 1, 65535, 65536 and 69999 (lu, pivots, info, permutation),
  // then the checksums [pivots, position-weighted pivots, sum info,
  // #singular, permutations, position-weighted last entries] and the
  // weighted sum of the factors.
  // CHECK-LABEL: f64_70000x3x3
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+2 -0x1.8p+1 -0x1p+1 0x1p-3 0x1p+2 0x1p+0 -0x1p-3 0x1p-3 0x1p+2
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 1 2
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 1 2
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+2 0x1p+2 -0x1p+2 0x1p-2 0x1p+2 -0x1p+0 0x0p+0 0x1p-2 0x1p+2
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 2 2
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 0 1
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+2 0x1.8p+1 0x1p+2 0x1p-3 0x1p+2 -0x1p+1 -0x1p-3 0x1p-3 0x1p+2
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 1 2
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 1 0
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+2 0x1p+0 0x1p+1 0x1p-2 0x1p+2 -0x1p+2 0x0p+0 0x1p-2 0x1p+2
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 2 2
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 0 2 1
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+2 0x1.8p+1 0x1p+2 0x0p+0 0x1p+2 -0x1p+1 -0x1p-2 0x0p+0 0x1p+2
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 1 2
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 1 0
  // CHECK-NEXT: checksums
  // CHECK-NEXT: linalgx.memref i64 1 6
  // CHECK-NEXT: 699931 2450035000 352 141 420020 2450626863
  // CHECK-NEXT: linalgx.memref f64 1 1
  // CHECK-NEXT: 0x1.99e1cp+21
  vector.print str "f64_70000x3x3\n"
  %b1 = arith.constant 70000 : index
  %a1 = memref.alloc(%b1, %c3, %c3) : memref<?x?x?xf64>
  call @fill_f64(%a1) : (memref<?x?x?xf64>) -> ()
  %p1 = memref.alloc(%b1, %c3) : memref<?x?xi32>
  %i1 = memref.alloc(%b1) : memref<?xi32>
  %q1 = memref.alloc(%b1, %c3) : memref<?x?xi32>
  linalgx.lu ins(%a1 : memref<?x?x?xf64>)
      outs(%a1, %p1, %i1 : memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>)
  linalgx.pivots_to_permutation ins(%p1 : memref<?x?xi32>) outs(%q1 : memref<?x?xi32>)
  %last1 = arith.subi %b1, %c1 : index
  %c65536 = arith.addi %c65535, %c1 : index
  call @show_f64(%c0, %a1, %p1, %i1, %q1) : (index, memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>, memref<?x?xi32>) -> ()
  call @show_f64(%c1, %a1, %p1, %i1, %q1) : (index, memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>, memref<?x?xi32>) -> ()
  call @show_f64(%c65535, %a1, %p1, %i1, %q1) : (index, memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>, memref<?x?xi32>) -> ()
  call @show_f64(%c65536, %a1, %p1, %i1, %q1) : (index, memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>, memref<?x?xi32>) -> ()
  call @show_f64(%last1, %a1, %p1, %i1, %q1) : (index, memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>, memref<?x?xi32>) -> ()
  vector.print str "checksums\n"
  %p1w = call @widen_i32(%p1) : (memref<?x?xi32>) -> memref<?x?xi64>
  %q1w = call @widen_i32(%q1) : (memref<?x?xi32>) -> memref<?x?xi64>
  %i1e = memref.expand_shape %i1 [[0, 1]] output_shape [%b1, 1] : memref<?xi32> into memref<?x1xi32>
  %i1d = memref.cast %i1e : memref<?x1xi32> to memref<?x?xi32>
  %i1w2 = call @widen_i32(%i1d) : (memref<?x?xi32>) -> memref<?x?xi64>
  %i1w = memref.collapse_shape %i1w2 [[0, 1]] : memref<?x?xi64> into memref<?xi64>
  call @int_checksums(%p1w, %i1w, %q1w) : (memref<?x?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  call @lu_checksum(%a1) : (memref<?x?x?xf64>) -> ()

  // ---- 100000 4x4 f32 matrices, i64 pivots, out of place.
  // The same prints for matrices 0, 1, 65535, 65536, 99999, then the
  // checksums of the factors and of the (untouched) input.
  // CHECK-LABEL: f32_100000x4x4
  // CHECK-NEXT: linalgx.memref f32 2 4 4
  // CHECK-NEXT: 0x1p+2 -0x1.8p+1 -0x1p+1 -0x1p+0 0x1p-3 0x1p+2 0x1p+0 0x1p+1 -0x1p-3 0x1p-3 0x1p+2 -0x1p+2 0x1p-2 -0x1p-3 0x1p-3 0x1p+2
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 0 1 2 3
  // CHECK-NEXT: linalgx.memref i64 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 0 1 2 3
  // CHECK-NEXT: linalgx.memref f32 2 4 4
  // CHECK-NEXT: 0x1p+2 0x1p+2 -0x1p+2 -0x1.8p+1 0x1p-2 0x1p+2 -0x1p+0 0x0p+0 0x0p+0 0x1p-2 0x1p+2 0x1.8p+1 -0x1p-2 0x0p+0 0x1p-2 0x1p+2
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 3 3 3 3
  // CHECK-NEXT: linalgx.memref i64 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 3 0 1 2
  // CHECK-NEXT: linalgx.memref f32 2 4 4
  // CHECK-NEXT: 0x1p+2 0x1.8p+1 0x1p+2 -0x1p+2 0x1p-3 0x1p+2 -0x1p+1 -0x1p+0 -0x1p-3 0x1p-3 0x1p+2 0x1p+1 0x1p-2 -0x1p-3 0x1p-3 0x1p+2
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 2 1 2 3
  // CHECK-NEXT: linalgx.memref i64 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 2 1 0 3
  // CHECK-NEXT: linalgx.memref f32 2 4 4
  // CHECK-NEXT: 0x1p+2 0x1p+0 0x1p+1 0x1.8p+1 0x1p-2 0x1p+2 -0x1p+2 -0x1.8p+1 0x0p+0 0x1p-2 0x1p+2 0x0p+0 -0x1p-2 0x0p+0 0x1p-2 0x1p+2
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 0 1 2 3
  // CHECK-NEXT: linalgx.memref i64 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 0 1 2 3
  // CHECK-NEXT: linalgx.memref f32 2 4 4
  // CHECK-NEXT: 0x1p+2 -0x1.8p+1 -0x1p+1 -0x1p+0 0x0p+0 0x1p+2 0x1p+0 0x1p+1 -0x1p-2 0x0p+0 0x1p+2 -0x1p+2 0x1p-3 -0x1p-2 0x0p+0 0x1p+2
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 2 1 2 3
  // CHECK-NEXT: linalgx.memref i64 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 2 1 0 3
  // CHECK-NEXT: checksums
  // CHECK-NEXT: linalgx.memref i64 1 6
  // CHECK-NEXT: 2462289 7499925000 602 201 1500150 7503446620
  // CHECK-NEXT: linalgx.memref f64 1 1
  // CHECK-NEXT: 0x1.866d52p+22
  // CHECK-NEXT: linalgx.memref f64 1 1
  // CHECK-NEXT: 0x1.8667ba8p+22
  vector.print str "f32_100000x4x4\n"
  %b2 = arith.constant 100000 : index
  %a2 = memref.alloc(%b2, %c4, %c4) : memref<?x?x?xf32>
  call @fill_f32(%a2) : (memref<?x?x?xf32>) -> ()
  %l2 = memref.alloc(%b2, %c4, %c4) : memref<?x?x?xf32>
  %p2 = memref.alloc(%b2, %c4) : memref<?x?xi64>
  %i2 = memref.alloc(%b2) : memref<?xi64>
  %q2 = memref.alloc(%b2, %c4) : memref<?x?xi64>
  linalgx.lu ins(%a2 : memref<?x?x?xf32>)
      outs(%l2, %p2, %i2 : memref<?x?x?xf32>, memref<?x?xi64>, memref<?xi64>)
  linalgx.pivots_to_permutation ins(%p2 : memref<?x?xi64>) outs(%q2 : memref<?x?xi64>)
  %last2 = arith.subi %b2, %c1 : index
  call @show_f32(%c0, %l2, %p2, %i2, %q2) : (index, memref<?x?x?xf32>, memref<?x?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  call @show_f32(%c1, %l2, %p2, %i2, %q2) : (index, memref<?x?x?xf32>, memref<?x?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  call @show_f32(%c65535, %l2, %p2, %i2, %q2) : (index, memref<?x?x?xf32>, memref<?x?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  call @show_f32(%c65536, %l2, %p2, %i2, %q2) : (index, memref<?x?x?xf32>, memref<?x?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  call @show_f32(%last2, %l2, %p2, %i2, %q2) : (index, memref<?x?x?xf32>, memref<?x?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  vector.print str "checksums\n"
  call @int_checksums(%p2, %i2, %q2) : (memref<?x?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  // The f32 factors widened to f64 for the checksum.
  %l2w = memref.alloc(%b2, %c4, %c4) : memref<?x?x?xf64>
  scf.for %t = %c0 to %b2 step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %l2[%t, %i, %j] : memref<?x?x?xf32>
        %w = arith.extf %v : f32 to f64
        memref.store %w, %l2w[%t, %i, %j] : memref<?x?x?xf64>
      }
    }
  }
  call @lu_checksum(%l2w) : (memref<?x?x?xf64>) -> ()
  // The input is untouched by the out-of-place factorization: its checksum
  // is that of the generated matrices.
  scf.for %t = %c0 to %b2 step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %a2[%t, %i, %j] : memref<?x?x?xf32>
        %w = arith.extf %v : f32 to f64
        memref.store %w, %l2w[%t, %i, %j] : memref<?x?x?xf64>
      }
    }
  }
  call @lu_checksum(%l2w) : (memref<?x?x?xf64>) -> ()

  // ---- pivots_to_permutation alone on 100000 vectors of K = 4 one_based
  // i32 pivots into N = 5: pivots(t, k) = (31t + 17k) mod 11 - 3, i.e.
  // -3..7; after the one_based shift -4..6, so 0, -1..-4, 5 and 6 (about
  // half of them) are out of range and skipped.
  // CHECK-LABEL: perm_one_based_100000x4_to_5
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: -3 3 -2 4
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 0 2 1 3 4
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 6 1 7 2
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 1 3 2 0 4
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 3 -2 4 -1
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 2 1 3 0 4
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 1 7 2 -3
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 0 2 1 3 4
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 1 7 2 -3
  // CHECK-NEXT: linalgx.memref i32 1 5
  // CHECK-NEXT: 0 2 1 3 4
  // CHECK-NEXT: checksums
  // CHECK-NEXT: linalgx.memref i64 1 6
  // CHECK-NEXT: 1999987 10000200000 0 0 3418185 14545345453
  vector.print str "perm_one_based_100000x4_to_5\n"
  %b3 = arith.constant 100000 : index
  %pv3 = memref.alloc(%b3, %c4) : memref<?x?xi32>
  %c11 = arith.constant 11 : index
  %c17 = arith.constant 17 : index
  %c31 = arith.constant 31 : index
  %three = arith.constant 3 : i32
  scf.for %t = %c0 to %b3 step %c1 {
    scf.for %k = %c0 to %c4 step %c1 {
      %x0 = arith.muli %t, %c31 : index
      %x1 = arith.muli %k, %c17 : index
      %x2 = arith.addi %x0, %x1 : index
      %x3 = arith.remui %x2, %c11 : index
      %x4 = arith.index_cast %x3 : index to i32
      %x = arith.subi %x4, %three : i32
      memref.store %x, %pv3[%t, %k] : memref<?x?xi32>
    }
  }
  %q3 = memref.alloc(%b3, %c5) : memref<?x?xi32>
  linalgx.pivots_to_permutation one_based ins(%pv3 : memref<?x?xi32>) outs(%q3 : memref<?x?xi32>)
  %last3 = arith.subi %b3, %c1 : index
  %ts = memref.alloc() : memref<5xindex>
  memref.store %c0, %ts[%c0] : memref<5xindex>
  memref.store %c1, %ts[%c1] : memref<5xindex>
  %c2 = arith.constant 2 : index
  memref.store %c65535, %ts[%c2] : memref<5xindex>
  memref.store %c65536, %ts[%c3] : memref<5xindex>
  memref.store %last3, %ts[%c4] : memref<5xindex>
  scf.for %s = %c0 to %c5 step %c1 {
    %t = memref.load %ts[%s] : memref<5xindex>
    %pp = memref.subview %pv3[%t, 0] [1, 4] [1, 1] : memref<?x?xi32> to memref<4xi32, strided<[1], offset: ?>>
    %ppu = memref.cast %pp : memref<4xi32, strided<[1], offset: ?>> to memref<*xi32>
    func.call @printMemrefExactI32(%ppu) : (memref<*xi32>) -> ()
    %qq = memref.subview %q3[%t, 0] [1, 5] [1, 1] : memref<?x?xi32> to memref<5xi32, strided<[1], offset: ?>>
    %qqu = memref.cast %qq : memref<5xi32, strided<[1], offset: ?>> to memref<*xi32>
    func.call @printMemrefExactI32(%qqu) : (memref<*xi32>) -> ()
  }
  vector.print str "checksums\n"
  %pv3w = call @widen_i32(%pv3) : (memref<?x?xi32>) -> memref<?x?xi64>
  %q3w = call @widen_i32(%q3) : (memref<?x?xi32>) -> memref<?x?xi64>
  %noinfo = memref.alloc(%b3) : memref<?xi64>
  %zi = arith.constant 0 : i64
  scf.for %t = %c0 to %b3 step %c1 {
    memref.store %zi, %noinfo[%t] : memref<?xi64>
  }
  call @int_checksums(%pv3w, %noinfo, %q3w) : (memref<?x?xi64>, memref<?xi64>, memref<?x?xi64>) -> ()
  return
}
