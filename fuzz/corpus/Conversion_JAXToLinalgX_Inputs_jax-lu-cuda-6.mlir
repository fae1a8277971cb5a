"builtin.module"() <{sym_name = "jit_lu_bx5x5_f32"}> ({
  "func.func"() <{function_type = (tensor<?x5x5xf32>) -> (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg2: tensor<?x5x5xf32>):
    %40 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %41 = "stablehlo.get_dimension_size"(%arg2) <{dimension = 0 : i64}> : (tensor<?x5x5xf32>) -> tensor<i32>
    %42 = "stablehlo.convert"(%41) : (tensor<i32>) -> tensor<i64>
    %43 = "stablehlo.compare"(%42, %40) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.custom_call"(%43, %42) <{api_version = 2 : i32, call_target_name = "shape_assertion", has_side_effect = true}> {error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 5, 5). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."} : (tensor<i1>, tensor<i64>) -> ()
    %44:3 = "func.call"(%42, %arg2) <{callee = @_wrapped_jax_export_main}> : (tensor<i64>, tensor<?x5x5xf32>) -> (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>)
    "func.return"(%44#0, %44#1, %44#2) : (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {}], function_type = (tensor<i64>, tensor<?x5x5xf32>) -> (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}], sym_name = "_wrapped_jax_export_main", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<?x5x5xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.constant"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %3 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %4 = "stablehlo.constant"() <{value = dense<5> : tensor<1xi32>}> : () -> tensor<1xi32>
    %5 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %6 = "stablehlo.reshape"(%5) : (tensor<i32>) -> tensor<1xi32>
    %7 = "stablehlo.concatenate"(%6, %4, %4) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %8 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %9 = "stablehlo.reshape"(%8) : (tensor<i32>) -> tensor<1xi32>
    %10 = "stablehlo.concatenate"(%9, %4) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %11 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %12 = "stablehlo.reshape"(%11) : (tensor<i32>) -> tensor<1xi32>
    %13:3 = "stablehlo.custom_call"(%arg1, %7, %10, %12) <{call_target_name = "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]}> {indices_of_shape_operands = dense<[1, 2, 3]> : tensor<3xi64>, mhlo.backend_config = {}} : (tensor<?x5x5xf32>, tensor<3xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?xi32>)
    %14 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %15 = "stablehlo.reshape"(%14) : (tensor<i32>) -> tensor<1xi32>
    %16 = "stablehlo.concatenate"(%15, %4) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %17 = "stablehlo.dynamic_broadcast_in_dim"(%3, %16) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<2xi32>) -> tensor<?x5xi32>
    %18 = "stablehlo.subtract"(%13#1, %17) : (tensor<?x5xi32>, tensor<?x5xi32>) -> tensor<?x5xi32>
    %19 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %20 = "stablehlo.reshape"(%19) : (tensor<i32>) -> tensor<1xi32>
    %21 = "stablehlo.dynamic_broadcast_in_dim"(%2, %20) <{broadcast_dimensions = array<i64>}> : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
    %22 = "stablehlo.compare"(%13#2, %21) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi1>
    %23 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %24 = "stablehlo.reshape"(%23) : (tensor<i32>) -> tensor<1xi32>
    %25 = "stablehlo.concatenate"(%24, %1, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %26 = "stablehlo.dynamic_broadcast_in_dim"(%22, %25) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xi1>, tensor<3xi32>) -> tensor<?x1x1xi1>
    %27 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %28 = "stablehlo.reshape"(%27) : (tensor<i32>) -> tensor<1xi32>
    %29 = "stablehlo.concatenate"(%28, %4, %4) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %30 = "stablehlo.dynamic_broadcast_in_dim"(%0, %29) <{broadcast_dimensions = array<i64>}> : (tensor<f32>, tensor<3xi32>) -> tensor<?x5x5xf32>
    %31 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %32 = "stablehlo.reshape"(%31) : (tensor<i32>) -> tensor<1xi32>
    %33 = "stablehlo.concatenate"(%32, %4, %4) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %34 = "stablehlo.dynamic_broadcast_in_dim"(%26, %33) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<?x1x1xi1>, tensor<3xi32>) -> tensor<?x5x5xi1>
    %35 = "stablehlo.select"(%34, %13#0, %30) : (tensor<?x5x5xi1>, tensor<?x5x5xf32>, tensor<?x5x5xf32>) -> tensor<?x5x5xf32>
    %36 = "stablehlo.convert"(%arg0) : (tensor<i64>) -> tensor<i32>
    %37 = "stablehlo.reshape"(%36) : (tensor<i32>) -> tensor<1xi32>
    %38 = "stablehlo.concatenate"(%37, %4) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %39 = "stablehlo.custom_call"(%18, %38) <{call_target_name = "cu_lu_pivots_to_permutation", operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> {indices_of_shape_operands = dense<1> : tensor<1xi64>, mhlo.backend_config = {}} : (tensor<?x5xi32>, tensor<2xi32>) -> tensor<?x5xi32>
    "func.return"(%35, %18, %39) : (tensor<?x5x5xf32>, tensor<?x5xi32>, tensor<?x5xi32>) -> ()
  }) : () -> ()
}) {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
