"builtin.module"() <{sym_name = "jit_lu_bxmxn_f64"}> ({
  "func.func"() <{function_type = (tensor<?x?x?xf64>) -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg4: tensor<?x?x?xf64>):
    %59 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %60 = "stablehlo.get_dimension_size"(%arg4) <{dimension = 0 : i64}> : (tensor<?x?x?xf64>) -> tensor<i32>
    %61 = "stablehlo.convert"(%60) : (tensor<i32>) -> tensor<i64>
    %62 = "stablehlo.get_dimension_size"(%arg4) <{dimension = 1 : i64}> : (tensor<?x?x?xf64>) -> tensor<i32>
    %63 = "stablehlo.convert"(%62) : (tensor<i32>) -> tensor<i64>
    %64 = "stablehlo.get_dimension_size"(%arg4) <{dimension = 2 : i64}> : (tensor<?x?x?xf64>) -> tensor<i32>
    %65 = "stablehlo.convert"(%64) : (tensor<i32>) -> tensor<i64>
    %66 = "stablehlo.compare"(%61, %59) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.custom_call"(%66, %61) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, m, n). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i64>) -> ()
    %67 = "stablehlo.compare"(%63, %59) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.custom_call"(%67, %61, %63) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'm'. Using the following polymorphic shapes specifications: args[0].shape = (b, m, n). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 'm' = {1} from specification 'm' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %68 = "stablehlo.compare"(%65, %59) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.custom_call"(%68, %61, %63, %65) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'n'. Using the following polymorphic shapes specifications: args[0].shape = (b, m, n). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 'm' = {1} from specification 'm' for dimension args[0].shape[1] (= {1}), 'n' = {2} from specification 'n' for dimension args[0].shape[2] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i64>, tensor<i64>, tensor<i64>) -> ()
    %69:3 = "func.call"(%61, %63, %65, %arg4) <{callee = @_wrapped_jax_export_main}> : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<?x?x?xf64>) -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>)
    "func.return"(%69#0, %69#1, %69#2) : (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>) -> ()
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
    %19:3 = "stablehlo.custom_call"(%arg3, %10, %16, %18) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1, 2, 3]> : tensor<3xi64>, mhlo.backend_config = {}} : (tensor<?x?x?xf64>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>)
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
    %54 = "stablehlo.convert"(%arg1) : (tensor<i64>) -> tensor<i32>
    %55 = "stablehlo.reshape"(%53) : (tensor<i32>) -> tensor<1xi32>
    %56 = "stablehlo.reshape"(%54) : (tensor<i32>) -> tensor<1xi32>
    %57 = "stablehlo.concatenate"(%55, %56) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %58 = "stablehlo.custom_call"(%27, %57) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {indices_of_shape_operands = dense<1> : tensor<1xi64>, mhlo.backend_config = {}} : (tensor<?x?xi32>, tensor<2xi32>) -> tensor<?x?xi32>
    "func.return"(%52, %27, %58) : (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?x?xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
