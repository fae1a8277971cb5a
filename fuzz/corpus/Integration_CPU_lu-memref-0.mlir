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
