// The generated CPU code runs its batches on OpenMP: linalgx-runner finds
// and loads the OpenMP runtime (libomp.so of the LLVM installation) by
// itself, as it does the CPU runtime. 2048 anti-identity 8x8 matrices are
// enough work to go parallel: pivots 7 6 5 4 4 5 6 7, info 0, lu = I.
// RUN: linalgx-runner --lu-strategy=generated %s | FileCheck %s
// Without it (the libraries chosen by hand, libomp left out) the JIT cannot
// link the OpenMP fork call, which shows that the first run needed it.
// RUN: not linalgx-runner --lu-strategy=generated --shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so,%mlir_lib_dir/libmlir_runner_utils.so,%linalgx_lib_dir/liblinalgx_runner_utils.so,%linalgx_lib_dir/liblinalgx_cpu_runtime.so %s 2>&1 | FileCheck %s --check-prefix=WITHOUT

// CHECK: linalgx.memref i32 2 1 8
// CHECK-NEXT: 7 6 5 4 4 5 6 7
// CHECK-NEXT: linalgx.memref i32 0
// CHECK-NEXT: 0
// CHECK-NEXT: linalgx.memref f64 0
// CHECK-NEXT: 0x1p+3
// WITHOUT: Symbols not found: [{{.*}}__kmpc_fork_call

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

  // The last matrix's pivots; the largest info; the sum of all diagonals
  // of the last matrix (the trace of I).
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
