func.func @two_bad_calls(%a: tensor<75x75xf64>, %p: tensor<75xi32>) {
  %ok:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_dgetrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<75x75xf64>) -> (tensor<75x75xf64>, tensor<75xi32>, tensor<i32>)
  %bad1:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_dgetrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}} : (tensor<75x75xf64>) -> (tensor<75x75xf64>, tensor<75xi32>, tensor<i32>)
  %bad2 = "stablehlo.custom_call"(%p) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<1> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<75xi32>) -> tensor<75xi32>
  return
}
