func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c2047 = arith.constant 2047 : index
  %c2048 = arith.constant 2048 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = memref.alloc() : memref<2048x8x8xf64>
  %p = memref.alloc() : memref<2048x8xi32>
  %i = memref.alloc() : memref<2048xi32>
  scf.for %b = %c0 to %c2048 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      scf.for %c = %c0 to %c8 step %c1 {
        %mirror = arith.subi %c7, %r : index
        %on = arith.cmpi eq, %c, %mirror : index
        %v = arith.select %on, %one, %zero : f64
        memref.store %v, %a[%b, %r, %c] : memref<2048x8x8xf64>
      }
    }
  }
  linalgx.lu ins(%a : memref<2048x8x8xf64>)
      outs(%a, %p, %i : memref<2048x8x8xf64>, memref<2048x8xi32>, memref<2048xi32>)

  %last = memref.subview %p[2047, 0] [1, 8] [1, 1]
      : memref<2048x8xi32> to memref<1x8xi32, strided<[8, 1], offset: 16376>>
  %lastu = memref.cast %last : memref<1x8xi32, strided<[8, 1], offset: 16376>> to memref<*xi32>
  call @printMemrefExactI32(%lastu) : (memref<*xi32>) -> ()
  %zi = arith.constant 0 : i32
  %maxinfo = scf.for %b = %c0 to %c2048 step %c1 iter_args(%m = %zi) -> i32 {
    %v = memref.load %i[%b] : memref<2048xi32>
    %n = arith.maxsi %m, %v : i32
    scf.yield %n : i32
  }
  %infobox = memref.alloc() : memref<i32>
  memref.store %maxinfo, %infobox[] : memref<i32>
  %infou = memref.cast %infobox : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%infou) : (memref<*xi32>) -> ()
  %trace = scf.for %r = %c0 to %c8 step %c1 iter_args(%t = %zero) -> f64 {
    %v = memref.load %a[%c2047, %r, %r] : memref<2048x8x8xf64>
    %n = arith.addf %t, %v : f64
    scf.yield %n : f64
  }
  %tracebox = memref.alloc() : memref<f64>
  memref.store %trace, %tracebox[] : memref<f64>
  %traceu = memref.cast %tracebox : memref<f64> to memref<*xf64>
  call @printMemrefExactF64(%traceu) : (memref<*xf64>) -> ()
  memref.dealloc %a : memref<2048x8x8xf64>
  memref.dealloc %p : memref<2048x8xi32>
  memref.dealloc %i : memref<2048xi32>
  memref.dealloc %infobox : memref<i32>
  memref.dealloc %tracebox : memref<f64>
  return
}
