"builtin.module"() <{sym_name = "jit_lu_64x75x75_f32"}> ({
  "func.func"() <{function_type = (tensor<64x75x75xf32>) -> (tensor<64x75x75xf32>, tensor<64x75xi32>, tensor<64x75xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<64x75x75xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %3:3 = "stablehlo.custom_call"(%arg0) <{call_target_name = "hipsolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=64, j=75, k=75, l=75, m=75, n=75}, custom>} : (tensor<64x75x75xf32>) -> (tensor<64x75x75xf32>, tensor<64x75xi32>, tensor<64xi32>)
    %4 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<64x75xi32>
    %5 = "stablehlo.subtract"(%3#1, %4) : (tensor<64x75xi32>, tensor<64x75xi32>) -> tensor<64x75xi32>
    %6 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<64xi32>
    %7 = "stablehlo.compare"(%3#2, %6) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi1>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0>}> : (tensor<64xi1>) -> tensor<64x1x1xi1>
    %9 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x75x75xf32>
    %10 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<64x1x1xi1>) -> tensor<64x75x75xi1>
    %11 = "stablehlo.select"(%10, %3#0, %9) : (tensor<64x75x75xi1>, tensor<64x75x75xf32>, tensor<64x75x75xf32>) -> tensor<64x75x75xf32>
    %12 = "stablehlo.custom_call"(%5) <{call_target_name = "hip_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, k]) {i=64, j=75, k=75}, custom>} : (tensor<64x75xi32>) -> tensor<64x75xi32>
    "func.return"(%11, %5, %12) : (tensor<64x75x75xf32>, tensor<64x75xi32>, tensor<64x75xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
