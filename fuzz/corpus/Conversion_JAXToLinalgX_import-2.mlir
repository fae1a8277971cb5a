func.func @permutation_size_operand(%p: tensor<4x?xi32>, %shape: tensor<2xi64>) -> tensor<4x?xi32> {
  %0 = "stablehlo.custom_call"(%p, %shape) <{call_target_name = "hip_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {indices_of_shape_operands = dense<1> : tensor<1xi64>, mhlo.backend_config = {}} : (tensor<4x?xi32>, tensor<2xi64>) -> tensor<4x?xi32>
  return %0 : tensor<4x?xi32>
}
