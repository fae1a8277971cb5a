// Pivots of non-trivial matrices (no near-ties: the largest candidate beats
// the next by >= 4% at every step) equal SciPy's lu_factor pivots, for f64
// and for complex<f64> (LAPACK's |re| + |im| measure); the f64 L\U matches
// SciPy's to the 6 digits printMemrefF64 prints.
// Reference: A = np.round(np.random.default_rng(7).uniform(-1, 1, (6, 6)), 2)
// and the following 4x4 real and imaginary parts from the same generator;
// scipy.linalg.lu_factor(A) gives piv [1, 3, 5, 4, 5, 5] and
// lu_factor(Z) piv [0, 1, 3, 3].
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines

func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  // CHECK-LABEL: real6x6
  // CHECK-NEXT: linalgx.memref i32 1 6
  // CHECK-NEXT: 1 3 5 4 5 5
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  // a[perm] == L U with perm = [1, 3, 5, 4, 2, 0].
  // CHECK-NEXT: linalgx.memref i32 1 6
  // CHECK-NEXT: 1 3 5 4 2 0
  // CHECK-NEXT: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [6, 6] strides = [6, 1] data =
  // CHECK-NEXT: {{\[}}[-0.99,   0.64,   0.59,   -0.06,   -0.39,   -0.44],
  // CHECK-NEXT:  [-0.242424,   1.13515,   -0.42697,   -0.694545,   0.135455,   -1.01667],
  // CHECK-NEXT:  [0.010101,   -0.446165,   -1.17646,   -0.929276,   0.444374,   -1.04916],
  // CHECK-NEXT:  [0.939394,   -0.503203,   0.713238,   1.19966,   0.37758,   0.680042],
  // CHECK-NEXT:  [0.494949,   -0.375957,   0.376165,   0.190169,   0.994993,   0.690888],
  // CHECK-NEXT:  [-0.252525,   0.838316,   -0.898396,   -0.68166,   0.0447909,   0.981231]]
  vector.print str "real6x6\n"
  %a = arith.constant dense<[
      [0.25, 0.79, 0.55, -0.55, -0.40, 0.75],
      [-0.99, 0.64, 0.59, -0.06, -0.39, -0.44],
      [-0.49, -0.11, 0.01, 0.11, 0.99, 0.59],
      [0.24, 0.98, -0.57, -0.68, 0.23, -0.91],
      [-0.93, 0.03, -0.07, 0.83, 0.26, 0.03],
      [-0.01, -0.50, -0.98, -0.62, 0.38, -0.60]]> : tensor<6x6xf64>
  %l0 = tensor.empty() : tensor<6x6xf64>
  %p0 = tensor.empty() : tensor<6xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<6x6xf64>)
      outs(%l0, %p0, %i0 : tensor<6x6xf64>, tensor<6xi32>, tensor<i32>)
      -> tensor<6x6xf64>, tensor<6xi32>, tensor<i32>
  %q0 = tensor.empty() : tensor<6xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<6xi32>)
      outs(%q0 : tensor<6xi32>) -> tensor<6xi32>
  %pm = bufferization.to_buffer %piv : tensor<6xi32> to memref<6xi32>
  %pu = memref.cast %pm : memref<6xi32> to memref<*xi32>
  call @printMemrefExactI32(%pu) : (memref<*xi32>) -> ()
  %im = bufferization.to_buffer %info : tensor<i32> to memref<i32>
  %iu = memref.cast %im : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()
  %qm = bufferization.to_buffer %perm : tensor<6xi32> to memref<6xi32>
  %qu = memref.cast %qm : memref<6xi32> to memref<*xi32>
  call @printMemrefExactI32(%qu) : (memref<*xi32>) -> ()
  %lum = bufferization.to_buffer %lu : tensor<6x6xf64> to memref<6x6xf64>
  %luu = memref.cast %lum : memref<6x6xf64> to memref<*xf64>
  call @printMemrefF64(%luu) : (memref<*xf64>) -> ()

  // CHECK-LABEL: complex4x4
  // CHECK-NEXT: linalgx.memref i32 1 4
  // CHECK-NEXT: 0 1 3 3
  // CHECK-NEXT: linalgx.memref i32 0
  // CHECK-NEXT: 0
  vector.print str "complex4x4\n"
  %z = arith.constant dense<[
      [(-0.26, -0.88), (-0.99, -0.22), (0.66, -0.35), (-0.69, -0.70)],
      [(-0.46, 0.63), (0.76, -0.24), (0.02, 0.96), (0.69, 0.18)],
      [(0.28, 0.21), (0.48, 0.28), (-0.82, 0.35), (0.08, -0.70)],
      [(0.02, -0.12), (0.74, -0.52), (-0.28, -0.20), (0.20, -0.81)]]> : tensor<4x4xcomplex<f64>>
  %zl0 = tensor.empty() : tensor<4x4xcomplex<f64>>
  %zp0 = tensor.empty() : tensor<4xi32>
  %zi0 = tensor.empty() : tensor<i32>
  %zlu, %zpiv, %zinfo = linalgx.lu ins(%z : tensor<4x4xcomplex<f64>>)
      outs(%zl0, %zp0, %zi0 : tensor<4x4xcomplex<f64>>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xcomplex<f64>>, tensor<4xi32>, tensor<i32>
  %zpm = bufferization.to_buffer %zpiv : tensor<4xi32> to memref<4xi32>
  %zpu = memref.cast %zpm : memref<4xi32> to memref<*xi32>
  call @printMemrefExactI32(%zpu) : (memref<*xi32>) -> ()
  %zim = bufferization.to_buffer %zinfo : tensor<i32> to memref<i32>
  %ziu = memref.cast %zim : memref<i32> to memref<*xi32>
  call @printMemrefExactI32(%ziu) : (memref<*xi32>) -> ()
  return
}
