func.func @spellings(%a: tensor<5x3xcomplex<f64>>, %p: tensor<3xi32>) -> (tensor<5x3xcomplex<f64>>, tensor<5xi32>) {
  %0:3 = "stablehlo.custom_call"(%a) {api_version = 4 : i32, backend_config = "", call_target_name = "lapack_zgetrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<5x3xcomplex<f64>>) -> (tensor<5x3xcomplex<f64>>, tensor<3xi32>, tensor<i32>)
  %1 = "stablehlo.custom_call"(%p) <{api_version = 4 : i32, call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {permutation_size = 5 : i32}, mhlo.frontend_attributes = {num_batch_dims = "0"}} : (tensor<3xi32>) -> tensor<5xi32>
  return %0#0, %1 : tensor<5x3xcomplex<f64>>, tensor<5xi32>
}
