"builtin.module"() <{sym_name = "jit_lu_2x3x6x4_c128"}> ({
  "func.func"() <{function_type = (tensor<2x3x6x4xcomplex<f64>>) -> (tensor<2x3x6x4xcomplex<f64>>, tensor<2x3x4xi32>, tensor<2x3x6xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg7: tensor<2x3x6x4xcomplex<f64>>):
    %42 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %43 = "stablehlo.constant"() <{value = dense<4> : tensor<i64>}> : () -> tensor<i64>
    %44 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %45 = "stablehlo.constant"() <{value = dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>}> : () -> tensor<complex<f64>>
    %46 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %47 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %48:3 = "stablehlo.custom_call"(%arg7) <{call_target_name = "lapack_zgetrf_ffi", operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "2"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, j, m, n], [i, j, o], [i, j]) {i=2, j=3, k=6, l=4, m=6, n=4, o=4}, custom>} : (tensor<2x3x6x4xcomplex<f64>>) -> (tensor<2x3x6x4xcomplex<f64>>, tensor<2x3x4xi32>, tensor<2x3xi32>)
    %49 = "stablehlo.broadcast_in_dim"(%47) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3x4xi32>
    %50 = "stablehlo.subtract"(%48#1, %49) : (tensor<2x3x4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
    %51 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3xi32>
    %52 = "stablehlo.compare"(%48#2, %51) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %53 = "stablehlo.broadcast_in_dim"(%52) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x3xi1>) -> tensor<2x3x1x1xi1>
    %54 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64>}> : (tensor<complex<f64>>) -> tensor<2x3x6x4xcomplex<f64>>
    %55 = "stablehlo.broadcast_in_dim"(%53) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x3x1x1xi1>) -> tensor<2x3x6x4xi1>
    %56 = "stablehlo.select"(%55, %48#0, %54) : (tensor<2x3x6x4xi1>, tensor<2x3x6x4xcomplex<f64>>, tensor<2x3x6x4xcomplex<f64>>) -> tensor<2x3x6x4xcomplex<f64>>
    %57 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<2x3x6xi32>
    %58:4 = "stablehlo.while"(%50, %44, %44, %57) ({
    ^bb0(%arg12: tensor<2x3x4xi32>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<2x3x6xi32>):
      %61 = "stablehlo.compare"(%arg13, %43) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%61) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg8: tensor<2x3x4xi32>, %arg9: tensor<i64>, %arg10: tensor<i64>, %arg11: tensor<2x3x6xi32>):
      %59:2 = "func.call"(%arg8, %arg10, %arg11) <{callee = @closed_call}> : (tensor<2x3x4xi32>, tensor<i64>, tensor<2x3x6xi32>) -> (tensor<i64>, tensor<2x3x6xi32>)
      %60 = "stablehlo.add"(%arg9, %42) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%arg8, %60, %59#0, %59#1) : (tensor<2x3x4xi32>, tensor<i64>, tensor<i64>, tensor<2x3x6xi32>) -> ()
    }) : (tensor<2x3x4xi32>, tensor<i64>, tensor<i64>, tensor<2x3x6xi32>) -> (tensor<2x3x4xi32>, tensor<i64>, tensor<i64>, tensor<2x3x6xi32>)
    "func.return"(%56, %50, %58#3) : (tensor<2x3x6x4xcomplex<f64>>, tensor<2x3x4xi32>, tensor<2x3x6xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x3x4xi32>, tensor<i64>, tensor<2x3x6xi32>) -> (tensor<i64>, tensor<2x3x6xi32>), sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x3x4xi32>, %arg1: tensor<i64>, %arg2: tensor<2x3x6xi32>):
    %0 = "stablehlo.constant"() <{value = dense<6> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<6> : tensor<i64>}> : () -> tensor<i64>
    %3 = "stablehlo.constant"() <{value = dense<4> : tensor<i64>}> : () -> tensor<i64>
    %4 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %5 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %6 = "stablehlo.add"(%arg1, %5) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %7 = "stablehlo.compare"(%arg1, %4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %8 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i64>
    %9 = "stablehlo.add"(%8, %3) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %10 = "stablehlo.select"(%7, %9, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<1xi64>
    %12 = "stablehlo.gather"(%arg0, %11) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1, 2], start_index_map = [2]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 3, 1>}> : (tensor<2x3x4xi32>, tensor<1xi64>) -> tensor<2x3x1xi32>
    %13 = "stablehlo.reshape"(%12) : (tensor<2x3x1xi32>) -> tensor<2x3xi32>
    %14 = "stablehlo.compare"(%arg1, %4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %15 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i64>
    %16 = "stablehlo.add"(%15, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %17 = "stablehlo.select"(%14, %16, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<1xi64>
    %19 = "stablehlo.gather"(%arg2, %18) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1, 2], start_index_map = [2]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 3, 1>}> : (tensor<2x3x6xi32>, tensor<1xi64>) -> tensor<2x3x1xi32>
    %20 = "stablehlo.reshape"(%19) : (tensor<2x3x1xi32>) -> tensor<2x3xi32>
    %21 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3xi32>
    %22 = "stablehlo.compare"(%13, %21) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %23 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3xi32>
    %24 = "stablehlo.add"(%13, %23) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %25 = "stablehlo.select"(%22, %24, %13) : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %26 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
    %27 = "stablehlo.gather"(%arg2, %26) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x3x6xi32>, tensor<2x3x1xi32>) -> tensor<2x3x1xi32>
    %28 = "stablehlo.reshape"(%27) : (tensor<2x3x1xi32>) -> tensor<2x3xi32>
    %29 = "stablehlo.compare"(%arg1, %4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %30 = "stablehlo.add"(%arg1, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %31 = "stablehlo.select"(%29, %30, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %32 = "stablehlo.convert"(%31) : (tensor<i64>) -> tensor<i32>
    %33 = "stablehlo.broadcast_in_dim"(%32) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1xi32>
    %34 = "stablehlo.scatter"(%arg2, %33, %28) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [2]>, unique_indices = true}> ({
    ^bb0(%arg5: tensor<i32>, %arg6: tensor<i32>):
      "stablehlo.return"(%arg6) : (tensor<i32>) -> ()
    }) : (tensor<2x3x6xi32>, tensor<1xi32>, tensor<2x3xi32>) -> tensor<2x3x6xi32>
    %35 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3xi32>
    %36 = "stablehlo.compare"(%13, %35) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %37 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x3xi32>
    %38 = "stablehlo.add"(%13, %37) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %39 = "stablehlo.select"(%36, %38, %13) : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %40 = "stablehlo.broadcast_in_dim"(%39) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
    %41 = "stablehlo.scatter"(%34, %40, %20) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 2>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      "stablehlo.return"(%arg4) : (tensor<i32>) -> ()
    }) : (tensor<2x3x6xi32>, tensor<2x3x1xi32>, tensor<2x3xi32>) -> tensor<2x3x6xi32>
    "func.return"(%6, %41) : (tensor<i64>, tensor<2x3x6xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
