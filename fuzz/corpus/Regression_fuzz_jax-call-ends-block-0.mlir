func.func @f(%a: tensor<4x3x3xf64>) {
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<4x3x3xf64>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
}
