"builtin.module"() <{sym_name = "jit_lu_bx5x5_f32"}> ({
  "func.func"() <{function_type = (tensor<?x5x5xf32>) -> (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg18: tensor<?x5x5xf32>):
    %115 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %116 = "stablehlo.get_dimension_size"(%arg18) <{dimension = 0 : i64}> : (tensor<?x5x5xf32>) -> tensor<i32>
    %117 = "stablehlo.convert"(%116) : (tensor<i32>) -> tensor<i64>
    %118 = "stablehlo.compare"(%117, %115) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.custom_call"(%118, %117) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 5, 5). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i64>) -> ()
    %119:3 = "func.call"(%117, %arg18) <{callee = @_wrapped_jax_export_main}> : (tensor<i64>, tensor<?x5x5xf32>) -> (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>)
    "func.return"(%119#0, %119#1, %119#2) : (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {}], function_type = (tensor<i64>, tensor<?x5x5xf32>) -> (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg8: tensor<i64>, %arg9: tensor<?x5x5xf32>):
    %68 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %69 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %70 = "stablehlo.constant"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %71 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %72 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %73 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %74 = "stablehlo.constant"() <{value = dense<5> : tensor<1xi32>}> : () -> tensor<1xi32>
    %75 = "stablehlo.constant"() <{value = dense<5> : tensor<i64>}> : () -> tensor<i64>
    %76 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %77 = "stablehlo.reshape"(%76) : (tensor<i32>) -> tensor<1xi32>
    %78 = "stablehlo.concatenate"(%77, %74, %74) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %79 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %80 = "stablehlo.reshape"(%79) : (tensor<i32>) -> tensor<1xi32>
    %81 = "stablehlo.concatenate"(%80, %74) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %82 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %83 = "stablehlo.reshape"(%82) : (tensor<i32>) -> tensor<1xi32>
    %84:3 = "stablehlo.custom_call"(%arg9, %78, %81, %83) <{call_target_name = "lapack_sgetrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1, 2, 3]> : tensor<3xi64>, mhlo.backend_config = {}} : (tensor<?x5x5xf32>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?xi32>)
    %85 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %86 = "stablehlo.reshape"(%85) : (tensor<i32>) -> tensor<1xi32>
    %87 = "stablehlo.concatenate"(%86, %74) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %88 = "stablehlo.dynamic_broadcast_in_dim"(%73, %87) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<2xi32>) -> tensor<?x5xi32>
    %89 = "stablehlo.subtract"(%84#1, %88) : (tensor<?x5xi32>, tensor<?x5xi32>) -> tensor<?x5xi32>
    %90 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %91 = "stablehlo.reshape"(%90) : (tensor<i32>) -> tensor<1xi32>
    %92 = "stablehlo.dynamic_broadcast_in_dim"(%72, %91) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %93 = "stablehlo.compare"(%84#2, %92) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi1>
    %94 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %95 = "stablehlo.reshape"(%94) : (tensor<i32>) -> tensor<1xi32>
    %96 = "stablehlo.concatenate"(%95, %70, %70) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %97 = "stablehlo.dynamic_broadcast_in_dim"(%93, %96) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xi1>, tensor<3xi32>) -> tensor<?x1x1xi1>
    %98 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %99 = "stablehlo.reshape"(%98) : (tensor<i32>) -> tensor<1xi32>
    %100 = "stablehlo.concatenate"(%99, %74, %74) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %101 = "stablehlo.dynamic_broadcast_in_dim"(%69, %100) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x5x5xf32>
    %102 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %103 = "stablehlo.reshape"(%102) : (tensor<i32>) -> tensor<1xi32>
    %104 = "stablehlo.concatenate"(%103, %74, %74) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %105 = "stablehlo.dynamic_broadcast_in_dim"(%97, %104) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x1x1xi1>, tensor<3xi32>) -> tensor<?x5x5xi1>
    %106 = "stablehlo.select"(%105, %84#0, %101) : (tensor<?x5x5xi1>, tensor<?x5x5xf32>, tensor<?x5x5xf32>) -> tensor<?x5x5xf32>
    %107 = "stablehlo.convert"(%arg8) : (tensor<i64>) -> tensor<i32>
    %108 = "stablehlo.reshape"(%107) : (tensor<i32>) -> tensor<1xi32>
    %109 = "stablehlo.concatenate"(%108, %74) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %110 = "stablehlo.dynamic_iota"(%109) <{iota_dimension = 1 : i64}> : (tensor<2xi32>) -> tensor<?x5xi32>
    %111:4 = "stablehlo.while"(%89, %68, %68, %110) ({
    ^bb0(%arg14: tensor<?x5xi32>, %arg15: tensor<i64>, %arg16: tensor<i64>, %arg17: tensor<?x5xi32>):
      %114 = "stablehlo.compare"(%arg15, %75) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%114) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg10: tensor<?x5xi32>, %arg11: tensor<i64>, %arg12: tensor<i64>, %arg13: tensor<?x5xi32>):
      %112:2 = "func.call"(%arg8, %arg10, %arg12, %arg13) <{callee = @closed_call}> : (tensor<i64>, tensor<?x5xi32>, tensor<i64>, tensor<?x5xi32>) -> (tensor<i64>, tensor<?x5xi32>)
      %113 = "stablehlo.add"(%arg11, %71) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%arg10, %113, %112#0, %112#1) : (tensor<?x5xi32>, tensor<i64>, tensor<i64>, tensor<?x5xi32>) -> ()
    }) : (tensor<?x5xi32>, tensor<i64>, tensor<i64>, tensor<?x5xi32>) -> (tensor<?x5xi32>, tensor<i64>, tensor<i64>, tensor<?x5xi32>)
    "func.return"(%106, %89, %111#3) : (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {}, {}, {}], function_type = (tensor<i64>, tensor<?x5xi32>, tensor<i64>, tensor<?x5xi32>) -> (tensor<i64>, tensor<?x5xi32>), sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<?x5xi32>, %arg2: tensor<i64>, %arg3: tensor<?x5xi32>):
    %0 = "stablehlo.constant"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %3 = "stablehlo.constant"() <{value = dense<5> : tensor<i64>}> : () -> tensor<i64>
    %4 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %5 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %6 = "stablehlo.add"(%arg2, %5) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %7 = "stablehlo.compare"(%arg2, %4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %8 = "stablehlo.convert"(%arg2) : (tensor<i64>) -> tensor<i64>
    %9 = "stablehlo.add"(%8, %3) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %10 = "stablehlo.select"(%7, %9, %arg2) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<1xi64>
    %12 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %13 = "stablehlo.reshape"(%12) : (tensor<i32>) -> tensor<1xi32>
    %14 = "stablehlo.concatenate"(%13, %2) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %15 = "stablehlo.dynamic_gather"(%arg1, %11, %14) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true}> : (tensor<?x5xi32>, tensor<1xi64>, tensor<2xi32>) -> tensor<?x1xi32>
    %16 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %17 = "stablehlo.reshape"(%16) : (tensor<i32>) -> tensor<1xi32>
    %18 = "stablehlo.dynamic_reshape"(%15, %17) : (tensor<?x1xi32>, tensor<1xi32>) -> tensor<?xi32>
    %19 = "stablehlo.compare"(%arg2, %4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %20 = "stablehlo.convert"(%arg2) : (tensor<i64>) -> tensor<i64>
    %21 = "stablehlo.add"(%20, %3) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %22 = "stablehlo.select"(%19, %21, %arg2) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<1xi64>
    %24 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %25 = "stablehlo.reshape"(%24) : (tensor<i32>) -> tensor<1xi32>
    %26 = "stablehlo.concatenate"(%25, %2) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %27 = "stablehlo.dynamic_gather"(%arg3, %23, %26) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true}> : (tensor<?x5xi32>, tensor<1xi64>, tensor<2xi32>) -> tensor<?x1xi32>
    %28 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %29 = "stablehlo.reshape"(%28) : (tensor<i32>) -> tensor<1xi32>
    %30 = "stablehlo.dynamic_reshape"(%27, %29) : (tensor<?x1xi32>, tensor<1xi32>) -> tensor<?xi32>
    %31 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %32 = "stablehlo.reshape"(%31) : (tensor<i32>) -> tensor<1xi32>
    %33 = "stablehlo.dynamic_broadcast_in_dim"(%1, %32) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %34 = "stablehlo.compare"(%18, %33) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi1>
    %35 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %36 = "stablehlo.reshape"(%35) : (tensor<i32>) -> tensor<1xi32>
    %37 = "stablehlo.dynamic_broadcast_in_dim"(%0, %36) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %38 = "stablehlo.add"(%18, %37) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %39 = "stablehlo.select"(%34, %38, %18) : (tensor<?xi1>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %40 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %41 = "stablehlo.reshape"(%40) : (tensor<i32>) -> tensor<1xi32>
    %42 = "stablehlo.concatenate"(%41, %2) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %43 = "stablehlo.dynamic_broadcast_in_dim"(%39, %42) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x1xi32>
    %44 = "stablehlo.gather"(%arg3, %43) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<?x5xi32>, tensor<?x1xi32>) -> tensor<?x1xi32>
    %45 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %46 = "stablehlo.reshape"(%45) : (tensor<i32>) -> tensor<1xi32>
    %47 = "stablehlo.dynamic_reshape"(%44, %46) : (tensor<?x1xi32>, tensor<1xi32>) -> tensor<?xi32>
    %48 = "stablehlo.compare"(%arg2, %4) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %49 = "stablehlo.add"(%arg2, %3) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %50 = "stablehlo.select"(%48, %49, %arg2) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %51 = "stablehlo.convert"(%50) : (tensor<i64>) -> tensor<i32>
    %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1xi32>
    %53 = "stablehlo.scatter"(%arg3, %52, %47) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
    ^bb0(%arg6: tensor<i32>, %arg7: tensor<i32>):
      "stablehlo.return"(%arg7) : (tensor<i32>) -> ()
    }) : (tensor<?x5xi32>, tensor<1xi32>, tensor<?xi32>) -> tensor<?x5xi32>
    %54 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %55 = "stablehlo.reshape"(%54) : (tensor<i32>) -> tensor<1xi32>
    %56 = "stablehlo.dynamic_broadcast_in_dim"(%1, %55) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %57 = "stablehlo.compare"(%18, %56) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi1>
    %58 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %59 = "stablehlo.reshape"(%58) : (tensor<i32>) -> tensor<1xi32>
    %60 = "stablehlo.dynamic_broadcast_in_dim"(%0, %59) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %61 = "stablehlo.add"(%18, %60) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %62 = "stablehlo.select"(%57, %61, %18) : (tensor<?xi1>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %63 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %64 = "stablehlo.reshape"(%63) : (tensor<i32>) -> tensor<1xi32>
    %65 = "stablehlo.concatenate"(%64, %2) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %66 = "stablehlo.dynamic_broadcast_in_dim"(%62, %65) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x1xi32>
    %67 = "stablehlo.scatter"(%53, %66, %30) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
      "stablehlo.return"(%arg5) : (tensor<i32>) -> ()
    }) : (tensor<?x5xi32>, tensor<?x1xi32>, tensor<?xi32>) -> tensor<?x5xi32>
    "func.return"(%6, %67) : (tensor<i64>, tensor<?x5xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
