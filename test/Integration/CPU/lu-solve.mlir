// linalgx.lu_solve from linalgx.lu's factors: A·X = B, Aᵀ·X = B and, for a
// complex matrix, Aᴴ·X = B, and 1-based i64 pivots on a batch. The matrices
// are P·L·U products with dyadic L and U whose diagonal holds powers of two,
// so every step is exact and X is printed exactly (SciPy's lu_factor and
// lu_solve give the same factors, pivots and X).
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=loops %s | FileCheck %s --match-full-lines
// RUN: linalgx-opt %s --convert-linalgx-to-linalg | linalgx-runner - | FileCheck %s --match-full-lines
// RUN: %if ptxas %{ linalgx-opt %s --linalgx-gpu-pipeline -o /dev/null %}

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactC64(memref<*xcomplex<f64>>) attributes {llvm.emit_c_interface}

func.func @printF64(%t: tensor<?x?xf64>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf64> to memref<?x?xf64>
  %u = memref.cast %m : memref<?x?xf64> to memref<*xf64>
  call @printMemrefExactF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  // P·A = L·U with pivots [2, 2, 3, 3], L = [[1], [0.5, 1], [-0.25, 0.5, 1],
  // [0.75, -0.5, 0.25, 1]], U = [[4, 2, -1, 1], [-2, 1, 0.5], [8, -2], [0.5]].
  %a = arith.constant dense<[[2.0, -1.0, 0.5, 1.0], [3.0, 2.5, 0.75, 0.5],
                             [4.0, 2.0, -1.0, 1.0], [-1.0, -1.5, 8.75, -2.0]]> : tensor<4x4xf64>
  %l0 = tensor.empty() : tensor<4x4xf64>
  %p0 = tensor.empty() : tensor<4xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<4x4xf64>)
      outs(%l0, %p0, %i0 : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>

  // X = [[1, -2], [0.5, 3], [-1.5, 0.25], [2, -0.75]] from B = A·X.
  // CHECK-LABEL: solve
  // CHECK-NEXT: linalgx.memref f64 2 4 2
  // CHECK-NEXT: 0x1p+0 -0x1p+1 0x1p-1 0x1.8p+1 -0x1.8p+0 0x1p-2 0x1p+1 -0x1.8p-1
  vector.print str "solve\n"
  %b = arith.constant dense<[[2.75, -7.625], [4.125, 1.3125], [8.5, -3.0], [-18.875, 1.1875]]> : tensor<4x2xf64>
  %x0 = tensor.empty() : tensor<4x2xf64>
  %x = linalgx.lu_solve ins(%lu, %piv, %b : tensor<4x4xf64>, tensor<4xi32>, tensor<4x2xf64>)
      outs(%x0 : tensor<4x2xf64>) -> tensor<4x2xf64>
  %xd = tensor.cast %x : tensor<4x2xf64> to tensor<?x?xf64>
  call @printF64(%xd) : (tensor<?x?xf64>) -> ()

  // The same X from B = Aᵀ·X.
  // CHECK-LABEL: solve_transpose
  // CHECK-NEXT: linalgx.memref f64 2 4 2
  // CHECK-NEXT: 0x1p+0 -0x1p+1 0x1p-1 0x1.8p+1 -0x1.8p+0 0x1p-2 0x1p+1 -0x1.8p-1
  vector.print str "solve_transpose\n"
  %bt = arith.constant dense<[[-4.5, 6.75], [-5.75, 11.125], [19.875, -5.5625], [-4.25, 1.25]]> : tensor<4x2xf64>
  %xt = linalgx.lu_solve trans = transpose
      ins(%lu, %piv, %bt : tensor<4x4xf64>, tensor<4xi32>, tensor<4x2xf64>)
      outs(%x0 : tensor<4x2xf64>) -> tensor<4x2xf64>
  %xtd = tensor.cast %xt : tensor<4x2xf64> to tensor<?x?xf64>
  call @printF64(%xtd) : (tensor<?x?xf64>) -> ()

  // A batch of two with 1-based i64 pivots (lu one_based), solved in place
  // in the right-hand sides' tensor.
  // CHECK-LABEL: batch_one_based
  // CHECK-NEXT: linalgx.memref f64 3 2 4 2
  // CHECK-NEXT: 0x1p+0 -0x1p+1 0x1p-1 0x1.8p+1 -0x1.8p+0 0x1p-2 0x1p+1 -0x1.8p-1 0x1p+0 -0x1p+1 0x1p-1 0x1.8p+1 -0x1.8p+0 0x1p-2 0x1p+1 -0x1.8p-1
  vector.print str "batch_one_based\n"
  %a2 = arith.constant dense<[[[2.0, -1.0, 0.5, 1.0], [3.0, 2.5, 0.75, 0.5],
                               [4.0, 2.0, -1.0, 1.0], [-1.0, -1.5, 8.75, -2.0]],
                              [[2.0, -1.0, 0.5, 1.0], [3.0, 2.5, 0.75, 0.5],
                               [4.0, 2.0, -1.0, 1.0], [-1.0, -1.5, 8.75, -2.0]]]> : tensor<2x4x4xf64>
  %l2 = tensor.empty() : tensor<2x4x4xf64>
  %p2 = tensor.empty() : tensor<2x4xi64>
  %i2 = tensor.empty() : tensor<2xi64>
  %lu2, %piv2, %info2 = linalgx.lu one_based ins(%a2 : tensor<2x4x4xf64>)
      outs(%l2, %p2, %i2 : tensor<2x4x4xf64>, tensor<2x4xi64>, tensor<2xi64>)
      -> tensor<2x4x4xf64>, tensor<2x4xi64>, tensor<2xi64>
  %b2 = arith.constant dense<[[[2.75, -7.625], [4.125, 1.3125], [8.5, -3.0], [-18.875, 1.1875]],
                              [[2.75, -7.625], [4.125, 1.3125], [8.5, -3.0], [-18.875, 1.1875]]]> : tensor<2x4x2xf64>
  %x2 = linalgx.lu_solve one_based
      ins(%lu2, %piv2, %b2 : tensor<2x4x4xf64>, tensor<2x4xi64>, tensor<2x4x2xf64>)
      outs(%b2 : tensor<2x4x2xf64>) -> tensor<2x4x2xf64>
  %x2m = bufferization.to_buffer %x2 : tensor<2x4x2xf64> to memref<2x4x2xf64>
  %x2u = memref.cast %x2m : memref<2x4x2xf64> to memref<*xf64>
  call @printMemrefExactF64(%x2u) : (memref<*xf64>) -> ()

  // Complex: Aᴴ·X = B with X = [1 + i, -0.5 + 2i, 0.25 - i].
  // CHECK-LABEL: solve_adjoint
  // CHECK-NEXT: linalgx.memref complex<f64> 2 3 1
  // CHECK-NEXT: 0x1p+0 0x1p+0 -0x1p-1 0x1p+1 0x1p-2 -0x1p+0
  vector.print str "solve_adjoint\n"
  %ac = arith.constant dense<[[(0.0, -1.0), (-0.75, 1.0), (1.25, -0.75)],
                              [(4.0, 0.0), (2.0, -1.0), (0.0, 1.0)],
                              [(2.0, 1.0), (-0.75, 2.0), (0.75, 0.5)]]> : tensor<3x3xcomplex<f64>>
  %lc0 = tensor.empty() : tensor<3x3xcomplex<f64>>
  %pc0 = tensor.empty() : tensor<3xi32>
  %luc, %pivc, %infoc = linalgx.lu ins(%ac : tensor<3x3xcomplex<f64>>)
      outs(%lc0, %pc0, %i0 : tensor<3x3xcomplex<f64>>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xcomplex<f64>>, tensor<3xi32>, tensor<i32>
  %bh = arith.constant dense<[[(-3.5, 6.75)], [(-4.9375, 2.0)], [(2.1875, 1.625)]]> : tensor<3x1xcomplex<f64>>
  %xh0 = tensor.empty() : tensor<3x1xcomplex<f64>>
  %xh = linalgx.lu_solve trans = adjoint
      ins(%luc, %pivc, %bh : tensor<3x3xcomplex<f64>>, tensor<3xi32>, tensor<3x1xcomplex<f64>>)
      outs(%xh0 : tensor<3x1xcomplex<f64>>) -> tensor<3x1xcomplex<f64>>
  %xhm = bufferization.to_buffer %xh : tensor<3x1xcomplex<f64>> to memref<3x1xcomplex<f64>>
  %xhu = memref.cast %xhm : memref<3x1xcomplex<f64>> to memref<*xcomplex<f64>>
  call @printMemrefExactC64(%xhu) : (memref<*xcomplex<f64>>) -> ()
  return
}
