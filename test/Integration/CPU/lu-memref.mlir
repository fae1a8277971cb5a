// The memref form of linalgx.lu: in place (input == lu) it overwrites the
// matrix with L\U; out of place it leaves the input untouched; on a strided
// subview it touches only the viewed block.
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI64(memref<*xi64>) attributes {llvm.emit_c_interface}

memref.global "private" constant @a3 : memref<3x3xf64> =
    dense<[[2.0, 2.0, 2.5], [-1.0, 2.0, -1.25], [4.0, -2.0, 1.0]]>
memref.global "private" constant @a2x2x2 : memref<2x2x2xf64> =
    dense<[[[1.0, 2.0], [4.0, 4.0]], [[1.0, 2.0], [2.0, 4.0]]]>
memref.global "private" constant @big : memref<3x3xf64> =
    dense<[[9.0, 9.0, 9.0], [9.0, 1.0, 2.0], [9.0, 4.0, 4.0]]>

func.func @main() {
  // In place: the 3x3 of lu-f64.mlir factored in its own (writable) buffer.
  // CHECK-LABEL: in_place
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1p+2 -0x1p+1 0x1p+0 0x1p-1 0x1.8p+1 0x1p+1 -0x1p-2 0x1p-1 -0x1p+1
  // CHECK-NEXT: linalgx.memref i32 1 3
  // CHECK-NEXT: 2 2 2
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "in_place\n"
  %g = memref.get_global @a3 : memref<3x3xf64>
  %m = memref.alloc() : memref<3x3xf64>
  memref.copy %g, %m : memref<3x3xf64> to memref<3x3xf64>
  %p = memref.alloc() : memref<3xi32>
  %i = memref.alloc() : memref<i32>
  linalgx.lu ins(%m : memref<3x3xf64>) outs(%m, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>)
  %mu = memref.cast %m : memref<3x3xf64> to memref<*xf64>
  call @printMemrefExactF64(%mu) : (memref<*xf64>) -> ()
  %pu = memref.cast %p : memref<3xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %iu = memref.cast %i : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()

  // Out of place, batched, i64: the (read-only) input global is only read,
  // lu holds [[4, 4], [0.25, 1]] and [[2, 4], [0.5, 0]] (info 2).
  // CHECK-LABEL: out_of_place
  // CHECK-NEXT: linalgx.memref f64 3 2 2 2
  // CHECK-NEXT: 0x1p+2 0x1p+2 0x1p-2 0x1p+0 0x1p+1 0x1p+2 0x1p-1 0x0p+0
  // CHECK-NEXT: linalgx.memref i64 2 2 2
  // CHECK-NEXT: 1 1 1 1
  // CHECK-NEXT: linalgx.memref i64 1 2
  // CHECK-NEXT: 0 2
  // CHECK-NEXT: linalgx.memref f64 3 2 2 2
  // CHECK-NEXT: 0x1p+0 0x1p+1 0x1p+2 0x1p+2 0x1p+0 0x1p+1 0x1p+1 0x1p+2
  vector.print str "out_of_place\n"
  %ga = memref.get_global @a2x2x2 : memref<2x2x2xf64>
  %lb = memref.alloc() : memref<2x2x2xf64>
  %pb = memref.alloc() : memref<2x2xi64>
  %ib = memref.alloc() : memref<2xi64>
  linalgx.lu ins(%ga : memref<2x2x2xf64>) outs(%lb, %pb, %ib : memref<2x2x2xf64>, memref<2x2xi64>, memref<2xi64>)
  %lbu = memref.cast %lb : memref<2x2x2xf64> to memref<*xf64>
  call @printMemrefExactF64(%lbu) : (memref<*xf64>) -> ()
  %pbu = memref.cast %pb : memref<2x2xi64> to memref<*xi64>
  call @printMemrefExactI64(%pbu) : (memref<*xi64>) -> ()
  %ibu = memref.cast %ib : memref<2xi64> to memref<*xi64>
  call @printMemrefExactI64(%ibu) : (memref<*xi64>) -> ()
  %gau = memref.cast %ga : memref<2x2x2xf64> to memref<*xf64>
  call @printMemrefExactF64(%gau) : (memref<*xf64>) -> ()

  // In place on the bottom-right 2x2 block of a 3x3 buffer (a view with
  // offset 4 and strides [3, 1]): the block becomes [[4, 4], [0.25, 1]],
  // every 9 outside it stays (the whole buffer, then the view, printed).
  // CHECK-LABEL: strided_view
  // CHECK-NEXT: linalgx.memref f64 2 3 3
  // CHECK-NEXT: 0x1.2p+3 0x1.2p+3 0x1.2p+3 0x1.2p+3 0x1p+2 0x1p+2 0x1.2p+3 0x1p-2 0x1p+0
  // CHECK-NEXT: linalgx.memref f64 2 2 2
  // CHECK-NEXT: 0x1p+2 0x1p+2 0x1p-2 0x1p+0
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 1 1
  vector.print str "strided_view\n"
  %gbig = memref.get_global @big : memref<3x3xf64>
  %big = memref.alloc() : memref<3x3xf64>
  memref.copy %gbig, %big : memref<3x3xf64> to memref<3x3xf64>
  %view = memref.subview %big[1, 1] [2, 2] [1, 1] : memref<3x3xf64> to memref<2x2xf64, strided<[3, 1], offset: 4>>
  %pv = memref.alloc() : memref<2xi32>
  %iv = memref.alloc() : memref<i32>
  linalgx.lu ins(%view : memref<2x2xf64, strided<[3, 1], offset: 4>>)
      outs(%view, %pv, %iv : memref<2x2xf64, strided<[3, 1], offset: 4>>, memref<2xi32>, memref<i32>)
  %bigu = memref.cast %big : memref<3x3xf64> to memref<*xf64>
  call @printMemrefExactF64(%bigu) : (memref<*xf64>) -> ()
  %viewu = memref.cast %view : memref<2x2xf64, strided<[3, 1], offset: 4>> to memref<*xf64>
  call @printMemrefExactF64(%viewu) : (memref<*xf64>) -> ()
  %pvu = memref.cast %pv : memref<2xi32> to memref<*xi32>
  call @printMemrefExactI32(%pvu) : (memref<*xi32>) -> ()
  return
}
