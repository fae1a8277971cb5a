func.func @one_based_uses(%a: tensor<2x4x3xf32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>) {
  %one = "stablehlo.constant"() <{value = dense<1> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_sgetrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<2x4x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x3xi32>, tensor<2xi32>)
  %zero_based = "stablehlo.subtract"(%0#1, %one) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %two = "stablehlo.constant"() <{value = dense<2> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
  %minus2 = "stablehlo.subtract"(%0#1, %two) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %other = "stablehlo.add"(%one, %one) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %zero_based, %0#1, %minus2, %other, %0#2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xi32>
}
