// Hand-written forms around what JAX exports (Inputs/ has JAX's own output):
// where the 1-based pivots are used other than by JAX's `subtract 1`, other
// custom calls, attribute spellings.
// RUN: linalgx-opt %s --allow-unregistered-dialect -split-input-file \
// RUN:   --convert-jax-to-linalgx | FileCheck %s

// The 1-based pivots used directly and by a subtraction of 2: both see
// pivots + 1 (a linalg.map); the `subtract 1` (here of a splat constant, no
// broadcast) still takes the 0-based pivots. The constant 1 is shared with
// another op, so it stays.
// CHECK-LABEL: func.func @one_based_uses(
// CHECK-SAME:      %[[A:.+]]: tensor<2x4x3xf32>)
// CHECK:         %[[ONE:.+]] = "stablehlo.constant"() <{value = dense<1> : tensor<2x3xi32>}>
// CHECK:         %[[LU:.+]]:3 = linalgx.lu ins(%[[A]] : tensor<2x4x3xf32>) outs({{.*}}) -> tensor<2x4x3xf32>, tensor<2x3xi32>, tensor<2xi32>
// CHECK-NEXT:    %[[INIT:.+]] = tensor.empty() : tensor<2x3xi32>
// CHECK-NEXT:    %[[P1:.+]] = linalg.map ins(%[[LU]]#1 : tensor<2x3xi32>) outs(%[[INIT]] : tensor<2x3xi32>)
// CHECK-NEXT:      (%[[IN:.+]]: i32, %{{.+}}: i32) {
// CHECK-NEXT:        %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:        %[[SUM:.+]] = arith.addi %[[IN]], %[[C1]] : i32
// CHECK-NEXT:        linalg.yield %[[SUM]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    %[[TWO:.+]] = "stablehlo.constant"() <{value = dense<2> : tensor<2x3xi32>}>
// CHECK-NEXT:    %[[MINUS2:.+]] = "stablehlo.subtract"(%[[P1]], %[[TWO]])
// CHECK-NEXT:    %[[OTHER:.+]] = "stablehlo.add"(%[[ONE]], %[[ONE]])
// CHECK-NEXT:    return %[[LU]]#1, %[[P1]], %[[MINUS2]], %[[OTHER]], %[[LU]]#2
func.func @one_based_uses(%a: tensor<2x4x3xf32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>) {
  %one = "stablehlo.constant"() <{value = dense<1> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_sgetrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<2x4x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x3xi32>, tensor<2xi32>)
  %zero_based = "stablehlo.subtract"(%0#1, %one) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %two = "stablehlo.constant"() <{value = dense<2> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
  %minus2 = "stablehlo.subtract"(%0#1, %two) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %other = "stablehlo.add"(%one, %one) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %zero_based, %0#1, %minus2, %other, %0#2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>
}

// -----

// Dynamic 1-based pivots: the map's init takes its sizes from the pivots.
// CHECK-LABEL: func.func @one_based_dynamic(
// CHECK:         %[[LU:.+]]:3 = linalgx.lu ins(%{{.+}} : tensor<?x3x3xf64>)
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.+]] = tensor.dim %[[LU]]#1, %[[C0]] : tensor<?x3xi32>
// CHECK-NEXT:    %[[INIT:.+]] = tensor.empty(%[[B]]) : tensor<?x3xi32>
// CHECK-NEXT:    %[[P1:.+]] = linalg.map ins(%[[LU]]#1 : tensor<?x3xi32>) outs(%[[INIT]] : tensor<?x3xi32>)
// CHECK:         return %[[P1]]
func.func @one_based_dynamic(%a: tensor<?x3x3xf64>, %s0: tensor<3xi32>, %s1: tensor<2xi32>, %s2: tensor<1xi32>) -> tensor<?x3xi32> {
  %0:3 = "stablehlo.custom_call"(%a, %s0, %s1, %s2) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1, 2, 3]> : tensor<3xi64>, mhlo.backend_config = {}} : (tensor<?x3x3xf64>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<?x3x3xf64>, tensor<?x3xi32>, tensor<?xi32>)
  return %0#1 : tensor<?x3xi32>
}

