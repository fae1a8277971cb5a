"builtin.module"() <{sym_name = "jit_lu_bxmxn_f64"}> ({
  "func.func"() <{function_type = (tensor<?x?x?xf64>) -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg16: tensor<?x?x?xf64>):
    %130 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %131 = "stablehlo.get_dimension_size"(%arg16) <{dimension = 0 : i64}> : (tensor<?x?x?xf64>) -> tensor<i32>
    %132 = "stablehlo.convert"(%131) : (tensor<i32>) -> tensor<i64>
    %133 = "stablehlo.get_dimension_size"(%arg16) <{dimension = 1 : i64}> : (tensor<?x?x?xf64>) -> tensor<i32>
    %134 = "stablehlo.convert"(%133) : (tensor<i32>) -> tensor<i64>
    %135 = "stablehlo.get_dimension_size"(%arg16) <{dimension = 2 : i64}> : (tensor<?x?x?xf64>) -> tensor<i32>
    %136 = "stablehlo.convert"(%135) : (tensor<i32>) -> tensor<i64>
    %137 = "stablehlo.compare"(%132, %130) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.custom_call"(%137, %132) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, m, n). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i64>) -> ()
    %138 = "stablehlo.compare"(%134, %130) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.custom_call"(%138, %132, %134) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'm'. Using the following polymorphic shapes specifications: args[0].shape = (b, m, n). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 'm' = {1} from specification 'm' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %139 = "stablehlo.compare"(%136, %130) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.custom_call"(%139, %132, %134, %136) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'n'. Using the following polymorphic shapes specifications: args[0].shape = (b, m, n). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 'm' = {1} from specification 'm' for dimension args[0].shape[1] (= {1}), 'n' = {2} from specification 'n' for dimension args[0].shape[2] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i64>, tensor<i64>, tensor<i64>) -> ()
    %140:3 = "func.call"(%132, %134, %136, %arg16) <{callee = @_wrapped_jax_export_main}> : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<?x?x?xf64>) -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>)
    "func.return"(%140#0, %140#1, %140#2) : (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {jax.global_constant = "m"}, {jax.global_constant = "n"}, {}], function_type = (tensor<i64>, tensor<i64>, tensor<i64>, tensor<?x?x?xf64>) -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<?x?x?xf64>):
    %0 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %1 = "stablehlo.constant"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %3 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %4 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %5 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
    %6 = "stablehlo.convert"(%arg2) : (tensor<i64>) -> tensor<i32>
    %7 = "stablehlo.reshape"(%4) : (tensor<i32>) -> tensor<1xi32>
    %8 = "stablehlo.reshape"(%5) : (tensor<i32>) -> tensor<1xi32>
    %9 = "stablehlo.reshape"(%6) : (tensor<i32>) -> tensor<1xi32>
    %10 = "stablehlo.concatenate"(%7, %8, %9) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %11 = "stablehlo.minimum"(%arg1, %arg2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %12 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %13 = "stablehlo.convert"(%11) : (tensor<i64>) -> tensor<i32>
    %14 = "stablehlo.reshape"(%12) : (tensor<i32>) -> tensor<1xi32>
    %15 = "stablehlo.reshape"(%13) : (tensor<i32>) -> tensor<1xi32>
    %16 = "stablehlo.concatenate"(%14, %15) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %17 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %18 = "stablehlo.reshape"(%17) : (tensor<i32>) -> tensor<1xi32>
    %19:3 = "stablehlo.custom_call"(%arg3, %10, %16, %18) <{call_target_name = "lapack_dgetrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1, 2, 3]> : tensor<3xi64>, mhlo.backend_config = {}} : (tensor<?x?x?xf64>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>)
    %20 = "stablehlo.minimum"(%arg1, %arg2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %21 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %22 = "stablehlo.reshape"(%21) : (tensor<i32>) -> tensor<1xi32>
    %23 = "stablehlo.convert"(%20) : (tensor<i64>) -> tensor<i32>
    %24 = "stablehlo.reshape"(%23) : (tensor<i32>) -> tensor<1xi32>
    %25 = "stablehlo.concatenate"(%22, %24) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %26 = "stablehlo.dynamic_broadcast_in_dim"(%3, %25) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<2xi32>) -> tensor<?x?xi32>
    %27 = "stablehlo.subtract"(%19#1, %26) : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
    %28 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %29 = "stablehlo.reshape"(%28) : (tensor<i32>) -> tensor<1xi32>
    %30 = "stablehlo.dynamic_broadcast_in_dim"(%2, %29) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %31 = "stablehlo.compare"(%19#2, %30) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi1>
    %32 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %33 = "stablehlo.reshape"(%32) : (tensor<i32>) -> tensor<1xi32>
    %34 = "stablehlo.concatenate"(%33, %1, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %35 = "stablehlo.dynamic_broadcast_in_dim"(%31, %34) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xi1>, tensor<3xi32>) -> tensor<?x1x1xi1>
    %36 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %37 = "stablehlo.reshape"(%36) : (tensor<i32>) -> tensor<1xi32>
    %38 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
    %39 = "stablehlo.reshape"(%38) : (tensor<i32>) -> tensor<1xi32>
    %40 = "stablehlo.convert"(%arg2) : (tensor<i64>) -> tensor<i32>
    %41 = "stablehlo.reshape"(%40) : (tensor<i32>) -> tensor<1xi32>
    %42 = "stablehlo.concatenate"(%37, %39, %41) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %43 = "stablehlo.dynamic_broadcast_in_dim"(%0, %42) <{broadcast_dimensions = array<i64>}> : (tensor<f64>, tensor<3xi32>) -> tensor<?x?x?xf64>
    %44 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %45 = "stablehlo.reshape"(%44) : (tensor<i32>) -> tensor<1xi32>
    %46 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
    %47 = "stablehlo.reshape"(%46) : (tensor<i32>) -> tensor<1xi32>
    %48 = "stablehlo.convert"(%arg2) : (tensor<i64>) -> tensor<i32>
    %49 = "stablehlo.reshape"(%48) : (tensor<i32>) -> tensor<1xi32>
    %50 = "stablehlo.concatenate"(%45, %47, %49) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %51 = "stablehlo.dynamic_broadcast_in_dim"(%35, %50) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x1x1xi1>, tensor<3xi32>) -> tensor<?x?x?xi1>
    %52 = "stablehlo.select"(%51, %19#0, %43) : (tensor<?x?x?xi1>, tensor<?x?x?xf64>, tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
    %53 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %54 = "stablehlo.reshape"(%53) : (tensor<i32>) -> tensor<1xi32>
    %55 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
    %56 = "stablehlo.reshape"(%55) : (tensor<i32>) -> tensor<1xi32>
    %57 = "stablehlo.concatenate"(%54, %56) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %58 = "stablehlo.dynamic_iota"(%57) <{iota_dimension = 1 : i64}> : (tensor<2xi32>) -> tensor<?x?xi32>
    %59 = "stablehlo.minimum"(%arg1, %arg2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %60 = "stablehlo.convert"(%59) : (tensor<i64>) -> tensor<i32>
    %61:4 = "stablehlo.while"(%27, %2, %60, %58) ({
    ^bb0(%arg12: tensor<?x?xi32>, %arg13: tensor<i32>, %arg14: tensor<i32>, %arg15: tensor<?x?xi32>):
      %129 = "stablehlo.compare"(%arg13, %arg14) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%129) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg4: tensor<?x?xi32>, %arg5: tensor<i32>, %arg6: tensor<i32>, %arg7: tensor<?x?xi32>):
      %62 = "stablehlo.add"(%arg5, %3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %63 = "stablehlo.minimum"(%arg1, %arg2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      %64 = "stablehlo.convert"(%63) : (tensor<i64>) -> tensor<i32>
      %65 = "stablehlo.compare"(%arg5, %2) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %66 = "stablehlo.add"(%arg5, %64) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %67 = "stablehlo.select"(%65, %66, %arg5) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %68 = "stablehlo.broadcast_in_dim"(%67) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1xi32>
      %69 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %70 = "stablehlo.reshape"(%69) : (tensor<i32>) -> tensor<1xi32>
      %71 = "stablehlo.concatenate"(%70, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
      %72 = "stablehlo.dynamic_gather"(%arg4, %68, %71) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true}> : (tensor<?x?xi32>, tensor<1xi32>, tensor<2xi32>) -> tensor<?x1xi32>
      %73 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %74 = "stablehlo.reshape"(%73) : (tensor<i32>) -> tensor<1xi32>
      %75 = "stablehlo.dynamic_reshape"(%72, %74) : (tensor<?x1xi32>, tensor<1xi32>) -> tensor<?xi32>
      %76 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
      %77 = "stablehlo.compare"(%arg5, %2) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %78 = "stablehlo.add"(%arg5, %76) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %79 = "stablehlo.select"(%77, %78, %arg5) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %80 = "stablehlo.broadcast_in_dim"(%79) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<1xi32>
      %81 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %82 = "stablehlo.reshape"(%81) : (tensor<i32>) -> tensor<1xi32>
      %83 = "stablehlo.concatenate"(%82, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
      %84 = "stablehlo.dynamic_gather"(%arg7, %80, %83) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true}> : (tensor<?x?xi32>, tensor<1xi32>, tensor<2xi32>) -> tensor<?x1xi32>
      %85 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %86 = "stablehlo.reshape"(%85) : (tensor<i32>) -> tensor<1xi32>
      %87 = "stablehlo.dynamic_reshape"(%84, %86) : (tensor<?x1xi32>, tensor<1xi32>) -> tensor<?xi32>
      %88 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
      %89 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %90 = "stablehlo.reshape"(%89) : (tensor<i32>) -> tensor<1xi32>
      %91 = "stablehlo.dynamic_broadcast_in_dim"(%2, %90) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
      %92 = "stablehlo.compare"(%75, %91) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi1>
      %93 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %94 = "stablehlo.reshape"(%93) : (tensor<i32>) -> tensor<1xi32>
      %95 = "stablehlo.dynamic_broadcast_in_dim"(%88, %94) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
      %96 = "stablehlo.add"(%75, %95) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
      %97 = "stablehlo.select"(%92, %96, %75) : (tensor<?xi1>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
      %98 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %99 = "stablehlo.reshape"(%98) : (tensor<i32>) -> tensor<1xi32>
      %100 = "stablehlo.concatenate"(%99, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
      %101 = "stablehlo.dynamic_broadcast_in_dim"(%97, %100) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x1xi32>
      %102 = "stablehlo.gather"(%arg7, %101) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<?x?xi32>, tensor<?x1xi32>) -> tensor<?x1xi32>
      %103 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %104 = "stablehlo.reshape"(%103) : (tensor<i32>) -> tensor<1xi32>
      %105 = "stablehlo.dynamic_reshape"(%102, %104) : (tensor<?x1xi32>, tensor<1xi32>) -> tensor<?xi32>
      %106 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
      %107 = "stablehlo.compare"(%arg5, %2) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %108 = "stablehlo.add"(%arg5, %106) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %109 = "stablehlo.select"(%107, %108, %arg5) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %110 = "stablehlo.convert"(%109) : (tensor<i32>) -> tensor<i64>
      %111 = "stablehlo.broadcast_in_dim"(%110) <{broadcast_dimensions = array<i64>}> : (tensor<i64>) -> tensor<1xi64>
      %112 = "stablehlo.scatter"(%arg7, %111, %105) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
      ^bb0(%arg10: tensor<i32>, %arg11: tensor<i32>):
        "stablehlo.return"(%arg11) : (tensor<i32>) -> ()
      }) : (tensor<?x?xi32>, tensor<1xi64>, tensor<?xi32>) -> tensor<?x?xi32>
      %113 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
      %114 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %115 = "stablehlo.reshape"(%114) : (tensor<i32>) -> tensor<1xi32>
      %116 = "stablehlo.dynamic_broadcast_in_dim"(%2, %115) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
      %117 = "stablehlo.compare"(%75, %116) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi1>
      %118 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %119 = "stablehlo.reshape"(%118) : (tensor<i32>) -> tensor<1xi32>
      %120 = "stablehlo.dynamic_broadcast_in_dim"(%113, %119) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
      %121 = "stablehlo.add"(%75, %120) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
      %122 = "stablehlo.select"(%117, %121, %75) : (tensor<?xi1>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
      %123 = "stablehlo.convert"(%122) : (tensor<?xi32>) -> tensor<?xi64>
      %124 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
      %125 = "stablehlo.reshape"(%124) : (tensor<i32>) -> tensor<1xi32>
      %126 = "stablehlo.concatenate"(%125, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
      %127 = "stablehlo.dynamic_broadcast_in_dim"(%123, %126) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xi64>, tensor<2xi32>) -> tensor<?x1xi64>
      %128 = "stablehlo.scatter"(%112, %127, %87) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
      ^bb0(%arg8: tensor<i32>, %arg9: tensor<i32>):
        "stablehlo.return"(%arg9) : (tensor<i32>) -> ()
      }) : (tensor<?x?xi32>, tensor<?x1xi64>, tensor<?xi32>) -> tensor<?x?xi32>
      "stablehlo.return"(%arg4, %62, %arg6, %128) : (tensor<?x?xi32>, tensor<i32>, tensor<i32>, tensor<?x?xi32>) -> ()
    }) : (tensor<?x?xi32>, tensor<i32>, tensor<i32>, tensor<?x?xi32>) -> (tensor<?x?xi32>, tensor<i32>, tensor<i32>, tensor<?x?xi32>)
    "func.return"(%52, %27, %61#3) : (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
