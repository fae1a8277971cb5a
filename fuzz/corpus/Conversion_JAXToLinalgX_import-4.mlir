func.func @others(%a: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3x3xf64>) {
  %0:2 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_dpotrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {lower = true}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<i32>)
  %1:4 = "stablehlo.custom_call"(%a) <{api_version = 2 : i32, backend_config = "descriptor", call_target_name = "cusolver_getrf"}> : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xi32>, tensor<i32>, tensor<1xi8>)
  return %0#0, %1#0 : tensor<3x3xf64>, tensor<3x3xf64>
}
