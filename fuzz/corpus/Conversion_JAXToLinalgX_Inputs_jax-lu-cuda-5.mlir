"builtin.module"() <{sym_name = "jit_lu_2x3x6x4_c128"}> ({
  "func.func"() <{function_type = (tensor<2x3x6x4xcomplex<f64>>) -> (tensor<2x3x6x4xcomplex<f64>>, tensor<2x3x4xi32>, tensor<2x3x6xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3x6x4xcomplex<f64>>):
    %0 = "stablehlo.constant"() <{value = dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>}> : () -> tensor<complex<f64>>
    %1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %3:3 = "stablehlo.custom_call"(%arg0) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "2"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, j, m, n], [i, j, o], [i, j]) {i=2, j=3, k=6, l=4, m=6, n=4, o=4}, custom>} : (tensor<2x3x6x4xcomplex<f64>>) -> (tensor<2x3x6x4xcomplex<f64>>, tensor<2x3x4xi32>, tensor<2x3xi32>)
    %4 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3x4xi32>
    %5 = "stablehlo.subtract"(%3#1, %4) : (tensor<2x3x4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
    %6 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3xi32>
    %7 = "stablehlo.compare"(%3#2, %6) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x3xi1>) -> tensor<2x3x1x1xi1>
    %9 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<complex<f64>>) -> tensor<2x3x6x4xcomplex<f64>>
    %10 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x3x1x1xi1>) -> tensor<2x3x6x4xi1>
    %11 = "stablehlo.select"(%10, %3#0, %9) : (tensor<2x3x6x4xi1>, tensor<2x3x6x4xcomplex<f64>>, tensor<2x3x6x4xcomplex<f64>>) -> tensor<2x3x6x4xcomplex<f64>>
    %12 = "stablehlo.custom_call"(%5) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[2, 1, 0]> : tensor<3xindex>], result_layouts = [dense<[2, 1, 0]> : tensor<3xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "2"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, l]) {i=2, j=3, k=4, l=6}, custom>} : (tensor<2x3x4xi32>) -> tensor<2x3x6xi32>
    "func.return"(%11, %5, %12) : (tensor<2x3x6x4xcomplex<f64>>, tensor<2x3x4xi32>, tensor<2x3x6xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
