// stablehlo.gather and dynamic_gather as JAX writes them around its LU
// solve: one linalg.generic over the result extracting each element from
// the operand at the start index (clamped so that the slice fits), plus the
// batching index, plus the offset in the slice. Here B's rows gathered by a
// permutation per matrix, as jax.lax.linalg.lu_solve does; the results are
// checked against JAX in python/tests/test_linalgx_import_jax.py.
// RUN: linalgx-opt %s --allow-unregistered-dialect -split-input-file \
// RUN:   --linalgx-legalize-jax-stablehlo | FileCheck %s

// result[b, c, i, 0] = operand[b, c, clamp(perm[b, i, 0]), 0]
// CHECK-LABEL: func.func @rows_by_permutation(
// CHECK-SAME:      %[[B:.+]]: tensor<8x2x5x1xf64>, %[[P:.+]]: tensor<8x5x1xi32>)
// The bound on the start index, the same for every element, comes first.
// CHECK:         %[[ROWS:.+]] = tensor.dim %[[B]], %c2
// CHECK:         %[[BOUND:.+]] = arith.subi %[[ROWS]], %c1 : index
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK:           %[[BATCH:.+]] = linalg.index 0 : index
// CHECK:           %[[COLUMN:.+]] = linalg.index 1 : index
// CHECK:           %[[I:.+]] = linalg.index 2 : index
// CHECK:           %[[START:.+]] = tensor.extract %[[P]][%{{.+}}, %[[I]], %{{.+}}] : tensor<8x5x1xi32>
// CHECK:           %[[S:.+]] = arith.index_cast %[[START]] : i32 to index
// CHECK:           %[[LOW:.+]] = arith.maxsi %[[S]], %{{.+}} : index
// CHECK:           %[[ROW:.+]] = arith.minsi %[[LOW]], %[[BOUND]] : index
// CHECK:           %[[LAST:.+]] = linalg.index 3 : index
// CHECK:           tensor.extract %[[B]][%[[BATCH]], %[[COLUMN]], %[[ROW]], %[[LAST]]] : tensor<8x2x5x1xf64>
func.func @rows_by_permutation(%b: tensor<8x2x5x1xf64>, %perm: tensor<8x5x1xi32>) -> tensor<8x2x5x1xf64> {
  %0 = "stablehlo.gather"(%b, %perm) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 1, 1>}> : (tensor<8x2x5x1xf64>, tensor<8x5x1xi32>) -> tensor<8x2x5x1xf64>
  return %0 : tensor<8x2x5x1xf64>
}

// -----

// A symbolic batch and N (dynamic_gather: slice sizes as an operand, which
// give the sizes of the offset dimensions).
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:      %[[X:.+]]: tensor<?x2x?x1xf64>, %[[I:.+]]: tensor<1xi64>, %[[SIZES:.+]]: tensor<4xi64>)
// CHECK:         tensor.extract %[[SIZES]]
// CHECK:         tensor.empty(%{{.+}}, %{{.+}}) : tensor<?x2x?xf64>
// CHECK:         linalg.generic
// CHECK:           tensor.extract %[[I]]
// CHECK:           tensor.extract %[[X]]
func.func @dynamic(%x: tensor<?x2x?x1xf64>, %i: tensor<1xi64>, %sizes: tensor<4xi64>) -> tensor<?x2x?xf64> {
  %0 = "stablehlo.dynamic_gather"(%x, %i, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1, 2], collapsed_slice_dims = [3], start_index_map = [3]>, indices_are_sorted = true}> : (tensor<?x2x?x1xf64>, tensor<1xi64>, tensor<4xi64>) -> tensor<?x2x?xf64>
  return %0 : tensor<?x2x?xf64>
}
