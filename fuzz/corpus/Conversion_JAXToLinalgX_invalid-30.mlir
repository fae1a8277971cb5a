func.func @f(%p: tensor<4x3xi32>) {
  %0 = "stablehlo.custom_call"(%p) <{call_target_name = "hip_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "2"}} : (tensor<4x3xi32>) -> tensor<4x3xi32>
  return
}
