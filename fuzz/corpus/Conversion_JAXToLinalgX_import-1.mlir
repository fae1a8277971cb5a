func.func @one_based_dynamic(%a: tensor<?x3x3xf64>, %s0: tensor<3xi32>, %s1: tensor<2xi32>, %s2: tensor<1xi32>) -> tensor<?x3xi32> {
  %0:3 = "stablehlo.custom_call"(%a, %s0, %s1, %s2) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1, 2, 3]> : tensor<3xi64>, mhlo.backend_config = {}} : (tensor<?x3x3xf64>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<?x3x3xf64>, tensor<?x3xi32>, tensor<?xi32>)
  return %0#1 : tensor<?x3xi32>
}
