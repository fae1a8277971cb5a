"func.func"() <{function_type = (tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>, tensor<2x3xi32>), sym_name = "jax_lu"}> ({
^bb0(%a: tensor<2x3x3xf64>):
  %one = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
  %ones = "stablehlo.broadcast_in_dim"(%one) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3xi32>
  %1 = "stablehlo.subtract"(%0#1, %ones) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = "stablehlo.custom_call"(%1) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "func.return"(%0#0, %1, %2, %0#2, %0#1) : (tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>, tensor<2x3xi32>) -> ()
}) : () -> ()

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @printI32(%t: tensor<?x?xi32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xi32> to memref<?x?xi32>
  %u = memref.cast %m : memref<?x?xi32> to memref<*xi32>
  call @printMemrefExactI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[[1.0, 1.5, 1.75], [4.0, 2.0, 1.0], [2.0, 3.0, 1.5]],
                             [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.0, 0.0, 1.0]]]> : tensor<2x3x3xf64>
  %lu, %piv, %perm, %info, %piv1 = call @jax_lu(%a)
      : (tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>, tensor<2x3xi32>)

  %lum = bufferization.to_buffer %lu : tensor<2x3x3xf64> to memref<2x3x3xf64>
  %luu = memref.cast %lum : memref<2x3x3xf64> to memref<*xf64>
  call @printMemrefExactF64(%luu) : (memref<*xf64>) -> ()

  %pd = tensor.cast %piv : tensor<2x3xi32> to tensor<?x?xi32>
  call @printI32(%pd) : (tensor<?x?xi32>) -> ()

  %qd = tensor.cast %perm : tensor<2x3xi32> to tensor<?x?xi32>
  call @printI32(%qd) : (tensor<?x?xi32>) -> ()

  %im = bufferization.to_buffer %info : tensor<2xi32> to memref<2xi32>
  %iu = memref.cast %im : memref<2xi32> to memref<*xi32>
  call @printMemrefExactI32(%iu) : (memref<*xi32>) -> ()

  %p1d = tensor.cast %piv1 : tensor<2x3xi32> to tensor<?x?xi32>
  call @printI32(%p1d) : (tensor<?x?xi32>) -> ()
  return
}
