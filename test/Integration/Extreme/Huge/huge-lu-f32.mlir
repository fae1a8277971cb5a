// B*M*N over 2^31 elements (the int32 offset overflow JAX once shipped,
// jax-ml/jax#24843): linalgx.lu in place on B = 2^27 + 1 4x4 f32 matrices,
// 2^31 + 16 elements, 8.6 GB (11.3 GB with pivots and info). Matrix b < B-1
// is entry b mod 1021 of a table of @entry matrices (see ../big-batch.mlir),
// the last one, whose elements all lie past 2^31, is @entry(B + 5), so a
// wrapped 32-bit offset would read or write another matrix (or crash).
// Printed exactly: matrices 0, B-2 and B-1, then checksums over all
// matrices ([sum piv*(k+1), sum b*piv(b,0), sum info, #singular] and
// sum lu(b,i,j)*((16b+4i+j) mod 7 + 1), exact in f64).
// The expected values are extreme_reference.py's (huge-lu-reference.test).
// About 15-40 s and 11.3 GB: opt-in (see lit.local.cfg).
//
// REQUIRES: extreme-huge, memory-16g
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

// The generator of ../big-batch.mlir.
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

// The checksums, read straight from the i32 and f32 results.
func.func @checksums(%lu: memref<?x4x4xf32>, %piv: memref<?x4xi32>, %info: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %zf = arith.constant 0.0 : f64
  %b = memref.dim %lu, %c0 : memref<?x4x4xf32>
  %s:5 = scf.for %t = %c0 to %b step %c1
      iter_args(%s0 = %z, %s1 = %z, %s2 = %z, %s3 = %z, %s4 = %zf) -> (i64, i64, i64, i64, f64) {
    %a0 = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %s0) -> i64 {
      %p = memref.load %piv[%t, %k] : memref<?x4xi32>
      %pw = arith.extsi %p : i32 to i64
      %w0 = arith.addi %k, %c1 : index
      %w = arith.index_cast %w0 : index to i64
      %m = arith.muli %pw, %w : i64
      %r = arith.addi %acc, %m : i64
      scf.yield %r : i64
    }
    %tmi = arith.index_cast %t : index to i64
    %p0 = memref.load %piv[%t, %c0] : memref<?x4xi32>
    %p0w = arith.extsi %p0 : i32 to i64
    %pp = arith.muli %p0w, %tmi : i64
    %a1 = arith.addi %s1, %pp : i64
    %in = memref.load %info[%t] : memref<?xi32>
    %inw = arith.extsi %in : i32 to i64
    %a2 = arith.addi %s2, %inw : i64
    %nz = arith.cmpi ne, %inw, %z : i64
    %inc = arith.select %nz, %one, %z : i64
    %a3 = arith.addi %s3, %inc : i64
    // (16 t + 4 i + j) mod 7 = (2 (t mod 7) + 4 i + j) mod 7
    %t7 = arith.remui %t, %c7 : index
    %base = arith.muli %t7, %c2 : index
    %a4 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %s4) -> f64 {
      %i4 = arith.muli %i, %c4 : index
      %row = arith.addi %base, %i4 : index
      %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc2 = %acc) -> f64 {
        %f = arith.addi %row, %j : index
        %w0 = arith.remui %f, %c7 : index
        %w1 = arith.addi %w0, %c1 : index
        %wi = arith.index_cast %w1 : index to i64
        %w = arith.sitofp %wi : i64 to f64
        %v = memref.load %lu[%t, %i, %j] : memref<?x4x4xf32>
        %vd = arith.extf %v : f32 to f64
        %vw = arith.mulf %vd, %w : f64
        %r2 = arith.addf %acc2, %vw : f64
        scf.yield %r2 : f64
      }
      scf.yield %r : f64
    }
    scf.yield %a0, %a1, %a2, %a3, %a4 : i64, i64, i64, i64, f64
  }
  %out = memref.alloc() : memref<4xi64>
  memref.store %s#0, %out[%c0] : memref<4xi64>
  memref.store %s#1, %out[%c1] : memref<4xi64>
  memref.store %s#2, %out[%c2] : memref<4xi64>
  memref.store %s#3, %out[%c3] : memref<4xi64>
  %ou = memref.cast %out : memref<4xi64> to memref<*xi64>
  call @printMemrefExactI64(%ou) : (memref<*xi64>) -> ()
  %fo = memref.alloc() : memref<1xf64>
  memref.store %s#4, %fo[%c0] : memref<1xf64>
  %fu = memref.cast %fo : memref<1xf64> to memref<*xf64>
  call @printMemrefExactF64(%fu) : (memref<*xf64>) -> ()
  return
}

