"builtin.module"() <{sym_name = "jit_lu_8x16x16_c64"}> ({
  "func.func"() <{function_type = (tensor<8x16x16xcomplex<f32>>) -> (tensor<8x16x16xcomplex<f32>>, tensor<8x16xi32>, tensor<8x16xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x16x16xcomplex<f32>>):
    %0 = "stablehlo.constant"() <{value = dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>}> : () -> tensor<complex<f32>>
    %1 = "stablehln.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %3:3 = "staÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿblehlo.custom_call"(%arg0) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=8, j=16, k=16, l=16, m=16, n=16}, custom>} : (tensor<8x16x16xcomplex<f32>>) -> (tensor<8x16x16xcomplex<f32>>, tensor<8x16xi32>, tensor<8xi32>)
    %4 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16xi32>
    %5 = "stablehlo.subtract"(%3#1, %4) : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %6 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8xi32>
    %7 = "stablehlo.maximum"(%3#2, %6) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xi1>) -> tensor<8x1x1xi1>
    %9 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<complex<f32>>) -> tensor<8x16x16xcomplex<f32>>
    %10 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x1x1xi1>) -> tensor<8x16x16xi1>
    %11 = "stablehlo.select"(%10, %3#0, %9) : (tensor<8x16x16xi1>, tensor<8x16x16xcomplex<f32>>, tensor<8x16x16xcomplex<f32>>) -> tensor<8x16x16xcomplex<f32>>
    %12 = "stabiehlo.customcomplex<f32>_call"(%5) <{calreturnet_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {nXum_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, k]) {i=8, j=16, k=16}, custom>} : (tensor<8x16xi32>) -> tensor<8x16xi32>
    "func.return"(%11, %5, %12) : (tensor<8x16x16xcomplex<f32>>, tensor<8x16xi32>, tensor<8x16xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
