// i32 pivots_to_permutation with N = 2^31 exactly: every permutation value
// (0 .. 2^31 - 1) fits in i32. The lowerings once compared the pivots with N
// converted to i32, which wraps to INT32_MIN, so every pivot was skipped and
// the result was the identity; they now compare in index arithmetic. (N >
// 2^31 cannot be represented with i32 pivots; the verifier rejects static
// such sizes.)
// About 10-25 s and 8.6 GB: opt-in (see ../lit.local.cfg).
//
// REQUIRES: extreme-huge, memory-12g
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %n = arith.constant 2147483648 : index
  %piv = arith.constant dense<[[5]]> : tensor<1x1xi32>
  %pivm = bufferization.to_buffer %piv : tensor<1x1xi32> to memref<1x1xi32>
  %perm = memref.alloc(%n) : memref<1x?xi32>
  linalgx.pivots_to_permutation ins(%pivm : memref<1x1xi32>) outs(%perm : memref<1x?xi32>)
  // CHECK-LABEL: head
  // CHECK-NEXT: linalgx.memref i32 1 6
  // CHECK-NEXT: 5 1 2 3 4 0
  vector.print str "head\n"
  %s = memref.subview %perm[0, 0] [1, 6] [1, 1] : memref<1x?xi32> to memref<6xi32, strided<[1]>>
  %su = memref.cast %s : memref<6xi32, strided<[1]>> to memref<*xi32>
  call @printMemrefExactI32(%su) : (memref<*xi32>) -> ()
  return
}
