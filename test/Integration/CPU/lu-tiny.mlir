// Matrices of at most 4 x 4 (on the GPU a thread per matrix): factors,
// 0-based pivots, the fused permutation and info of a 3 x 3 f64 batch, a
// tall f32 matrix and a singular complex one; and lu + lu_solve, which the
// pipelines fuse into linalgx.solve (on the GPU one kernel that writes
// neither factors nor pivots; on the linalg path, IREE's, the lu and
// lu_solve it stands for). Dyadic P·L·U products: every step is exact, so
// every path prints the same (SciPy's lu_factor gives these factors).
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=loops %s | FileCheck %s --match-full-lines
// RUN: linalgx-opt %s --convert-linalgx-to-linalg | linalgx-runner - | FileCheck %s --match-full-lines
// RUN: linalgx-opt %s --linalgx-fuse-lu-consumers --convert-linalgx-to-linalg | linalgx-runner - | FileCheck %s --match-full-lines
// RUN: %if ptxas %{ linalgx-opt %s --linalgx-gpu-pipeline -o /dev/null %}

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactC32(memref<*xcomplex<f32>>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @main() {
  // P·A = L·U: A = [[-1, 1.5, -0.5], [4, -2, 1], [2, 1, 1]] exchanges rows
  // (pivots [1, 2, 2]), the second matrix none.
  // CHECK-LABEL: f64
  // CHECK-NEXT: linalgx.memref f64 3 2 3 3
  // CHECK-NEXT: 0x1p+2 -0x1p+1 0x1p+0 0x1p-1 0x1p+1 0x1p-1 -0x1p-2 0x1p-1 -0x1p-1 0x1p+1 0x1p+0 0x0p+0 0x1p-2 0x1p+0 0x1p+0 0x1p-1 -0x1p-1 0x1p+1
  // CHECK-NEXT: linalgx.memref i32 2 2 3
  // CHECK-NEXT: 1 2 2 0 1 2
  // CHECK-NEXT: linalgx.memref i32 2 2 3
  // CHECK-NEXT: 1 2 0 0 1 2
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 0
  vector.print str "f64\n"
  %a = arith.constant dense<[[[-1.0, 1.5, -0.5], [4.0, -2.0, 1.0], [2.0, 1.0, 1.0]],
                             [[2.0, 1.0, 0.0], [0.5, 1.25, 1.0], [1.0, 0.0, 1.5]]]> : tensor<2x3x3xf64>
  %l0 = tensor.empty() : tensor<2x3x3xf64>
  %p0 = tensor.empty() : tensor<2x3xi32>
  %i0 = tensor.empty() : tensor<2xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
      -> tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x3xi32>)
      outs(%p0 : tensor<2x3xi32>) -> tensor<2x3xi32>
  %lum = bufferization.to_buffer %lu : tensor<2x3x3xf64> to memref<2x3x3xf64>
  %pivm = bufferization.to_buffer %piv : tensor<2x3xi32> to memref<2x3xi32>
  %permm = bufferization.to_buffer %perm : tensor<2x3xi32> to memref<2x3xi32>
  %infom = bufferization.to_buffer %info : tensor<2xi32> to memref<2xi32>
  %lu_u = memref.cast %lum : memref<2x3x3xf64> to memref<*xf64>
  %piv_u = memref.cast %pivm : memref<2x3xi32> to memref<*xi32>
  %perm_u = memref.cast %permm : memref<2x3xi32> to memref<*xi32>
  %info_u = memref.cast %infom : memref<2xi32> to memref<*xi32>
  call @printMemrefExactF64(%lu_u) : (memref<*xf64>) -> ()
  call @printMemrefExactI32(%piv_u) : (memref<*xi32>) -> ()
  call @printMemrefExactI32(%perm_u) : (memref<*xi32>) -> ()
  call @printMemrefExactI32(%info_u) : (memref<*xi32>) -> ()

  // A tall f32 matrix: L = [[1, 0], [0.25, 1], [0.5, 0.8]] (0.8 rounded
  // once, by the division), U = [[4, -2], [0, 2.5]].
  // CHECK-LABEL: tall
  // CHECK-NEXT: linalgx.memref f32 2 3 2
  // CHECK-NEXT: 0x1p+2 -0x1p+1 0x1p-2 0x1.4p+1 0x1p-1 0x1.99999ap-1
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 1 1
  vector.print str "tall\n"
  %t = arith.constant dense<[[1.0, 2.0], [4.0, -2.0], [2.0, 1.0]]> : tensor<3x2xf32>
  %tl0 = tensor.empty() : tensor<3x2xf32>
  %tp0 = tensor.empty() : tensor<2xi32>
  %ti0 = tensor.empty() : tensor<i32>
  %tlu, %tpiv, %tinfo = linalgx.lu ins(%t : tensor<3x2xf32>)
      outs(%tl0, %tp0, %ti0 : tensor<3x2xf32>, tensor<2xi32>, tensor<i32>)
      -> tensor<3x2xf32>, tensor<2xi32>, tensor<i32>
  %tlum = bufferization.to_buffer %tlu : tensor<3x2xf32> to memref<3x2xf32>
  %tpivm = bufferization.to_buffer %tpiv : tensor<2xi32> to memref<2xi32>
  %tlu_u = memref.cast %tlum : memref<3x2xf32> to memref<*xf32>
  %tpiv_u = memref.cast %tpivm : memref<2xi32> to memref<*xi32>
  call @printMemrefExactF32(%tlu_u) : (memref<*xf32>) -> ()
  call @printMemrefExactI32(%tpiv_u) : (memref<*xi32>) -> ()

  // Singular complex<f32>: [[0, 0], [1+i, 2]] exchanges its rows, U(1, 1)
  // is exactly zero: info 2, the factorization completes.
  // CHECK-LABEL: singular
  // CHECK-NEXT: linalgx.memref complex<f32> 2 2 2
  // CHECK-NEXT: 0x1p+0 0x1p+0 0x1p+1 0x0p+0 {{-?}}0x0p+0 {{-?}}0x0p+0 0x0p+0 0x0p+0
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 1 1
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 2
  vector.print str "singular\n"
  %c = arith.constant dense<[[(0.0, 0.0), (0.0, 0.0)], [(1.0, 1.0), (2.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %cl0 = tensor.empty() : tensor<2x2xcomplex<f32>>
  %cp0 = tensor.empty() : tensor<2xi32>
  %ci0 = tensor.empty() : tensor<i32>
  %clu, %cpiv, %cinfo = linalgx.lu ins(%c : tensor<2x2xcomplex<f32>>)
      outs(%cl0, %cp0, %ci0 : tensor<2x2xcomplex<f32>>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xcomplex<f32>>, tensor<2xi32>, tensor<i32>
  %clum = bufferization.to_buffer %clu : tensor<2x2xcomplex<f32>> to memref<2x2xcomplex<f32>>
  %cpivm = bufferization.to_buffer %cpiv : tensor<2xi32> to memref<2xi32>
  %cinfom = bufferization.to_buffer %cinfo : tensor<i32> to memref<i32>
  %clu_u = memref.cast %clum : memref<2x2xcomplex<f32>> to memref<*xcomplex<f32>>
  %cpiv_u = memref.cast %cpivm : memref<2xi32> to memref<*xi32>
  %cinfo_u = memref.cast %cinfom : memref<i32> to memref<*xi32>
  call @printMemrefExactC32(%clu_u) : (memref<*xcomplex<f32>>) -> ()
  call @printMemrefExactI32(%cpiv_u) : (memref<*xi32>) -> ()
  call @printMemrefExactI32(%cinfo_u) : (memref<*xi32>) -> ()

  // A·X = B for the f64 batch: lu + lu_solve become one linalgx.solve.
  // X = [[1, -2], [0.5, 0.25], [-1, 2]] and [[0.5, 1], [1, -1], [0.5, 0]].
  // CHECK-LABEL: solve
  // CHECK-NEXT: linalgx.memref f64 3 2 3 2
  // CHECK-NEXT: 0x1p+0 -0x1p+1 0x1p-1 0x1p-2 -0x1p+0 0x1p+1 0x1p-1 0x1p+0 0x1p+0 -0x1p+0 0x1p-1 {{-?}}0x0p+0
  // CHECK-NEXT: linalgx.memref i32 1 2
  // CHECK-NEXT: 0 0
  vector.print str "solve\n"
  %b = arith.constant dense<[[[0.25, 1.375], [2.0, -6.5], [1.5, -1.75]],
                             [[2.0, 1.0], [2.0, -0.75], [1.25, 1.0]]]> : tensor<2x3x2xf64>
  %slu, %spiv, %sinfo = linalgx.lu ins(%a : tensor<2x3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
      -> tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2xi32>
  %x0 = tensor.empty() : tensor<2x3x2xf64>
  %x = linalgx.lu_solve ins(%slu, %spiv, %b : tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2x3x2xf64>)
      outs(%x0 : tensor<2x3x2xf64>) -> tensor<2x3x2xf64>
  %xm = bufferization.to_buffer %x : tensor<2x3x2xf64> to memref<2x3x2xf64>
  %sinfom = bufferization.to_buffer %sinfo : tensor<2xi32> to memref<2xi32>
  %x_u = memref.cast %xm : memref<2x3x2xf64> to memref<*xf64>
  %sinfo_u = memref.cast %sinfom : memref<2xi32> to memref<*xi32>
  call @printMemrefExactF64(%x_u) : (memref<*xf64>) -> ()
  call @printMemrefExactI32(%sinfo_u) : (memref<*xi32>) -> ()
  return
}
