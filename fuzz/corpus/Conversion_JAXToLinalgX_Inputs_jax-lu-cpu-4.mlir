"builtin.module"() <{sym_name = "jit_lu_4x6_f32"}> ({
  "func.func"() <{function_type = (tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4xi32>, tensor<4xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg7: tensor<4x6xf32>):
    %34 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %35 = "stablehlo.constant"() <{value = dense<4> : tensor<i64>}> : () -> tensor<i64>
    %36 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %37 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %38 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %39 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %40:3 = "stablehlo.custom_call"(%arg7) <{call_target_name = "lapack_sgetrf_ffi", operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=6, k=4, l=6, m=4}, custom>} : (tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4xi32>, tensor<i32>)
    %41 = "stablehlo.broadcast_in_dim"(%39) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4xi32>
    %42 = "stablehlo.subtract"(%40#1, %41) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %43 = "stablehlo.broadcast_in_dim"(%38) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %44 = "stablehlo.compare"(%40#2, %43) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %45 = "stablehlo.broadcast_in_dim"(%44) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1x1xi1>
    %46 = "stablehlo.broadcast_in_dim"(%37) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x6xf32>
    %47 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xi1>) -> tensor<4x6xi1>
    %48 = "stablehlo.select"(%47, %40#0, %46) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %49 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4xi32>
    %50:4 = "stablehlo.while"(%42, %36, %36, %49) ({
    ^bb0(%arg12: tensor<4xi32>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<4xi32>):
      %53 = "stablehlo.compare"(%arg13, %35) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%53) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg8: tensor<4xi32>, %arg9: tensor<i64>, %arg10: tensor<i64>, %arg11: tensor<4xi32>):
      %51:2 = "func.call"(%arg8, %arg10, %arg11) <{callee = @closed_call}> : (tensor<4xi32>, tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>)
      %52 = "stablehlo.add"(%arg9, %34) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%arg8, %52, %51#0, %51#1) : (tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>) -> ()
    }) : (tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>) -> (tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>)
    "func.return"(%48, %42, %50#3) : (tensor<4x6xf32>, tensor<4xi32>, tensor<4xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4xi32>, tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>), sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4xi32>, %arg1: tensor<i64>, %arg2: tensor<4xi32>):
    %0 = "stablehlo.constant"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<4> : tensor<i64>}> : () -> tensor<i64>
    %3 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %4 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %5 = "stablehlo.add"(%arg1, %4) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %6 = "stablehlo.compare"(%arg1, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %7 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i64>
    %8 = "stablehlo.add"(%7, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %9 = "stablehlo.select"(%6, %8, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %10 = "stablehlo.dynamic_slice"(%arg0, %9) <{slice_sizes = array<i64: 1>}> : (tensor<4xi32>, tensor<i64>) -> tensor<1xi32>
    %11 = "stablehlo.reshape"(%10) : (tensor<1xi32>) -> tensor<i32>
    %12 = "stablehlo.compare"(%arg1, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %13 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i64>
    %14 = "stablehlo.add"(%13, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %15 = "stablehlo.select"(%12, %14, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %16 = "stablehlo.dynamic_slice"(%arg2, %15) <{slice_sizes = array<i64: 1>}> : (tensor<4xi32>, tensor<i64>) -> tensor<1xi32>
    %17 = "stablehlo.reshape"(%16) : (tensor<1xi32>) -> tensor<i32>
    %18 = "stablehlo.compare"(%11, %1) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %19 = "stablehlo.add"(%11, %0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %20 = "stablehlo.select"(%18, %19, %11) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %21 = "stablehlo.dynamic_slice"(%arg2, %20) <{slice_sizes = array<i64: 1>}> : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
    %22 = "stablehlo.reshape"(%21) : (tensor<1xi32>) -> tensor<i32>
    %23 = "stablehlo.compare"(%arg1, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %24 = "stablehlo.add"(%arg1, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %25 = "stablehlo.select"(%23, %24, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %26 = "stablehlo.convert"(%25) : (tensor<i64>) -> tensor<i32>
    %27 = "stablehlo.broadcast_in_dim"(%26) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%arg2, %27, %22) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg5: tensor<i32>, %arg6: tensor<i32>):
      "stablehlo.return"(%arg6) : (tensor<i32>) -> ()
    }) : (tensor<4xi32>, tensor<1xi32>, tensor<i32>) -> tensor<4xi32>
    %29 = "stablehlo.compare"(%11, %1) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %30 = "stablehlo.add"(%11, %0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %31 = "stablehlo.select"(%29, %30, %11) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %32 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1xi32>
    %33 = "stablehlo.scatter"(%28, %32, %17) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      "stablehlo.return"(%arg4) : (tensor<i32>) -> ()
    }) : (tensor<4xi32>, tensor<1xi32>, tensor<i32>) -> tensor<4xi32>
    "func.return"(%5, %33) : (tensor<i64>, tensor<4xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
