// pivots_to_permutation with B*N over 2^31 elements, i32: two vectors of
// N = 2^30 + 1 (2^31 + 2 elements, 8.6 GB); the last position, 2^30, of the
// second one is at flat offset 2^31 + 1. Swaps with that last position
// prove the index arithmetic is 64-bit (a 32-bit offset would wrap
// to a negative one and crash or hit the first vector); N itself is an out
// of range pivot and is skipped. A full pass then checks that every other
// position holds the identity: the number of moved positions and the sum of
// all entries (2 * N (N - 1) / 2 = 1152921505680588800).
// About 5-15 s (mostly page faults) and 8.6 GB: runs where 12 GiB are free.
//
// REQUIRES: memory-12g
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @show(%perm: memref<2x?xi32>, %b: index) {
  %c1 = arith.constant 1 : index
  %n = memref.dim %perm, %c1 : memref<2x?xi32>
  %last = arith.subi %n, %c1 : index
  %s = memref.subview %perm[%b, 0] [1, 3] [1, 1] : memref<2x?xi32> to memref<3xi32, strided<[1], offset: ?>>
  %su = memref.cast %s : memref<3xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefExactI32(%su) : (memref<*xi32>) -> ()
  %before = arith.subi %last, %c1 : index
  %m = memref.subview %perm[%b, %before] [1, 1] [1, 1] : memref<2x?xi32> to memref<1xi32, strided<[1], offset: ?>>
  %mu = memref.cast %m : memref<1xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefExactI32(%mu) : (memref<*xi32>) -> ()
  %t = memref.subview %perm[%b, %last] [1, 1] [1, 1] : memref<2x?xi32> to memref<1xi32, strided<[1], offset: ?>>
  %tu = memref.cast %t : memref<1xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefExactI32(%tu) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 1073741825 : index
  // Vector 0: [1, 2^30, -1]: swaps 0<->1, then 1<->2^30; -1 is skipped.
  // Vector 1: [2^30, 2^30 + 1 = N, 0]: swaps 0<->2^30, skips N, swaps 2<->0.
  %piv = arith.constant dense<[[1, 1073741824, -1], [1073741824, 1073741825, 0]]> : tensor<2x3xi32>
  %pivm = bufferization.to_buffer %piv : tensor<2x3xi32> to memref<2x3xi32>
  %perm = memref.alloc(%n) : memref<2x?xi32>
  linalgx.pivots_to_permutation ins(%pivm : memref<2x3xi32>) outs(%perm : memref<2x?xi32>)

  // CHECK-LABEL: vector0
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 1 1073741824 2
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 1073741823
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  vector.print str "vector0\n"
  call @show(%perm, %c0) : (memref<2x?xi32>, index) -> ()
  // CHECK-LABEL: vector1
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 1 1073741824
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 1073741823
  // CHECK-NEXT: linalgx.memref i32 1 1
  // CHECK-NEXT: 0
  vector.print str "vector1\n"
  call @show(%perm, %c1) : (memref<2x?xi32>, index) -> ()

  // CHECK-LABEL: moved_and_sum
  // CHECK-NEXT: linalgx.memref i64 1 2
  // CHECK-NEXT: 6 1152921505680588800
  vector.print str "moved_and_sum\n"
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = scf.for %b = %c0 to %c2 step %c1 iter_args(%moved = %z, %sum = %z) -> (i64, i64) {
    %r2:2 = scf.for %j = %c0 to %n step %c1 iter_args(%mv = %moved, %sm = %sum) -> (i64, i64) {
      %v = memref.load %perm[%b, %j] : memref<2x?xi32>
      %vw = arith.extsi %v : i32 to i64
      %ji = arith.index_cast %j : index to i64
      %ne = arith.cmpi ne, %vw, %ji : i64
      %inc = arith.select %ne, %one, %z : i64
      %mv2 = arith.addi %mv, %inc : i64
      %sm2 = arith.addi %sm, %vw : i64
      scf.yield %mv2, %sm2 : i64, i64
    }
    scf.yield %r2#0, %r2#1 : i64, i64
  }
  %out = memref.alloc() : memref<2xi64>
  memref.store %r#0, %out[%c0] : memref<2xi64>
  memref.store %r#1, %out[%c1] : memref<2xi64>
  %ou = memref.cast %out : memref<2xi64> to memref<*xi64>
  call @printMemrefExactI64(%ou) : (memref<*xi64>) -> ()
  return
}
