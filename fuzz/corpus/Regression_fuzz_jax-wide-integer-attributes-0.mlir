func.func @f(%a: tensor<4x3x3xf64>, %s: tensor<3xi32>, %t: tensor<2xi32>, %u: tensor<1xi32>) {
  %0:3 = "stablehlo.custom_call"(%a, %s, %t, %u) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1180591620717411303425, 2, 3]> : tensor<3xi128>, mhlo.backend_config = {}} : (tensor<4x3x3xf64>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<4x3x3xf64>, tensor<4x3xi32>, tensor<4xi32>)
  return
}