// -----

// A dynamic permutation size comes from the call's shape operand.
// CHECK-LABEL: func.func @permutation_size_operand(
// CHECK-SAME:      %[[P:[a-z0-9]+]]: tensor<4x?xi32>, %[[SHAPE:[a-z0-9]+]]: tensor<2xi64>)
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N64:.+]] = tensor.extract %[[SHAPE]][%[[C1]]] : tensor<2xi64>
// CHECK-NEXT:    %[[N:.+]] = arith.index_cast %[[N64]] : i64 to index
// CHECK-NEXT:    %[[INIT:.+]] = tensor.empty(%[[N]]) : tensor<4x?xi32>
// CHECK-NEXT:    %[[PERM:.+]] = linalgx.pivots_to_permutation ins(%[[P]] : tensor<4x?xi32>) outs(%[[INIT]] : tensor<4x?xi32>) -> tensor<4x?xi32>
// CHECK-NEXT:    return %[[PERM]]
func.func @permutation_size_operand(%p: tensor<4x?xi32>, %shape: tensor<2xi64>) -> tensor<4x?xi32> {
  %0 = "stablehlo.custom_call"(%p, %shape) <{call_target_name = "hip_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {indices_of_shape_operands = dense<1> : tensor<1xi64>, mhlo.backend_config = {}} : (tensor<4x?xi32>, tensor<2xi64>) -> tensor<4x?xi32>
  return %0 : tensor<4x?xi32>
}

// -----

// Accepted spellings: api_version = 4 (typed FFI), an empty backend_config
// string, inherent attributes in the discardable dictionary (as printers
// without properties write them), permutation_size in mhlo.backend_config
// when it matches the result, and pivots that come from elsewhere.
// CHECK-LABEL: func.func @spellings(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<5x3xcomplex<f64>>, %[[P:[a-z0-9]+]]: tensor<3xi32>)
// CHECK:         linalgx.lu ins(%[[A]] : tensor<5x3xcomplex<f64>>) outs(%{{.+}}, %{{.+}}, %{{.+}} : tensor<5x3xcomplex<f64>>, tensor<3xi32>, tensor<i32>)
// CHECK:         linalgx.pivots_to_permutation ins(%[[P]] : tensor<3xi32>) outs(%{{.+}} : tensor<5xi32>) -> tensor<5xi32>
func.func @spellings(%a: tensor<5x3xcomplex<f64>>, %p: tensor<3xi32>) -> (tensor<5x3xcomplex<f64>>, tensor<5xi32>) {
  %0:3 = "stablehlo.custom_call"(%a) {api_version = 4 : i32, backend_config = "", call_target_name = "lapack_zgetrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<5x3xcomplex<f64>>) -> (tensor<5x3xcomplex<f64>>, tensor<3xi32>, tensor<i32>)
  %1 = "stablehlo.custom_call"(%p) <{api_version = 4 : i32, call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {permutation_size = 5 : i32}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<3xi32>) -> tensor<5xi32>
  return %0#0, %1 : tensor<5x3xcomplex<f64>>, tensor<5xi32>
}

// -----

// Other custom calls are left alone: JAX's Cholesky, the legacy (non-FFI)
// getrf target, and the CPU's lack of a permutation custom call.
// CHECK-LABEL: func.func @others(
// CHECK-NEXT:    "stablehlo.custom_call"(%{{.+}}) <{call_target_name = "lapack_dpotrf_ffi"
// CHECK-NEXT:    "stablehlo.custom_call"(%{{.+}}) <{api_version = 2 : i32, backend_config = "descriptor", call_target_name = "cusolver_getrf"
// CHECK-NEXT:    return
func.func @others(%a: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3x3xf64>) {
  %0:2 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_dpotrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {lower = true}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<i32>)
  %1:4 = "stablehlo.custom_call"(%a) <{api_version = 2 : i32, backend_config = "descriptor", call_target_name = "cusolver_getrf"}> : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xi32>, tensor<i32>, tensor<1xi8>)
  return %0#0, %1#0 : tensor<3x3xf64>, tensor<3x3xf64>
}
