"builtin.module"() <{sym_name = "jit_lu_8x16x16_c64"}> ({
  "func.func"() <{function_type = (tensor<8x16x16xcomplex<f32>>) -> (tensor<8x16x16xcomplex<f32>>, tensor<8x16xi32>, tensor<8x16xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg7: tensor<8x16x16xcomplex<f32>>):
    %41 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %42 = "stablehlo.constant"() <{value = dense<16> : tensor<i64>}> : () -> tensor<i64>
    %43 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %44 = "stablehlo.constant"() <{value = dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>}> : () -> tensor<complex<f32>>
    %45 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %46 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %47:3 = "stablehlo.custom_call"(%arg7) <{call_target_name = "lapack_cgetrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=8, j=16, k=16, l=16, m=16, n=16}, custom>} : (tensor<8x16x16xcomplex<f32>>) -> (tensor<8x16x16xcomplex<f32>>, tensor<8x16xi32>, tensor<8xi32>)
    %48 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16xi32>
    %49 = "stablehlo.subtract"(%47#1, %48) : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %50 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8xi32>
    %51 = "stablehlo.compare"(%47#2, %50) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xi1>) -> tensor<8x1x1xi1>
    %53 = "stablehlo.broadcast_in_dim"(%44) <{broadcast_dimensions = array<i64>}> : (tensor<complex<f32>>) -> tensor<8x16x16xcomplex<f32>>
    %54 = "stablehlo.broadcast_in_dim"(%52) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x1x1xi1>) -> tensor<8x16x16xi1>
    %55 = "stablehlo.select"(%54, %47#0, %53) : (tensor<8x16x16xi1>, tensor<8x16x16xcomplex<f32>>, tensor<8x16x16xcomplex<f32>>) -> tensor<8x16x16xcomplex<f32>>
    %56 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<8x16xi32>
    %57:4 = "stablehlo.while"(%49, %43, %43, %56) ({
    ^bb0(%arg12: tensor<8x16xi32>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<8x16xi32>):
      %60 = "stablehlo.compare"(%arg13, %42) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%60) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg8: tensor<8x16xi32>, %arg9: tensor<i64>, %arg10: tensor<i64>, %arg11: tensor<8x16xi32>):
      %58:2 = "func.call"(%arg8, %arg10, %arg11) <{callee = @closed_call}> : (tensor<8x16xi32>, tensor<i64>, tensor<8x16xi32>) -> (tensor<i64>, tensor<8x16xi32>)
      %59 = "stablehlo.add"(%arg9, %41) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%arg8, %59, %58#0, %58#1) : (tensor<8x16xi32>, tensor<i64>, tensor<i64>, tensor<8x16xi32>) -> ()
    }) : (tensor<8x16xi32>, tensor<i64>, tensor<i64>, tensor<8x16xi32>) -> (tensor<8x16xi32>, tensor<i64>, tensor<i64>, tensor<8x16xi32>)
    "func.return"(%55, %49, %57#3) : (tensor<8x16x16xcomplex<f32>>, tensor<8x16xi32>, tensor<8x16xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<8x16xi32>, tensor<i64>, tensor<8x16xi32>) -> (tensor<i64>, tensor<8x16xi32>), sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<8x16xi32>, %arg1: tensor<i64>, %arg2: tensor<8x16xi32>):
    %0 = "stablehlo.constant"() <{value = dense<16> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<16> : tensor<i64>}> : () -> tensor<i64>
    %3 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %4 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %5 = "stablehlo.add"(%arg1, %4) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %6 = "stablehlo.compare"(%arg1, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %7 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i64>
    %8 = "stablehlo.add"(%7, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %9 = "stablehlo.select"(%6, %8, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %10 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<1xi64>
    %11 = "stablehlo.gather"(%arg0, %10) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 8, 1>}> : (tensor<8x16xi32>, tensor<1xi64>) -> tensor<8x1xi32>
    %12 = "stablehlo.reshape"(%11) : (tensor<8x1xi32>) -> tensor<8xi32>
    %13 = "stablehlo.compare"(%arg1, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %14 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i64>
    %15 = "stablehlo.add"(%14, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %16 = "stablehlo.select"(%13, %15, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %17 = "stablehlo.broadcast_in_dim"(%16) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<1xi64>
    %18 = "stablehlo.gather"(%arg2, %17) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 8, 1>}> : (tensor<8x16xi32>, tensor<1xi64>) -> tensor<8x1xi32>
    %19 = "stablehlo.reshape"(%18) : (tensor<8x1xi32>) -> tensor<8xi32>
    %20 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8xi32>
    %21 = "stablehlo.compare"(%12, %20) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %22 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8xi32>
    %23 = "stablehlo.add"(%12, %22) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    %24 = "stablehlo.select"(%21, %23, %12) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    %25 = "stablehlo.broadcast_in_dim"(%24) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xi32>) -> tensor<8x1xi32>
    %26 = "stablehlo.gather"(%arg2, %25) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<8x16xi32>, tensor<8x1xi32>) -> tensor<8x1xi32>
    %27 = "stablehlo.reshape"(%26) : (tensor<8x1xi32>) -> tensor<8xi32>
    %28 = "stablehlo.compare"(%arg1, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %29 = "stablehlo.add"(%arg1, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %30 = "stablehlo.select"(%28, %29, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %31 = "stablehlo.convert"(%30) : (tensor<i64>) -> tensor<i32>
    %32 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1xi32>
    %33 = "stablehlo.scatter"(%arg2, %32, %27) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
    ^bb0(%arg5: tensor<i32>, %arg6: tensor<i32>):
      "stablehlo.return"(%arg6) : (tensor<i32>) -> ()
    }) : (tensor<8x16xi32>, tensor<1xi32>, tensor<8xi32>) -> tensor<8x16xi32>
    %34 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8xi32>
    %35 = "stablehlo.compare"(%12, %34) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %36 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8xi32>
    %37 = "stablehlo.add"(%12, %36) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    %38 = "stablehlo.select"(%35, %37, %12) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    %39 = "stablehlo.broadcast_in_dim"(%38) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xi32>) -> tensor<8x1xi32>
    %40 = "stablehlo.scatter"(%33, %39, %19) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      "stablehlo.return"(%arg4) : (tensor<i32>) -> ()
    }) : (tensor<8x16xi32>, tensor<8x1xi32>, tensor<8xi32>) -> tensor<8x16xi32>
    "func.return"(%5, %40) : (tensor<i64>, tensor<8x16xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
