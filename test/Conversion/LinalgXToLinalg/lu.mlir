// convert-linalgx-to-linalg: linalgx ops on tensors become an scf.for over
// the pivot steps of upstream ops only (what IREE compiles); the results are
// those of linalgx.lu (python/tests/test_linalgx_import_jax.py runs them).
// RUN: linalgx-opt %s --convert-linalgx-to-linalg --split-input-file | FileCheck %s --implicit-check-not=linalgx.
// RUN: linalgx-opt %s --convert-linalgx-to-linalg --split-input-file --linalgx-cpu-pipeline -o /dev/null

// CHECK-LABEL: func.func @lu_batched
// CHECK:         tensor.collapse_shape {{.*}} : tensor<2x3x6x6xf64> into tensor<6x6x6xf64>
// CHECK:         scf.for %[[STEP:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args
// The pivot search: the first row of largest |a| from row k on.
// CHECK:           tensor.extract_slice %{{.+}}[0, 0, %[[STEP]]]
// CHECK:           linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:             math.absf
// CHECK:             arith.cmpf ogt
// Swap, scale and update in one pass, gathering from the step's input.
// CHECK:           linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]
// CHECK:             tensor.extract
// CHECK:             arith.divf
// CHECK:           tensor.insert_slice
// CHECK:           scf.yield
// CHECK:         tensor.expand_shape
func.func @lu_batched(%a: tensor<2x3x6x6xf64>) -> (tensor<2x3x6x6xf64>, tensor<2x3x6xi32>, tensor<2x3xi32>) {
  %l = tensor.empty() : tensor<2x3x6x6xf64>
  %p = tensor.empty() : tensor<2x3x6xi32>
  %i = tensor.empty() : tensor<2x3xi32>
  %0:3 = linalgx.lu ins(%a : tensor<2x3x6x6xf64>) outs(%l, %p, %i : tensor<2x3x6x6xf64>, tensor<2x3x6xi32>, tensor<2x3xi32>)
      -> tensor<2x3x6x6xf64>, tensor<2x3x6xi32>, tensor<2x3xi32>
  return %0#0, %0#1, %0#2 : tensor<2x3x6x6xf64>, tensor<2x3x6xi32>, tensor<2x3xi32>
}

// -----

// An unbatched complex LU with its permutation, dynamic sizes: a batch of
// one, |re| + |im| as the pivot measure, the permutation carried along.
// CHECK-LABEL: func.func @lu_complex_with_permutation
// CHECK:         tensor.expand_shape {{.*}} output_shape [1, %{{.+}}, %{{.+}}] : tensor<?x?xcomplex<f32>> into tensor<1x?x?xcomplex<f32>>
// CHECK:         scf.for {{.*}} -> (tensor<1x?x?xcomplex<f32>>, tensor<1x?xi64>, tensor<1xi64>, tensor<1x?xi64>)
// CHECK:           complex.re
// CHECK:           complex.im
// CHECK:           complex.div
func.func @lu_complex_with_permutation(%a: tensor<?x?xcomplex<f32>>, %l: tensor<?x?xcomplex<f32>>, %p: tensor<?xi64>, %i: tensor<i64>, %q: tensor<?xi64>)
    -> (tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<i64>, tensor<?xi64>) {
  %0:4 = linalgx.lu ins(%a : tensor<?x?xcomplex<f32>>) outs(%l, %p, %i : tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<i64>)
      permutation(%q : tensor<?xi64>) -> tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<i64>, tensor<?xi64>
  return %0#0, %0#1, %0#2, %0#3 : tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<i64>, tensor<?xi64>
}

// -----

// CHECK-LABEL: func.func @permutation
// CHECK:         scf.for
// CHECK:           tensor.extract
// CHECK:           arith.cmpi ult
func.func @permutation(%p: tensor<4x3xi32>) -> tensor<4x5xi32> {
  %q = tensor.empty() : tensor<4x5xi32>
  %0 = linalgx.pivots_to_permutation one_based ins(%p : tensor<4x3xi32>) outs(%q : tensor<4x5xi32>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}
