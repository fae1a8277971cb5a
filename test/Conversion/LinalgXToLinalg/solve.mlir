// convert-linalgx-to-linalg on the solves: lu_solve is getrs's steps, an
// scf.for over the rows each, whose body is one element-wise generic on the
// whole batch of solutions (gathering from the step's input); linalgx.solve
// becomes the lu and lu_solve it stands for, both lowered the same way;
// lu_det / lu_slogdet a fold per matrix, linalgx.det / slogdet the lu and
// that fold. test/Integration/CPU/lu-solve.mlir,
// lu-tiny.mlir and lu-det.mlir run this path exactly.
// RUN: linalgx-opt %s --convert-linalgx-to-linalg --split-input-file | FileCheck %s --implicit-check-not=linalgx.
// RUN: linalgx-opt %s --convert-linalgx-to-linalg --split-input-file --linalgx-cpu-pipeline -o /dev/null

// A·X = B: the row exchanges, L forwards (unit diagonal: no division), U
// backwards (a division by U(k, k)).
// CHECK-LABEL: func.func @lu_solve
// CHECK:         tensor.collapse_shape {{.*}} : tensor<2x3x5x5xf64> into tensor<6x5x5xf64>
// CHECK:         scf.for
// CHECK:           linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]
// CHECK:             tensor.extract %{{.+}}[%{{.+}}, %{{.+}}] : tensor<6x5xi32>
// CHECK:         scf.for
// CHECK:           linalg.generic
// CHECK-NOT:         arith.divf
// CHECK:             arith.mulf
// CHECK:             arith.subf
// CHECK:         scf.for
// CHECK:           linalg.generic
// CHECK:             arith.divf
// CHECK:         tensor.expand_shape {{.*}} : tensor<6x5x2xf64> into tensor<2x3x5x2xf64>
func.func @lu_solve(%lu: tensor<2x3x5x5xf64>, %p: tensor<2x3x5xi32>, %b: tensor<2x3x5x2xf64>) -> tensor<2x3x5x2xf64> {
  %x0 = tensor.empty() : tensor<2x3x5x2xf64>
  %x = linalgx.lu_solve ins(%lu, %p, %b : tensor<2x3x5x5xf64>, tensor<2x3x5xi32>, tensor<2x3x5x2xf64>)
      outs(%x0 : tensor<2x3x5x2xf64>) -> tensor<2x3x5x2xf64>
  return %x : tensor<2x3x5x2xf64>
}

// -----

// Aᴴ·X = B of a complex matrix: Uᴴ forwards with conjugated entries, then
// Lᴴ backwards, then the exchanges in reverse.
// CHECK-LABEL: func.func @adjoint
// CHECK:         scf.for
// CHECK:           complex.conj
// CHECK:           complex.div
// CHECK:         scf.for
// CHECK:           complex.conj
// CHECK:         scf.for
// CHECK:           linalg.generic
func.func @adjoint(%lu: tensor<?x?xcomplex<f32>>, %p: tensor<?xi64>, %b: tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>> {
  %x = linalgx.lu_solve trans = adjoint one_based ins(%lu, %p, %b : tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<?x?xcomplex<f32>>)
      outs(%b : tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  return %x : tensor<?x?xcomplex<f32>>
}

// -----

// linalgx.solve: the LU's pivot loop, then the solve's three loops; info is
// the LU's.
// CHECK-LABEL: func.func @solve
// CHECK:         %[[LU:.+]]:3 = scf.for
// CHECK:         scf.for
// CHECK:         scf.for
// CHECK:         scf.for
// CHECK:         return %{{.+}}, %{{.+}} : tensor<4x3x1xf32>, tensor<4xi32>
func.func @solve(%a: tensor<4x3x3xf32>, %b: tensor<4x3x1xf32>) -> (tensor<4x3x1xf32>, tensor<4xi32>) {
  %x0 = tensor.empty() : tensor<4x3x1xf32>
  %i0 = tensor.empty() : tensor<4xi32>
  %x, %info = linalgx.solve ins(%a, %b : tensor<4x3x3xf32>, tensor<4x3x1xf32>)
      outs(%x0, %i0 : tensor<4x3x1xf32>, tensor<4xi32>) -> tensor<4x3x1xf32>, tensor<4xi32>
  return %x, %info : tensor<4x3x1xf32>, tensor<4xi32>
}

// -----

// linalgx.lu_slogdet: one parallel generic over the batch, each matrix's
// diagonal folded in an scf.for (sign, log|det|, singular flag).
// CHECK-LABEL: func.func @slogdet
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK:           scf.for {{.*}} iter_args
// CHECK:             tensor.extract %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] : tensor<6x4x4xf32>
// CHECK:             math.log
// CHECK:           linalg.yield
// CHECK:         tensor.expand_shape {{.*}} : tensor<6xf32> into tensor<2x3xf32>
func.func @slogdet(%lu: tensor<2x3x4x4xf32>, %p: tensor<2x3x4xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %s0 = tensor.empty() : tensor<2x3xf32>
  %l0 = tensor.empty() : tensor<2x3xf32>
  %s, %l = linalgx.lu_slogdet ins(%lu, %p : tensor<2x3x4x4xf32>, tensor<2x3x4xi32>)
      outs(%s0, %l0 : tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>, tensor<2x3xf32>
  return %s, %l : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// linalgx.det / linalgx.slogdet: the lu (steps in an scf.for) and the fold
// over each matrix's diagonal in one parallel generic over the batch.
// CHECK-LABEL: func.func @det_of_matrices
// CHECK:         scf.for
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK:         scf.for
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK:         return %{{.+}}, %{{.+}}, %{{.+}} : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
func.func @det_of_matrices(%a: tensor<4x3x3xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %d0 = tensor.empty() : tensor<4xf32>
  %d = linalgx.det ins(%a : tensor<4x3x3xf32>) outs(%d0 : tensor<4xf32>) -> tensor<4xf32>
  %s, %l = linalgx.slogdet ins(%a : tensor<4x3x3xf32>)
      outs(%d0, %d0 : tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>
  return %d, %s, %l : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
