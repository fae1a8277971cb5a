func.func @lu_input_rank0(%a: tensor<f64>, %p: tensor<1xi32>, %i: tensor<i32>) {
  %0:3 = linalgx.lu ins(%a : tensor<f64>) outs(%a, %p, %i : tensor<f64>, tensor<1xi32>, tensor<i32>) -> tensor<f64>, tensor<1xi32>, tensor<i32>
  return
}
