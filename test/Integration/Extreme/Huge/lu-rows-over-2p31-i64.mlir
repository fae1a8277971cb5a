// One column of M = 2^31 + 1 rows (f32 [M, 1], 8.6 GB), in place, i64
// pivots: the largest magnitude is in the last row, 2^31, so the pivot is a
// row index past int32 and the swap and the scaling reach the end of the
// buffer. Expected: pivots = [2147483648], info 0, lu(0) = -1, every other
// entry 0.5 / -1 = -0.5 (counted over the whole column).
// With i32 pivots the same program stores the pivot truncated to
// -2147483648 (docs/reliability.md: i32 pivots need M <= 2^31 - 1; nothing
// rejects a larger M today).
// About 15-40 s and 8.6 GB: opt-in (see ../lit.local.cfg).
//
// REQUIRES: extreme-huge, memory-12g
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.constant 2147483649 : index
  %lastRow = arith.constant 2147483648 : index
  %half = arith.constant 0.5 : f32
  %mone = arith.constant -1.0 : f32
  %mhalf = arith.constant -0.5 : f32
  %a = memref.alloc(%m) : memref<?x1xf32>
  scf.for %i = %c0 to %m step %c1 {
    memref.store %half, %a[%i, %c0] : memref<?x1xf32>
  }
  memref.store %mone, %a[%lastRow, %c0] : memref<?x1xf32>
  %p = memref.alloc() : memref<1xi64>
  %info = memref.alloc() : memref<i64>
  linalgx.lu ins(%a : memref<?x1xf32>) outs(%a, %p, %info : memref<?x1xf32>, memref<1xi64>, memref<i64>)

  // CHECK-LABEL: pivots_info
  // CHECK-NEXT: linalgx.memref i64 1 1
  // CHECK-NEXT: 2147483648
  // CHECK-NEXT: linalgx.memref i64 0
  // CHECK-NEXT: 0
  vector.print str "pivots_info\n"
  %pu = memref.cast %p : memref<1xi64> to memref<*xi64>
  call @printMemrefExactI64(%pu) : (memref<*xi64>) -> ()
  %iu = memref.cast %info : memref<i64> to memref<*xi64>
  call @printMemrefExactI64(%iu) : (memref<*xi64>) -> ()

  // First two rows and the last one.
  // CHECK-LABEL: rows
  // CHECK-NEXT: linalgx.memref f32 2 2 1
  // CHECK-NEXT: -0x1p+0 -0x1p-1
  // CHECK-NEXT: linalgx.memref f32 2 1 1
  // CHECK-NEXT: -0x1p-1
  vector.print str "rows\n"
  %head = memref.subview %a[0, 0] [2, 1] [1, 1] : memref<?x1xf32> to memref<2x1xf32, strided<[1, 1]>>
  %hu = memref.cast %head : memref<2x1xf32, strided<[1, 1]>> to memref<*xf32>
  call @printMemrefExactF32(%hu) : (memref<*xf32>) -> ()
  %tail = memref.subview %a[%lastRow, 0] [1, 1] [1, 1] : memref<?x1xf32> to memref<1x1xf32, strided<[1, 1], offset: ?>>
  %tu = memref.cast %tail : memref<1x1xf32, strided<[1, 1], offset: ?>> to memref<*xf32>
  call @printMemrefExactF32(%tu) : (memref<*xf32>) -> ()

  // Entries equal to -0.5: all but row 0, 2^31.
  // CHECK-LABEL: count
  // CHECK-NEXT: linalgx.memref i64 1 1
  // CHECK-NEXT: 2147483648
  vector.print str "count\n"
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %count = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %z) -> i64 {
    %v = memref.load %a[%i, %c0] : memref<?x1xf32>
    %eq = arith.cmpf oeq, %v, %mhalf : f32
    %inc = arith.select %eq, %one, %z : i64
    %r = arith.addi %acc, %inc : i64
    scf.yield %r : i64
  }
  %out = memref.alloc() : memref<1xi64>
  memref.store %count, %out[%c0] : memref<1xi64>
  %ou = memref.cast %out : memref<1xi64> to memref<*xi64>
  call @printMemrefExactI64(%ou) : (memref<*xi64>) -> ()
  return
}
