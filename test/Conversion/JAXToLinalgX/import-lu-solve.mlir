// jax.lax.linalg.lu_solve's two triangular solves on the factors (L·Y = P·B
// with L's unit diagonal, then U·X = Y), in the forms jax.export writes them:
// LAPACK's trsm custom call on the CPU (through reshapes that return to the
// same shape) and stablehlo.triangular_solve on GPUs. The pair becomes one
// linalgx.lu_solve with pivots that exchange nothing (JAX has gathered B's
// rows by the permutation already).
// RUN: linalgx-opt %s --allow-unregistered-dialect -split-input-file \
// RUN:   --convert-jax-to-linalgx | FileCheck %s --implicit-check-not=trsm \
// RUN:       --implicit-check-not=triangular_solve

// CHECK-LABEL: func.func @cpu(
// CHECK-SAME:      %[[LU:.+]]: tensor<8x5x5xf64>, %[[B:.+]]: tensor<8x5x2xf64>)
// CHECK:         %[[P0:.+]] = tensor.empty() : tensor<8x5xi32>
// CHECK:         %[[PIVOTS:.+]] = linalg.generic {{.*}} outs(%[[P0]] : tensor<8x5xi32>)
// CHECK:           %[[ROW:.+]] = linalg.index 1 : index
// CHECK:           %[[PIVOT:.+]] = arith.index_cast %[[ROW]] : index to i32
// CHECK:           linalg.yield %[[PIVOT]] : i32
// CHECK:         %[[X0:.+]] = tensor.empty() : tensor<8x5x2xf64>
// CHECK:         %[[X:.+]] = linalgx.lu_solve ins(%[[LU]], %[[PIVOTS]], %[[B]] : tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8x5x2xf64>) outs(%[[X0]] : tensor<8x5x2xf64>)
// CHECK-NOT:     stablehlo.reshape
// CHECK:         return %[[X]]
func.func @cpu(%lu: tensor<8x5x5xf64>, %b: tensor<8x5x2xf64>) -> tensor<8x5x2xf64> {
  %y = "stablehlo.custom_call"(%lu, %b) <{call_target_name = "lapack_dtrsm_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]}> {mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<8x5x5xf64>, tensor<8x5x2xf64>) -> tensor<8x5x2xf64>
  %r1 = "stablehlo.reshape"(%y) : (tensor<8x5x2xf64>) -> tensor<8x5x1x2xf64>
  %r2 = "stablehlo.reshape"(%r1) : (tensor<8x5x1x2xf64>) -> tensor<8x5x2xf64>
  %x = "stablehlo.custom_call"(%lu, %r2) <{call_target_name = "lapack_dtrsm_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]}> {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<8x5x5xf64>, tensor<8x5x2xf64>) -> tensor<8x5x2xf64>
  return %x : tensor<8x5x2xf64>
}

// -----

// CHECK-LABEL: func.func @gpu(
// CHECK-SAME:      %[[LU:.+]]: tensor<?x?x?xcomplex<f32>>, %[[B:.+]]: tensor<?x?x1xcomplex<f32>>)
// CHECK:         %[[PIVOTS:.+]] = linalg.generic
// CHECK:         %[[X:.+]] = linalgx.lu_solve ins(%[[LU]], %[[PIVOTS]], %[[B]] : tensor<?x?x?xcomplex<f32>>, tensor<?x?xi32>, tensor<?x?x1xcomplex<f32>>)
// CHECK:         return %[[X]]
func.func @gpu(%lu: tensor<?x?x?xcomplex<f32>>, %b: tensor<?x?x1xcomplex<f32>>) -> tensor<?x?x1xcomplex<f32>> {
  %y = "stablehlo.triangular_solve"(%lu, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true}> : (tensor<?x?x?xcomplex<f32>>, tensor<?x?x1xcomplex<f32>>) -> tensor<?x?x1xcomplex<f32>>
  %x = "stablehlo.triangular_solve"(%lu, %y) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<?x?x?xcomplex<f32>>, tensor<?x?x1xcomplex<f32>>) -> tensor<?x?x1xcomplex<f32>>
  return %x : tensor<?x?x1xcomplex<f32>>
}