func.func @show(%t: index, %lu: memref<?x4x4xf32>, %piv: memref<?x4xi32>, %info: memref<?xi32>) {
  %l = memref.subview %lu[%t, 0, 0] [1, 4, 4] [1, 1, 1]
      : memref<?x4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  %lu_ = memref.cast %l : memref<4x4xf32, strided<[4, 1], offset: ?>> to memref<*xf32>
  call @printMemrefExactF32(%lu_) : (memref<*xf32>) -> ()
  %p = memref.subview %piv[%t, 0] [1, 4] [1, 1] : memref<?x4xi32> to memref<4xi32, strided<[1], offset: ?>>
  %pu = memref.cast %p : memref<4xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %i = memref.subview %info[%t] [1] [1] : memref<?xi32> to memref<1xi32, strided<[1], offset: ?>>
  %iu = memref.cast %i : memref<1xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %ct = arith.constant 1021 : index
  %b = arith.constant 134217729 : index

  // The table of 1021 matrices.
  %table = memref.alloc() : memref<1021x4x4xf32>
  scf.for %t = %c0 to %ct step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = func.call @entry(%t, %i, %j, %c4) : (index, index, index, index) -> f64
        %w = arith.truncf %v : f64 to f32
        memref.store %w, %table[%t, %i, %j] : memref<1021x4x4xf32>
      }
    }
  }
  // The batch: table entries, then the last matrix.
  %a = memref.alloc(%b) : memref<?x4x4xf32>
  %last = arith.subi %b, %c1 : index
  scf.for %t = %c0 to %last step %c1 {
    %src = arith.remui %t, %ct : index
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %table[%src, %i, %j] : memref<1021x4x4xf32>
        memref.store %v, %a[%t, %i, %j] : memref<?x4x4xf32>
      }
    }
  }
  %tl = arith.addi %b, %c5 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = func.call @entry(%tl, %i, %j, %c4) : (index, index, index, index) -> f64
      %w = arith.truncf %v : f64 to f32
      memref.store %w, %a[%last, %i, %j] : memref<?x4x4xf32>
    }
  }

  %piv = memref.alloc(%b) : memref<?x4xi32>
  %info = memref.alloc(%b) : memref<?xi32>
  linalgx.lu ins(%a : memref<?x4x4xf32>) outs(%a, %piv, %info : memref<?x4x4xf32>, memref<?x4xi32>, memref<?xi32>)

  // Matrices 0, B-2 (table entries 0 and (2^27 - 1) mod 1021 = 130),
  // B-1 (@entry(B + 5)): lu, pivots, info; then the checksums.
  // CHECK-LABEL: huge_lu_f32
  // CHECK-NEXT: linalgx.memref f32 2 4 4
  // CHECK-NEXT: 0x1p+2 -0x1.8p+1 -0x1p+1 -0x1p+0 0x1p-3 0x1p+2 0x1p+0 0x1p+1 -0x1p-3 0x1p-3 0x1p+2 -0x1p+2 0x1p-2 -0x1p-3 0x1p-3 0x1p+2
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 0 1 2 3
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref f32 2 4 4
  // CHECK-NEXT: 0x1p+2 -0x1p+1 -0x1p+0 0x0p+0 0x1p-3 0x1p+2 0x1p+1 0x1.8p+1 -0x1p-3 0x1p-3 0x1p+2 -0x1.8p+1 0x1p-2 -0x1p-3 0x1p-3 0x1p+2
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 2 3 2 3
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: linalgx.memref f32 2 4 4
  // CHECK-NEXT: 0x1p+2 -0x1p+2 -0x1.8p+1 -0x1p+1 0x0p+0 0x1p+2 0x0p+0 0x1p+0 -0x1p-2 0x0p+0 0x1p+2 0x1p+2 0x1p-3 -0x1p-2 0x0p+0 0x1p+2
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 1 1 3 3
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  // CHECK-NEXT: checksums
  // CHECK-NEXT: linalgx.memref i64 1 4
  // CHECK-NEXT: 3305358058 13524031965358876 1577490 525830
  // CHECK-NEXT: linalgx.memref f64 1 1
  // CHECK-NEXT: 0x1.ff7f9f968p+32
  vector.print str "huge_lu_f32\n"
  %before = arith.subi %b, %c2 : index
  call @show(%c0, %a, %piv, %info) : (index, memref<?x4x4xf32>, memref<?x4xi32>, memref<?xi32>) -> ()
  call @show(%before, %a, %piv, %info) : (index, memref<?x4x4xf32>, memref<?x4xi32>, memref<?xi32>) -> ()
  call @show(%last, %a, %piv, %info) : (index, memref<?x4x4xf32>, memref<?x4xi32>, memref<?xi32>) -> ()
  vector.print str "checksums\n"
  call @checksums(%a, %piv, %info) : (memref<?x4x4xf32>, memref<?x4xi32>, memref<?xi32>) -> ()
  return
}
