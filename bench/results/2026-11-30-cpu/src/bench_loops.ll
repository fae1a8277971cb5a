; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @lu_1024_1024_f64_loops(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, ptr %19, ptr %20, i64 %21) {
  %23 = insertvalue { ptr, ptr, i64 } poison, ptr %19, 0
  %24 = insertvalue { ptr, ptr, i64 } %23, ptr %20, 1
  %25 = insertvalue { ptr, ptr, i64 } %24, i64 %21, 2
  %26 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %14, 0
  %27 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, ptr %15, 1
  %28 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %27, i64 %16, 2
  %29 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %28, i64 %17, 3, 0
  %30 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %29, i64 %18, 4, 0
  %31 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %7, 0
  %32 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %31, ptr %8, 1
  %33 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %32, i64 %9, 2
  %34 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %33, i64 %10, 3, 0
  %35 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %34, i64 %12, 4, 0
  %36 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, i64 %11, 3, 1
  %37 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, i64 %13, 4, 1
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %0, 0
  %39 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, ptr %1, 1
  %40 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, i64 %2, 2
  %41 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %40, i64 %3, 3, 0
  %42 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, i64 %5, 4, 0
  %43 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, i64 %4, 3, 1
  %44 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %43, i64 %6, 4, 1
  %45 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 3, 0
  %46 = mul i64 %45, 1
  %47 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 3, 1
  %48 = mul i64 %46, %47
  %49 = mul i64 %48, 8
  %50 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 1
  %51 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 2
  %52 = getelementptr double, ptr %50, i64 %51
  %53 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %54 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 2
  %55 = getelementptr double, ptr %53, i64 %54
  call void @llvm.memcpy.p0.p0.i64(ptr %55, ptr %52, i64 %49, i1 false)
  br label %56

56:                                               ; preds = %161, %22
  %57 = phi i64 [ %166, %161 ], [ 0, %22 ]
  %58 = phi i32 [ %165, %161 ], [ 0, %22 ]
  %59 = icmp slt i64 %57, 1024
  br i1 %59, label %60, label %167

60:                                               ; preds = %56
  %61 = add i64 %57, 1
  %62 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %63 = mul nuw nsw i64 %57, 1024
  %64 = add nuw nsw i64 %63, %57
  %65 = getelementptr inbounds nuw double, ptr %62, i64 %64
  %66 = load double, ptr %65, align 8
  %67 = call double @llvm.fabs.f64(double %66)
  br label %68

68:                                               ; preds = %73, %60
  %69 = phi i64 [ %83, %73 ], [ %61, %60 ]
  %70 = phi double [ %81, %73 ], [ %67, %60 ]
  %71 = phi i64 [ %82, %73 ], [ %57, %60 ]
  %72 = icmp slt i64 %69, 1024
  br i1 %72, label %73, label %84

73:                                               ; preds = %68
  %74 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %75 = mul nuw nsw i64 %69, 1024
  %76 = add nuw nsw i64 %75, %57
  %77 = getelementptr inbounds nuw double, ptr %74, i64 %76
  %78 = load double, ptr %77, align 8
  %79 = call double @llvm.fabs.f64(double %78)
  %80 = fcmp ogt double %79, %70
  %81 = select i1 %80, double %79, double %70
  %82 = select i1 %80, i64 %69, i64 %71
  %83 = add i64 %69, 1
  br label %68

84:                                               ; preds = %68
  %85 = trunc i64 %71 to i32
  %86 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, 1
  %87 = getelementptr inbounds nuw i32, ptr %86, i64 %57
  store i32 %85, ptr %87, align 4
  %88 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %89 = mul nuw nsw i64 %71, 1024
  %90 = add nuw nsw i64 %89, %57
  %91 = getelementptr inbounds nuw double, ptr %88, i64 %90
  %92 = load double, ptr %91, align 8
  %93 = fcmp oeq double %92, 0.000000e+00
  %94 = xor i1 %93, true
  br i1 %94, label %95, label %161

95:                                               ; preds = %84
  %96 = icmp ne i64 %71, %57
  br i1 %96, label %97, label %122

97:                                               ; preds = %95
  br label %98

98:                                               ; preds = %101, %97
  %99 = phi i64 [ %120, %101 ], [ 0, %97 ]
  %100 = icmp slt i64 %99, 1024
  br i1 %100, label %101, label %121

101:                                              ; preds = %98
  %102 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %103 = mul nuw nsw i64 %57, 1024
  %104 = add nuw nsw i64 %103, %99
  %105 = getelementptr inbounds nuw double, ptr %102, i64 %104
  %106 = load double, ptr %105, align 8
  %107 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %108 = mul nuw nsw i64 %71, 1024
  %109 = add nuw nsw i64 %108, %99
  %110 = getelementptr inbounds nuw double, ptr %107, i64 %109
  %111 = load double, ptr %110, align 8
  %112 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %113 = mul nuw nsw i64 %57, 1024
  %114 = add nuw nsw i64 %113, %99
  %115 = getelementptr inbounds nuw double, ptr %112, i64 %114
  store double %111, ptr %115, align 8
  %116 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %117 = mul nuw nsw i64 %71, 1024
  %118 = add nuw nsw i64 %117, %99
  %119 = getelementptr inbounds nuw double, ptr %116, i64 %118
  store double %106, ptr %119, align 8
  %120 = add i64 %99, 1
  br label %98

121:                                              ; preds = %98
  br label %122

122:                                              ; preds = %121, %95
  br label %123

123:                                              ; preds = %158, %122
  %124 = phi i64 [ %159, %158 ], [ %61, %122 ]
  %125 = icmp slt i64 %124, 1024
  br i1 %125, label %126, label %160

126:                                              ; preds = %123
  %127 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %128 = mul nuw nsw i64 %124, 1024
  %129 = add nuw nsw i64 %128, %57
  %130 = getelementptr inbounds nuw double, ptr %127, i64 %129
  %131 = load double, ptr %130, align 8
  %132 = fdiv double %131, %92
  %133 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %134 = mul nuw nsw i64 %124, 1024
  %135 = add nuw nsw i64 %134, %57
  %136 = getelementptr inbounds nuw double, ptr %133, i64 %135
  store double %132, ptr %136, align 8
  br label %137

137:                                              ; preds = %140, %126
  %138 = phi i64 [ %157, %140 ], [ %61, %126 ]
  %139 = icmp slt i64 %138, 1024
  br i1 %139, label %140, label %158

140:                                              ; preds = %137
  %141 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %142 = mul nuw nsw i64 %124, 1024
  %143 = add nuw nsw i64 %142, %138
  %144 = getelementptr inbounds nuw double, ptr %141, i64 %143
  %145 = load double, ptr %144, align 8
  %146 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %147 = mul nuw nsw i64 %57, 1024
  %148 = add nuw nsw i64 %147, %138
  %149 = getelementptr inbounds nuw double, ptr %146, i64 %148
  %150 = load double, ptr %149, align 8
  %151 = fmul double %132, %150
  %152 = fsub double %145, %151
  %153 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %154 = mul nuw nsw i64 %124, 1024
  %155 = add nuw nsw i64 %154, %138
  %156 = getelementptr inbounds nuw double, ptr %153, i64 %155
  store double %152, ptr %156, align 8
  %157 = add i64 %138, 1
  br label %137

158:                                              ; preds = %137
  %159 = add i64 %124, 1
  br label %123

160:                                              ; preds = %123
  br label %161

161:                                              ; preds = %160, %84
  %162 = icmp eq i32 %58, 0
  %163 = and i1 %93, %162
  %164 = trunc i64 %61 to i32
  %165 = select i1 %163, i32 %164, i32 %58
  %166 = add i64 %57, 1
  br label %56

167:                                              ; preds = %56
  %168 = extractvalue { ptr, ptr, i64 } %25, 1
  store i32 %58, ptr %168, align 4
  ret void
}

define void @_mlir_ciface_lu_1024_1024_f64_loops(ptr %0, ptr %1, ptr %2, ptr %3) {
  %5 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %0, align 8
  %6 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 0
  %7 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 1
  %8 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 2
  %9 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 3, 0
  %10 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 3, 1
  %11 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 4, 0
  %12 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 4, 1
  %13 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %1, align 8
  %14 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 0
  %15 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 1
  %16 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 2
  %17 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3, 0
  %18 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3, 1
  %19 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4, 0
  %20 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4, 1
  %21 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %2, align 8
  %22 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 0
  %23 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 1
  %24 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 2
  %25 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 3, 0
  %26 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 4, 0
  %27 = load { ptr, ptr, i64 }, ptr %3, align 8
  %28 = extractvalue { ptr, ptr, i64 } %27, 0
  %29 = extractvalue { ptr, ptr, i64 } %27, 1
  %30 = extractvalue { ptr, ptr, i64 } %27, 2
  call void @lu_1024_1024_f64_loops(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20, ptr %22, ptr %23, i64 %24, i64 %25, i64 %26, ptr %28, ptr %29, i64 %30)
  ret void
}

define void @lu_2048_2048_f64_loops(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, ptr %19, ptr %20, i64 %21) {
  %23 = insertvalue { ptr, ptr, i64 } poison, ptr %19, 0
  %24 = insertvalue { ptr, ptr, i64 } %23, ptr %20, 1
  %25 = insertvalue { ptr, ptr, i64 } %24, i64 %21, 2
  %26 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %14, 0
  %27 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, ptr %15, 1
  %28 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %27, i64 %16, 2
  %29 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %28, i64 %17, 3, 0
  %30 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %29, i64 %18, 4, 0
  %31 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %7, 0
  %32 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %31, ptr %8, 1
  %33 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %32, i64 %9, 2
  %34 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %33, i64 %10, 3, 0
  %35 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %34, i64 %12, 4, 0
  %36 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, i64 %11, 3, 1
  %37 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, i64 %13, 4, 1
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %0, 0
  %39 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, ptr %1, 1
  %40 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, i64 %2, 2
  %41 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %40, i64 %3, 3, 0
  %42 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, i64 %5, 4, 0
  %43 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, i64 %4, 3, 1
  %44 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %43, i64 %6, 4, 1
  %45 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 3, 0
  %46 = mul i64 %45, 1
  %47 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 3, 1
  %48 = mul i64 %46, %47
  %49 = mul i64 %48, 8
  %50 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 1
  %51 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 2
  %52 = getelementptr double, ptr %50, i64 %51
  %53 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %54 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 2
  %55 = getelementptr double, ptr %53, i64 %54
  call void @llvm.memcpy.p0.p0.i64(ptr %55, ptr %52, i64 %49, i1 false)
  br label %56

56:                                               ; preds = %161, %22
  %57 = phi i64 [ %166, %161 ], [ 0, %22 ]
  %58 = phi i32 [ %165, %161 ], [ 0, %22 ]
  %59 = icmp slt i64 %57, 2048
  br i1 %59, label %60, label %167

60:                                               ; preds = %56
  %61 = add i64 %57, 1
  %62 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %63 = mul nuw nsw i64 %57, 2048
  %64 = add nuw nsw i64 %63, %57
  %65 = getelementptr inbounds nuw double, ptr %62, i64 %64
  %66 = load double, ptr %65, align 8
  %67 = call double @llvm.fabs.f64(double %66)
  br label %68

68:                                               ; preds = %73, %60
  %69 = phi i64 [ %83, %73 ], [ %61, %60 ]
  %70 = phi double [ %81, %73 ], [ %67, %60 ]
  %71 = phi i64 [ %82, %73 ], [ %57, %60 ]
  %72 = icmp slt i64 %69, 2048
  br i1 %72, label %73, label %84

73:                                               ; preds = %68
  %74 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %75 = mul nuw nsw i64 %69, 2048
  %76 = add nuw nsw i64 %75, %57
  %77 = getelementptr inbounds nuw double, ptr %74, i64 %76
  %78 = load double, ptr %77, align 8
  %79 = call double @llvm.fabs.f64(double %78)
  %80 = fcmp ogt double %79, %70
  %81 = select i1 %80, double %79, double %70
  %82 = select i1 %80, i64 %69, i64 %71
  %83 = add i64 %69, 1
  br label %68

84:                                               ; preds = %68
  %85 = trunc i64 %71 to i32
  %86 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, 1
  %87 = getelementptr inbounds nuw i32, ptr %86, i64 %57
  store i32 %85, ptr %87, align 4
  %88 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %89 = mul nuw nsw i64 %71, 2048
  %90 = add nuw nsw i64 %89, %57
  %91 = getelementptr inbounds nuw double, ptr %88, i64 %90
  %92 = load double, ptr %91, align 8
  %93 = fcmp oeq double %92, 0.000000e+00
  %94 = xor i1 %93, true
  br i1 %94, label %95, label %161

95:                                               ; preds = %84
  %96 = icmp ne i64 %71, %57
  br i1 %96, label %97, label %122

97:                                               ; preds = %95
  br label %98

98:                                               ; preds = %101, %97
  %99 = phi i64 [ %120, %101 ], [ 0, %97 ]
  %100 = icmp slt i64 %99, 2048
  br i1 %100, label %101, label %121

101:                                              ; preds = %98
  %102 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %103 = mul nuw nsw i64 %57, 2048
  %104 = add nuw nsw i64 %103, %99
  %105 = getelementptr inbounds nuw double, ptr %102, i64 %104
  %106 = load double, ptr %105, align 8
  %107 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %108 = mul nuw nsw i64 %71, 2048
  %109 = add nuw nsw i64 %108, %99
  %110 = getelementptr inbounds nuw double, ptr %107, i64 %109
  %111 = load double, ptr %110, align 8
  %112 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %113 = mul nuw nsw i64 %57, 2048
  %114 = add nuw nsw i64 %113, %99
  %115 = getelementptr inbounds nuw double, ptr %112, i64 %114
  store double %111, ptr %115, align 8
  %116 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %117 = mul nuw nsw i64 %71, 2048
  %118 = add nuw nsw i64 %117, %99
  %119 = getelementptr inbounds nuw double, ptr %116, i64 %118
  store double %106, ptr %119, align 8
  %120 = add i64 %99, 1
  br label %98

121:                                              ; preds = %98
  br label %122

122:                                              ; preds = %121, %95
  br label %123

123:                                              ; preds = %158, %122
  %124 = phi i64 [ %159, %158 ], [ %61, %122 ]
  %125 = icmp slt i64 %124, 2048
  br i1 %125, label %126, label %160

126:                                              ; preds = %123
  %127 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %128 = mul nuw nsw i64 %124, 2048
  %129 = add nuw nsw i64 %128, %57
  %130 = getelementptr inbounds nuw double, ptr %127, i64 %129
  %131 = load double, ptr %130, align 8
  %132 = fdiv double %131, %92
  %133 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %134 = mul nuw nsw i64 %124, 2048
  %135 = add nuw nsw i64 %134, %57
  %136 = getelementptr inbounds nuw double, ptr %133, i64 %135
  store double %132, ptr %136, align 8
  br label %137

137:                                              ; preds = %140, %126
  %138 = phi i64 [ %157, %140 ], [ %61, %126 ]
  %139 = icmp slt i64 %138, 2048
  br i1 %139, label %140, label %158

140:                                              ; preds = %137
  %141 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %142 = mul nuw nsw i64 %124, 2048
  %143 = add nuw nsw i64 %142, %138
  %144 = getelementptr inbounds nuw double, ptr %141, i64 %143
  %145 = load double, ptr %144, align 8
  %146 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %147 = mul nuw nsw i64 %57, 2048
  %148 = add nuw nsw i64 %147, %138
  %149 = getelementptr inbounds nuw double, ptr %146, i64 %148
  %150 = load double, ptr %149, align 8
  %151 = fmul double %132, %150
  %152 = fsub double %145, %151
  %153 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %154 = mul nuw nsw i64 %124, 2048
  %155 = add nuw nsw i64 %154, %138
  %156 = getelementptr inbounds nuw double, ptr %153, i64 %155
  store double %152, ptr %156, align 8
  %157 = add i64 %138, 1
  br label %137

158:                                              ; preds = %137
  %159 = add i64 %124, 1
  br label %123

160:                                              ; preds = %123
  br label %161

161:                                              ; preds = %160, %84
  %162 = icmp eq i32 %58, 0
  %163 = and i1 %93, %162
  %164 = trunc i64 %61 to i32
  %165 = select i1 %163, i32 %164, i32 %58
  %166 = add i64 %57, 1
  br label %56

167:                                              ; preds = %56
  %168 = extractvalue { ptr, ptr, i64 } %25, 1
  store i32 %58, ptr %168, align 4
  ret void
}

define void @_mlir_ciface_lu_2048_2048_f64_loops(ptr %0, ptr %1, ptr %2, ptr %3) {
  %5 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %0, align 8
  %6 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 0
  %7 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 1
  %8 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 2
  %9 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 3, 0
  %10 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 3, 1
  %11 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 4, 0
  %12 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 4, 1
  %13 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %1, align 8
  %14 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 0
  %15 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 1
  %16 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 2
  %17 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3, 0
  %18 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3, 1
  %19 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4, 0
  %20 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4, 1
  %21 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %2, align 8
  %22 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 0
  %23 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 1
  %24 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 2
  %25 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 3, 0
  %26 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 4, 0
  %27 = load { ptr, ptr, i64 }, ptr %3, align 8
  %28 = extractvalue { ptr, ptr, i64 } %27, 0
  %29 = extractvalue { ptr, ptr, i64 } %27, 1
  %30 = extractvalue { ptr, ptr, i64 } %27, 2
  call void @lu_2048_2048_f64_loops(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20, ptr %22, ptr %23, i64 %24, i64 %25, i64 %26, ptr %28, ptr %29, i64 %30)
  ret void
}

define void @lu_2048_2048_f32_loops(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, ptr %19, ptr %20, i64 %21) {
  %23 = insertvalue { ptr, ptr, i64 } poison, ptr %19, 0
  %24 = insertvalue { ptr, ptr, i64 } %23, ptr %20, 1
  %25 = insertvalue { ptr, ptr, i64 } %24, i64 %21, 2
  %26 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %14, 0
  %27 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, ptr %15, 1
  %28 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %27, i64 %16, 2
  %29 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %28, i64 %17, 3, 0
  %30 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %29, i64 %18, 4, 0
  %31 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %7, 0
  %32 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %31, ptr %8, 1
  %33 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %32, i64 %9, 2
  %34 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %33, i64 %10, 3, 0
  %35 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %34, i64 %12, 4, 0
  %36 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, i64 %11, 3, 1
  %37 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, i64 %13, 4, 1
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %0, 0
  %39 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, ptr %1, 1
  %40 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, i64 %2, 2
  %41 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %40, i64 %3, 3, 0
  %42 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, i64 %5, 4, 0
  %43 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, i64 %4, 3, 1
  %44 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %43, i64 %6, 4, 1
  %45 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 3, 0
  %46 = mul i64 %45, 1
  %47 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 3, 1
  %48 = mul i64 %46, %47
  %49 = mul i64 %48, 4
  %50 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 1
  %51 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 2
  %52 = getelementptr float, ptr %50, i64 %51
  %53 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %54 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 2
  %55 = getelementptr float, ptr %53, i64 %54
  call void @llvm.memcpy.p0.p0.i64(ptr %55, ptr %52, i64 %49, i1 false)
  br label %56

56:                                               ; preds = %161, %22
  %57 = phi i64 [ %166, %161 ], [ 0, %22 ]
  %58 = phi i32 [ %165, %161 ], [ 0, %22 ]
  %59 = icmp slt i64 %57, 2048
  br i1 %59, label %60, label %167

60:                                               ; preds = %56
  %61 = add i64 %57, 1
  %62 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %63 = mul nuw nsw i64 %57, 2048
  %64 = add nuw nsw i64 %63, %57
  %65 = getelementptr inbounds nuw float, ptr %62, i64 %64
  %66 = load float, ptr %65, align 4
  %67 = call float @llvm.fabs.f32(float %66)
  br label %68

68:                                               ; preds = %73, %60
  %69 = phi i64 [ %83, %73 ], [ %61, %60 ]
  %70 = phi float [ %81, %73 ], [ %67, %60 ]
  %71 = phi i64 [ %82, %73 ], [ %57, %60 ]
  %72 = icmp slt i64 %69, 2048
  br i1 %72, label %73, label %84

73:                                               ; preds = %68
  %74 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %75 = mul nuw nsw i64 %69, 2048
  %76 = add nuw nsw i64 %75, %57
  %77 = getelementptr inbounds nuw float, ptr %74, i64 %76
  %78 = load float, ptr %77, align 4
  %79 = call float @llvm.fabs.f32(float %78)
  %80 = fcmp ogt float %79, %70
  %81 = select i1 %80, float %79, float %70
  %82 = select i1 %80, i64 %69, i64 %71
  %83 = add i64 %69, 1
  br label %68

84:                                               ; preds = %68
  %85 = trunc i64 %71 to i32
  %86 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, 1
  %87 = getelementptr inbounds nuw i32, ptr %86, i64 %57
  store i32 %85, ptr %87, align 4
  %88 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %89 = mul nuw nsw i64 %71, 2048
  %90 = add nuw nsw i64 %89, %57
  %91 = getelementptr inbounds nuw float, ptr %88, i64 %90
  %92 = load float, ptr %91, align 4
  %93 = fcmp oeq float %92, 0.000000e+00
  %94 = xor i1 %93, true
  br i1 %94, label %95, label %161

95:                                               ; preds = %84
  %96 = icmp ne i64 %71, %57
  br i1 %96, label %97, label %122

97:                                               ; preds = %95
  br label %98

98:                                               ; preds = %101, %97
  %99 = phi i64 [ %120, %101 ], [ 0, %97 ]
  %100 = icmp slt i64 %99, 2048
  br i1 %100, label %101, label %121

101:                                              ; preds = %98
  %102 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %103 = mul nuw nsw i64 %57, 2048
  %104 = add nuw nsw i64 %103, %99
  %105 = getelementptr inbounds nuw float, ptr %102, i64 %104
  %106 = load float, ptr %105, align 4
  %107 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %108 = mul nuw nsw i64 %71, 2048
  %109 = add nuw nsw i64 %108, %99
  %110 = getelementptr inbounds nuw float, ptr %107, i64 %109
  %111 = load float, ptr %110, align 4
  %112 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %113 = mul nuw nsw i64 %57, 2048
  %114 = add nuw nsw i64 %113, %99
  %115 = getelementptr inbounds nuw float, ptr %112, i64 %114
  store float %111, ptr %115, align 4
  %116 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %117 = mul nuw nsw i64 %71, 2048
  %118 = add nuw nsw i64 %117, %99
  %119 = getelementptr inbounds nuw float, ptr %116, i64 %118
  store float %106, ptr %119, align 4
  %120 = add i64 %99, 1
  br label %98

121:                                              ; preds = %98
  br label %122

122:                                              ; preds = %121, %95
  br label %123

123:                                              ; preds = %158, %122
  %124 = phi i64 [ %159, %158 ], [ %61, %122 ]
  %125 = icmp slt i64 %124, 2048
  br i1 %125, label %126, label %160

126:                                              ; preds = %123
  %127 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %128 = mul nuw nsw i64 %124, 2048
  %129 = add nuw nsw i64 %128, %57
  %130 = getelementptr inbounds nuw float, ptr %127, i64 %129
  %131 = load float, ptr %130, align 4
  %132 = fdiv float %131, %92
  %133 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %134 = mul nuw nsw i64 %124, 2048
  %135 = add nuw nsw i64 %134, %57
  %136 = getelementptr inbounds nuw float, ptr %133, i64 %135
  store float %132, ptr %136, align 4
  br label %137

137:                                              ; preds = %140, %126
  %138 = phi i64 [ %157, %140 ], [ %61, %126 ]
  %139 = icmp slt i64 %138, 2048
  br i1 %139, label %140, label %158

140:                                              ; preds = %137
  %141 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %142 = mul nuw nsw i64 %124, 2048
  %143 = add nuw nsw i64 %142, %138
  %144 = getelementptr inbounds nuw float, ptr %141, i64 %143
  %145 = load float, ptr %144, align 4
  %146 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %147 = mul nuw nsw i64 %57, 2048
  %148 = add nuw nsw i64 %147, %138
  %149 = getelementptr inbounds nuw float, ptr %146, i64 %148
  %150 = load float, ptr %149, align 4
  %151 = fmul float %132, %150
  %152 = fsub float %145, %151
  %153 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %154 = mul nuw nsw i64 %124, 2048
  %155 = add nuw nsw i64 %154, %138
  %156 = getelementptr inbounds nuw float, ptr %153, i64 %155
  store float %152, ptr %156, align 4
  %157 = add i64 %138, 1
  br label %137

158:                                              ; preds = %137
  %159 = add i64 %124, 1
  br label %123

160:                                              ; preds = %123
  br label %161

161:                                              ; preds = %160, %84
  %162 = icmp eq i32 %58, 0
  %163 = and i1 %93, %162
  %164 = trunc i64 %61 to i32
  %165 = select i1 %163, i32 %164, i32 %58
  %166 = add i64 %57, 1
  br label %56

167:                                              ; preds = %56
  %168 = extractvalue { ptr, ptr, i64 } %25, 1
  store i32 %58, ptr %168, align 4
  ret void
}

define void @_mlir_ciface_lu_2048_2048_f32_loops(ptr %0, ptr %1, ptr %2, ptr %3) {
  %5 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %0, align 8
  %6 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 0
  %7 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 1
  %8 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 2
  %9 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 3, 0
  %10 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 3, 1
  %11 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 4, 0
  %12 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 4, 1
  %13 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %1, align 8
  %14 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 0
  %15 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 1
  %16 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 2
  %17 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3, 0
  %18 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3, 1
  %19 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4, 0
  %20 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4, 1
  %21 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %2, align 8
  %22 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 0
  %23 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 1
  %24 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 2
  %25 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 3, 0
  %26 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 4, 0
  %27 = load { ptr, ptr, i64 }, ptr %3, align 8
  %28 = extractvalue { ptr, ptr, i64 } %27, 0
  %29 = extractvalue { ptr, ptr, i64 } %27, 1
  %30 = extractvalue { ptr, ptr, i64 } %27, 2
  call void @lu_2048_2048_f32_loops(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20, ptr %22, ptr %23, i64 %24, i64 %25, i64 %26, ptr %28, ptr %29, i64 %30)
  ret void
}

define void @lu_4096_32_32_f64_loops(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, ptr %9, ptr %10, i64 %11, i64 %12, i64 %13, i64 %14, i64 %15, i64 %16, i64 %17, ptr %18, ptr %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %25, ptr %26, i64 %27, i64 %28, i64 %29) {
  %31 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %25, 0
  %32 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %31, ptr %26, 1
  %33 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %32, i64 %27, 2
  %34 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, i64 %28, 3, 0
  %35 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %34, i64 %29, 4, 0
  %36 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %18, 0
  %37 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, ptr %19, 1
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, i64 %20, 2
  %39 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, i64 %21, 3, 0
  %40 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, i64 %23, 4, 0
  %41 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %40, i64 %22, 3, 1
  %42 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, i64 %24, 4, 1
  %43 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } poison, ptr %9, 0
  %44 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %43, ptr %10, 1
  %45 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %44, i64 %11, 2
  %46 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %45, i64 %12, 3, 0
  %47 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %46, i64 %15, 4, 0
  %48 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %47, i64 %13, 3, 1
  %49 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %48, i64 %16, 4, 1
  %50 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %49, i64 %14, 3, 2
  %51 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %50, i64 %17, 4, 2
  %52 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } poison, ptr %0, 0
  %53 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %52, ptr %1, 1
  %54 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %53, i64 %2, 2
  %55 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %54, i64 %3, 3, 0
  %56 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %55, i64 %6, 4, 0
  %57 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %56, i64 %4, 3, 1
  %58 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %57, i64 %7, 4, 1
  %59 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %58, i64 %5, 3, 2
  %60 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %59, i64 %8, 4, 2
  %61 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 0
  %62 = mul i64 %61, 1
  %63 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 1
  %64 = mul i64 %62, %63
  %65 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 2
  %66 = mul i64 %64, %65
  %67 = mul i64 %66, 8
  %68 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 1
  %69 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 2
  %70 = getelementptr double, ptr %68, i64 %69
  %71 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %72 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 2
  %73 = getelementptr double, ptr %71, i64 %72
  call void @llvm.memcpy.p0.p0.i64(ptr %73, ptr %70, i64 %67, i1 false)
  br label %74

74:                                               ; preds = %215, %30
  %75 = phi i64 [ %218, %215 ], [ 0, %30 ]
  %76 = icmp slt i64 %75, 4096
  br i1 %76, label %77, label %219

77:                                               ; preds = %74
  br label %78

78:                                               ; preds = %209, %77
  %79 = phi i64 [ %214, %209 ], [ 0, %77 ]
  %80 = phi i32 [ %213, %209 ], [ 0, %77 ]
  %81 = icmp slt i64 %79, 32
  br i1 %81, label %82, label %215

82:                                               ; preds = %78
  %83 = add i64 %79, 1
  %84 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %85 = mul nuw nsw i64 %75, 1024
  %86 = mul nuw nsw i64 %79, 32
  %87 = add nuw nsw i64 %85, %86
  %88 = add nuw nsw i64 %87, %79
  %89 = getelementptr inbounds nuw double, ptr %84, i64 %88
  %90 = load double, ptr %89, align 8
  %91 = call double @llvm.fabs.f64(double %90)
  br label %92

92:                                               ; preds = %97, %82
  %93 = phi i64 [ %109, %97 ], [ %83, %82 ]
  %94 = phi double [ %107, %97 ], [ %91, %82 ]
  %95 = phi i64 [ %108, %97 ], [ %79, %82 ]
  %96 = icmp slt i64 %93, 32
  br i1 %96, label %97, label %110

97:                                               ; preds = %92
  %98 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %99 = mul nuw nsw i64 %75, 1024
  %100 = mul nuw nsw i64 %93, 32
  %101 = add nuw nsw i64 %99, %100
  %102 = add nuw nsw i64 %101, %79
  %103 = getelementptr inbounds nuw double, ptr %98, i64 %102
  %104 = load double, ptr %103, align 8
  %105 = call double @llvm.fabs.f64(double %104)
  %106 = fcmp ogt double %105, %94
  %107 = select i1 %106, double %105, double %94
  %108 = select i1 %106, i64 %93, i64 %95
  %109 = add i64 %93, 1
  br label %92

110:                                              ; preds = %92
  %111 = trunc i64 %95 to i32
  %112 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, 1
  %113 = mul nuw nsw i64 %75, 32
  %114 = add nuw nsw i64 %113, %79
  %115 = getelementptr inbounds nuw i32, ptr %112, i64 %114
  store i32 %111, ptr %115, align 4
  %116 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %117 = mul nuw nsw i64 %75, 1024
  %118 = mul nuw nsw i64 %95, 32
  %119 = add nuw nsw i64 %117, %118
  %120 = add nuw nsw i64 %119, %79
  %121 = getelementptr inbounds nuw double, ptr %116, i64 %120
  %122 = load double, ptr %121, align 8
  %123 = fcmp oeq double %122, 0.000000e+00
  %124 = xor i1 %123, true
  br i1 %124, label %125, label %209

125:                                              ; preds = %110
  %126 = icmp ne i64 %95, %79
  br i1 %126, label %127, label %160

127:                                              ; preds = %125
  br label %128

128:                                              ; preds = %131, %127
  %129 = phi i64 [ %158, %131 ], [ 0, %127 ]
  %130 = icmp slt i64 %129, 32
  br i1 %130, label %131, label %159

131:                                              ; preds = %128
  %132 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %133 = mul nuw nsw i64 %75, 1024
  %134 = mul nuw nsw i64 %79, 32
  %135 = add nuw nsw i64 %133, %134
  %136 = add nuw nsw i64 %135, %129
  %137 = getelementptr inbounds nuw double, ptr %132, i64 %136
  %138 = load double, ptr %137, align 8
  %139 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %140 = mul nuw nsw i64 %75, 1024
  %141 = mul nuw nsw i64 %95, 32
  %142 = add nuw nsw i64 %140, %141
  %143 = add nuw nsw i64 %142, %129
  %144 = getelementptr inbounds nuw double, ptr %139, i64 %143
  %145 = load double, ptr %144, align 8
  %146 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %147 = mul nuw nsw i64 %75, 1024
  %148 = mul nuw nsw i64 %79, 32
  %149 = add nuw nsw i64 %147, %148
  %150 = add nuw nsw i64 %149, %129
  %151 = getelementptr inbounds nuw double, ptr %146, i64 %150
  store double %145, ptr %151, align 8
  %152 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %153 = mul nuw nsw i64 %75, 1024
  %154 = mul nuw nsw i64 %95, 32
  %155 = add nuw nsw i64 %153, %154
  %156 = add nuw nsw i64 %155, %129
  %157 = getelementptr inbounds nuw double, ptr %152, i64 %156
  store double %138, ptr %157, align 8
  %158 = add i64 %129, 1
  br label %128

159:                                              ; preds = %128
  br label %160

160:                                              ; preds = %159, %125
  br label %161

161:                                              ; preds = %206, %160
  %162 = phi i64 [ %207, %206 ], [ %83, %160 ]
  %163 = icmp slt i64 %162, 32
  br i1 %163, label %164, label %208

164:                                              ; preds = %161
  %165 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %166 = mul nuw nsw i64 %75, 1024
  %167 = mul nuw nsw i64 %162, 32
  %168 = add nuw nsw i64 %166, %167
  %169 = add nuw nsw i64 %168, %79
  %170 = getelementptr inbounds nuw double, ptr %165, i64 %169
  %171 = load double, ptr %170, align 8
  %172 = fdiv double %171, %122
  %173 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %174 = mul nuw nsw i64 %75, 1024
  %175 = mul nuw nsw i64 %162, 32
  %176 = add nuw nsw i64 %174, %175
  %177 = add nuw nsw i64 %176, %79
  %178 = getelementptr inbounds nuw double, ptr %173, i64 %177
  store double %172, ptr %178, align 8
  br label %179

179:                                              ; preds = %182, %164
  %180 = phi i64 [ %205, %182 ], [ %83, %164 ]
  %181 = icmp slt i64 %180, 32
  br i1 %181, label %182, label %206

182:                                              ; preds = %179
  %183 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %184 = mul nuw nsw i64 %75, 1024
  %185 = mul nuw nsw i64 %162, 32
  %186 = add nuw nsw i64 %184, %185
  %187 = add nuw nsw i64 %186, %180
  %188 = getelementptr inbounds nuw double, ptr %183, i64 %187
  %189 = load double, ptr %188, align 8
  %190 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %191 = mul nuw nsw i64 %75, 1024
  %192 = mul nuw nsw i64 %79, 32
  %193 = add nuw nsw i64 %191, %192
  %194 = add nuw nsw i64 %193, %180
  %195 = getelementptr inbounds nuw double, ptr %190, i64 %194
  %196 = load double, ptr %195, align 8
  %197 = fmul double %172, %196
  %198 = fsub double %189, %197
  %199 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %200 = mul nuw nsw i64 %75, 1024
  %201 = mul nuw nsw i64 %162, 32
  %202 = add nuw nsw i64 %200, %201
  %203 = add nuw nsw i64 %202, %180
  %204 = getelementptr inbounds nuw double, ptr %199, i64 %203
  store double %198, ptr %204, align 8
  %205 = add i64 %180, 1
  br label %179

206:                                              ; preds = %179
  %207 = add i64 %162, 1
  br label %161

208:                                              ; preds = %161
  br label %209

209:                                              ; preds = %208, %110
  %210 = icmp eq i32 %80, 0
  %211 = and i1 %123, %210
  %212 = trunc i64 %83 to i32
  %213 = select i1 %211, i32 %212, i32 %80
  %214 = add i64 %79, 1
  br label %78

215:                                              ; preds = %78
  %216 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %35, 1
  %217 = getelementptr inbounds nuw i32, ptr %216, i64 %75
  store i32 %80, ptr %217, align 4
  %218 = add i64 %75, 1
  br label %74

219:                                              ; preds = %74
  ret void
}

define void @_mlir_ciface_lu_4096_32_32_f64_loops(ptr %0, ptr %1, ptr %2, ptr %3) {
  %5 = load { ptr, ptr, i64, [3 x i64], [3 x i64] }, ptr %0, align 8
  %6 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 0
  %7 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 1
  %8 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 2
  %9 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 0
  %10 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 1
  %11 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 2
  %12 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 0
  %13 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 1
  %14 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 2
  %15 = load { ptr, ptr, i64, [3 x i64], [3 x i64] }, ptr %1, align 8
  %16 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 0
  %17 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 1
  %18 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 2
  %19 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 0
  %20 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 1
  %21 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 2
  %22 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 0
  %23 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 1
  %24 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 2
  %25 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %2, align 8
  %26 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 0
  %27 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 1
  %28 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 2
  %29 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 3, 0
  %30 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 3, 1
  %31 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 4, 0
  %32 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 4, 1
  %33 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %3, align 8
  %34 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 0
  %35 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 1
  %36 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 2
  %37 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 3, 0
  %38 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 4, 0
  call void @lu_4096_32_32_f64_loops(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14, ptr %16, ptr %17, i64 %18, i64 %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %26, ptr %27, i64 %28, i64 %29, i64 %30, i64 %31, i64 %32, ptr %34, ptr %35, i64 %36, i64 %37, i64 %38)
  ret void
}

define void @lu_16384_16_16_f32_loops(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, ptr %9, ptr %10, i64 %11, i64 %12, i64 %13, i64 %14, i64 %15, i64 %16, i64 %17, ptr %18, ptr %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %25, ptr %26, i64 %27, i64 %28, i64 %29) {
  %31 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %25, 0
  %32 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %31, ptr %26, 1
  %33 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %32, i64 %27, 2
  %34 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, i64 %28, 3, 0
  %35 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %34, i64 %29, 4, 0
  %36 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %18, 0
  %37 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, ptr %19, 1
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, i64 %20, 2
  %39 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, i64 %21, 3, 0
  %40 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, i64 %23, 4, 0
  %41 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %40, i64 %22, 3, 1
  %42 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, i64 %24, 4, 1
  %43 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } poison, ptr %9, 0
  %44 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %43, ptr %10, 1
  %45 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %44, i64 %11, 2
  %46 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %45, i64 %12, 3, 0
  %47 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %46, i64 %15, 4, 0
  %48 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %47, i64 %13, 3, 1
  %49 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %48, i64 %16, 4, 1
  %50 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %49, i64 %14, 3, 2
  %51 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %50, i64 %17, 4, 2
  %52 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } poison, ptr %0, 0
  %53 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %52, ptr %1, 1
  %54 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %53, i64 %2, 2
  %55 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %54, i64 %3, 3, 0
  %56 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %55, i64 %6, 4, 0
  %57 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %56, i64 %4, 3, 1
  %58 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %57, i64 %7, 4, 1
  %59 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %58, i64 %5, 3, 2
  %60 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %59, i64 %8, 4, 2
  %61 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 0
  %62 = mul i64 %61, 1
  %63 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 1
  %64 = mul i64 %62, %63
  %65 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 2
  %66 = mul i64 %64, %65
  %67 = mul i64 %66, 4
  %68 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 1
  %69 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 2
  %70 = getelementptr float, ptr %68, i64 %69
  %71 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %72 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 2
  %73 = getelementptr float, ptr %71, i64 %72
  call void @llvm.memcpy.p0.p0.i64(ptr %73, ptr %70, i64 %67, i1 false)
  br label %74

74:                                               ; preds = %215, %30
  %75 = phi i64 [ %218, %215 ], [ 0, %30 ]
  %76 = icmp slt i64 %75, 16384
  br i1 %76, label %77, label %219

77:                                               ; preds = %74
  br label %78

78:                                               ; preds = %209, %77
  %79 = phi i64 [ %214, %209 ], [ 0, %77 ]
  %80 = phi i32 [ %213, %209 ], [ 0, %77 ]
  %81 = icmp slt i64 %79, 16
  br i1 %81, label %82, label %215

82:                                               ; preds = %78
  %83 = add i64 %79, 1
  %84 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %85 = mul nuw nsw i64 %75, 256
  %86 = mul nuw nsw i64 %79, 16
  %87 = add nuw nsw i64 %85, %86
  %88 = add nuw nsw i64 %87, %79
  %89 = getelementptr inbounds nuw float, ptr %84, i64 %88
  %90 = load float, ptr %89, align 4
  %91 = call float @llvm.fabs.f32(float %90)
  br label %92

92:                                               ; preds = %97, %82
  %93 = phi i64 [ %109, %97 ], [ %83, %82 ]
  %94 = phi float [ %107, %97 ], [ %91, %82 ]
  %95 = phi i64 [ %108, %97 ], [ %79, %82 ]
  %96 = icmp slt i64 %93, 16
  br i1 %96, label %97, label %110

97:                                               ; preds = %92
  %98 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %99 = mul nuw nsw i64 %75, 256
  %100 = mul nuw nsw i64 %93, 16
  %101 = add nuw nsw i64 %99, %100
  %102 = add nuw nsw i64 %101, %79
  %103 = getelementptr inbounds nuw float, ptr %98, i64 %102
  %104 = load float, ptr %103, align 4
  %105 = call float @llvm.fabs.f32(float %104)
  %106 = fcmp ogt float %105, %94
  %107 = select i1 %106, float %105, float %94
  %108 = select i1 %106, i64 %93, i64 %95
  %109 = add i64 %93, 1
  br label %92

110:                                              ; preds = %92
  %111 = trunc i64 %95 to i32
  %112 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, 1
  %113 = mul nuw nsw i64 %75, 16
  %114 = add nuw nsw i64 %113, %79
  %115 = getelementptr inbounds nuw i32, ptr %112, i64 %114
  store i32 %111, ptr %115, align 4
  %116 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %117 = mul nuw nsw i64 %75, 256
  %118 = mul nuw nsw i64 %95, 16
  %119 = add nuw nsw i64 %117, %118
  %120 = add nuw nsw i64 %119, %79
  %121 = getelementptr inbounds nuw float, ptr %116, i64 %120
  %122 = load float, ptr %121, align 4
  %123 = fcmp oeq float %122, 0.000000e+00
  %124 = xor i1 %123, true
  br i1 %124, label %125, label %209

125:                                              ; preds = %110
  %126 = icmp ne i64 %95, %79
  br i1 %126, label %127, label %160

127:                                              ; preds = %125
  br label %128

128:                                              ; preds = %131, %127
  %129 = phi i64 [ %158, %131 ], [ 0, %127 ]
  %130 = icmp slt i64 %129, 16
  br i1 %130, label %131, label %159

131:                                              ; preds = %128
  %132 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %133 = mul nuw nsw i64 %75, 256
  %134 = mul nuw nsw i64 %79, 16
  %135 = add nuw nsw i64 %133, %134
  %136 = add nuw nsw i64 %135, %129
  %137 = getelementptr inbounds nuw float, ptr %132, i64 %136
  %138 = load float, ptr %137, align 4
  %139 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %140 = mul nuw nsw i64 %75, 256
  %141 = mul nuw nsw i64 %95, 16
  %142 = add nuw nsw i64 %140, %141
  %143 = add nuw nsw i64 %142, %129
  %144 = getelementptr inbounds nuw float, ptr %139, i64 %143
  %145 = load float, ptr %144, align 4
  %146 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %147 = mul nuw nsw i64 %75, 256
  %148 = mul nuw nsw i64 %79, 16
  %149 = add nuw nsw i64 %147, %148
  %150 = add nuw nsw i64 %149, %129
  %151 = getelementptr inbounds nuw float, ptr %146, i64 %150
  store float %145, ptr %151, align 4
  %152 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %153 = mul nuw nsw i64 %75, 256
  %154 = mul nuw nsw i64 %95, 16
  %155 = add nuw nsw i64 %153, %154
  %156 = add nuw nsw i64 %155, %129
  %157 = getelementptr inbounds nuw float, ptr %152, i64 %156
  store float %138, ptr %157, align 4
  %158 = add i64 %129, 1
  br label %128

159:                                              ; preds = %128
  br label %160

160:                                              ; preds = %159, %125
  br label %161

161:                                              ; preds = %206, %160
  %162 = phi i64 [ %207, %206 ], [ %83, %160 ]
  %163 = icmp slt i64 %162, 16
  br i1 %163, label %164, label %208

164:                                              ; preds = %161
  %165 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %166 = mul nuw nsw i64 %75, 256
  %167 = mul nuw nsw i64 %162, 16
  %168 = add nuw nsw i64 %166, %167
  %169 = add nuw nsw i64 %168, %79
  %170 = getelementptr inbounds nuw float, ptr %165, i64 %169
  %171 = load float, ptr %170, align 4
  %172 = fdiv float %171, %122
  %173 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %174 = mul nuw nsw i64 %75, 256
  %175 = mul nuw nsw i64 %162, 16
  %176 = add nuw nsw i64 %174, %175
  %177 = add nuw nsw i64 %176, %79
  %178 = getelementptr inbounds nuw float, ptr %173, i64 %177
  store float %172, ptr %178, align 4
  br label %179

179:                                              ; preds = %182, %164
  %180 = phi i64 [ %205, %182 ], [ %83, %164 ]
  %181 = icmp slt i64 %180, 16
  br i1 %181, label %182, label %206

182:                                              ; preds = %179
  %183 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %184 = mul nuw nsw i64 %75, 256
  %185 = mul nuw nsw i64 %162, 16
  %186 = add nuw nsw i64 %184, %185
  %187 = add nuw nsw i64 %186, %180
  %188 = getelementptr inbounds nuw float, ptr %183, i64 %187
  %189 = load float, ptr %188, align 4
  %190 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %191 = mul nuw nsw i64 %75, 256
  %192 = mul nuw nsw i64 %79, 16
  %193 = add nuw nsw i64 %191, %192
  %194 = add nuw nsw i64 %193, %180
  %195 = getelementptr inbounds nuw float, ptr %190, i64 %194
  %196 = load float, ptr %195, align 4
  %197 = fmul float %172, %196
  %198 = fsub float %189, %197
  %199 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %200 = mul nuw nsw i64 %75, 256
  %201 = mul nuw nsw i64 %162, 16
  %202 = add nuw nsw i64 %200, %201
  %203 = add nuw nsw i64 %202, %180
  %204 = getelementptr inbounds nuw float, ptr %199, i64 %203
  store float %198, ptr %204, align 4
  %205 = add i64 %180, 1
  br label %179

206:                                              ; preds = %179
  %207 = add i64 %162, 1
  br label %161

208:                                              ; preds = %161
  br label %209

209:                                              ; preds = %208, %110
  %210 = icmp eq i32 %80, 0
  %211 = and i1 %123, %210
  %212 = trunc i64 %83 to i32
  %213 = select i1 %211, i32 %212, i32 %80
  %214 = add i64 %79, 1
  br label %78

215:                                              ; preds = %78
  %216 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %35, 1
  %217 = getelementptr inbounds nuw i32, ptr %216, i64 %75
  store i32 %80, ptr %217, align 4
  %218 = add i64 %75, 1
  br label %74

219:                                              ; preds = %74
  ret void
}

define void @_mlir_ciface_lu_16384_16_16_f32_loops(ptr %0, ptr %1, ptr %2, ptr %3) {
  %5 = load { ptr, ptr, i64, [3 x i64], [3 x i64] }, ptr %0, align 8
  %6 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 0
  %7 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 1
  %8 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 2
  %9 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 0
  %10 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 1
  %11 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 2
  %12 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 0
  %13 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 1
  %14 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 2
  %15 = load { ptr, ptr, i64, [3 x i64], [3 x i64] }, ptr %1, align 8
  %16 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 0
  %17 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 1
  %18 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 2
  %19 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 0
  %20 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 1
  %21 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 2
  %22 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 0
  %23 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 1
  %24 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 2
  %25 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %2, align 8
  %26 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 0
  %27 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 1
  %28 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 2
  %29 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 3, 0
  %30 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 3, 1
  %31 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 4, 0
  %32 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 4, 1
  %33 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %3, align 8
  %34 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 0
  %35 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 1
  %36 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 2
  %37 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 3, 0
  %38 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 4, 0
  call void @lu_16384_16_16_f32_loops(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14, ptr %16, ptr %17, i64 %18, i64 %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %26, ptr %27, i64 %28, i64 %29, i64 %30, i64 %31, i64 %32, ptr %34, ptr %35, i64 %36, i64 %37, i64 %38)
  ret void
}

define void @lu_64_75_75_f64_loops(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, ptr %9, ptr %10, i64 %11, i64 %12, i64 %13, i64 %14, i64 %15, i64 %16, i64 %17, ptr %18, ptr %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %25, ptr %26, i64 %27, i64 %28, i64 %29) {
  %31 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %25, 0
  %32 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %31, ptr %26, 1
  %33 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %32, i64 %27, 2
  %34 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, i64 %28, 3, 0
  %35 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %34, i64 %29, 4, 0
  %36 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %18, 0
  %37 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, ptr %19, 1
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, i64 %20, 2
  %39 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, i64 %21, 3, 0
  %40 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, i64 %23, 4, 0
  %41 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %40, i64 %22, 3, 1
  %42 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, i64 %24, 4, 1
  %43 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } poison, ptr %9, 0
  %44 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %43, ptr %10, 1
  %45 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %44, i64 %11, 2
  %46 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %45, i64 %12, 3, 0
  %47 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %46, i64 %15, 4, 0
  %48 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %47, i64 %13, 3, 1
  %49 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %48, i64 %16, 4, 1
  %50 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %49, i64 %14, 3, 2
  %51 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %50, i64 %17, 4, 2
  %52 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } poison, ptr %0, 0
  %53 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %52, ptr %1, 1
  %54 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %53, i64 %2, 2
  %55 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %54, i64 %3, 3, 0
  %56 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %55, i64 %6, 4, 0
  %57 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %56, i64 %4, 3, 1
  %58 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %57, i64 %7, 4, 1
  %59 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %58, i64 %5, 3, 2
  %60 = insertvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %59, i64 %8, 4, 2
  %61 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 0
  %62 = mul i64 %61, 1
  %63 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 1
  %64 = mul i64 %62, %63
  %65 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 3, 2
  %66 = mul i64 %64, %65
  %67 = mul i64 %66, 8
  %68 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 1
  %69 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %60, 2
  %70 = getelementptr double, ptr %68, i64 %69
  %71 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %72 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 2
  %73 = getelementptr double, ptr %71, i64 %72
  call void @llvm.memcpy.p0.p0.i64(ptr %73, ptr %70, i64 %67, i1 false)
  br label %74

74:                                               ; preds = %215, %30
  %75 = phi i64 [ %218, %215 ], [ 0, %30 ]
  %76 = icmp slt i64 %75, 64
  br i1 %76, label %77, label %219

77:                                               ; preds = %74
  br label %78

78:                                               ; preds = %209, %77
  %79 = phi i64 [ %214, %209 ], [ 0, %77 ]
  %80 = phi i32 [ %213, %209 ], [ 0, %77 ]
  %81 = icmp slt i64 %79, 75
  br i1 %81, label %82, label %215

82:                                               ; preds = %78
  %83 = add i64 %79, 1
  %84 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %85 = mul nuw nsw i64 %75, 5625
  %86 = mul nuw nsw i64 %79, 75
  %87 = add nuw nsw i64 %85, %86
  %88 = add nuw nsw i64 %87, %79
  %89 = getelementptr inbounds nuw double, ptr %84, i64 %88
  %90 = load double, ptr %89, align 8
  %91 = call double @llvm.fabs.f64(double %90)
  br label %92

92:                                               ; preds = %97, %82
  %93 = phi i64 [ %109, %97 ], [ %83, %82 ]
  %94 = phi double [ %107, %97 ], [ %91, %82 ]
  %95 = phi i64 [ %108, %97 ], [ %79, %82 ]
  %96 = icmp slt i64 %93, 75
  br i1 %96, label %97, label %110

97:                                               ; preds = %92
  %98 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %99 = mul nuw nsw i64 %75, 5625
  %100 = mul nuw nsw i64 %93, 75
  %101 = add nuw nsw i64 %99, %100
  %102 = add nuw nsw i64 %101, %79
  %103 = getelementptr inbounds nuw double, ptr %98, i64 %102
  %104 = load double, ptr %103, align 8
  %105 = call double @llvm.fabs.f64(double %104)
  %106 = fcmp ogt double %105, %94
  %107 = select i1 %106, double %105, double %94
  %108 = select i1 %106, i64 %93, i64 %95
  %109 = add i64 %93, 1
  br label %92

110:                                              ; preds = %92
  %111 = trunc i64 %95 to i32
  %112 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, 1
  %113 = mul nuw nsw i64 %75, 75
  %114 = add nuw nsw i64 %113, %79
  %115 = getelementptr inbounds nuw i32, ptr %112, i64 %114
  store i32 %111, ptr %115, align 4
  %116 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %117 = mul nuw nsw i64 %75, 5625
  %118 = mul nuw nsw i64 %95, 75
  %119 = add nuw nsw i64 %117, %118
  %120 = add nuw nsw i64 %119, %79
  %121 = getelementptr inbounds nuw double, ptr %116, i64 %120
  %122 = load double, ptr %121, align 8
  %123 = fcmp oeq double %122, 0.000000e+00
  %124 = xor i1 %123, true
  br i1 %124, label %125, label %209

125:                                              ; preds = %110
  %126 = icmp ne i64 %95, %79
  br i1 %126, label %127, label %160

127:                                              ; preds = %125
  br label %128

128:                                              ; preds = %131, %127
  %129 = phi i64 [ %158, %131 ], [ 0, %127 ]
  %130 = icmp slt i64 %129, 75
  br i1 %130, label %131, label %159

131:                                              ; preds = %128
  %132 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %133 = mul nuw nsw i64 %75, 5625
  %134 = mul nuw nsw i64 %79, 75
  %135 = add nuw nsw i64 %133, %134
  %136 = add nuw nsw i64 %135, %129
  %137 = getelementptr inbounds nuw double, ptr %132, i64 %136
  %138 = load double, ptr %137, align 8
  %139 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %140 = mul nuw nsw i64 %75, 5625
  %141 = mul nuw nsw i64 %95, 75
  %142 = add nuw nsw i64 %140, %141
  %143 = add nuw nsw i64 %142, %129
  %144 = getelementptr inbounds nuw double, ptr %139, i64 %143
  %145 = load double, ptr %144, align 8
  %146 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %147 = mul nuw nsw i64 %75, 5625
  %148 = mul nuw nsw i64 %79, 75
  %149 = add nuw nsw i64 %147, %148
  %150 = add nuw nsw i64 %149, %129
  %151 = getelementptr inbounds nuw double, ptr %146, i64 %150
  store double %145, ptr %151, align 8
  %152 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %153 = mul nuw nsw i64 %75, 5625
  %154 = mul nuw nsw i64 %95, 75
  %155 = add nuw nsw i64 %153, %154
  %156 = add nuw nsw i64 %155, %129
  %157 = getelementptr inbounds nuw double, ptr %152, i64 %156
  store double %138, ptr %157, align 8
  %158 = add i64 %129, 1
  br label %128

159:                                              ; preds = %128
  br label %160

160:                                              ; preds = %159, %125
  br label %161

161:                                              ; preds = %206, %160
  %162 = phi i64 [ %207, %206 ], [ %83, %160 ]
  %163 = icmp slt i64 %162, 75
  br i1 %163, label %164, label %208

164:                                              ; preds = %161
  %165 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %166 = mul nuw nsw i64 %75, 5625
  %167 = mul nuw nsw i64 %162, 75
  %168 = add nuw nsw i64 %166, %167
  %169 = add nuw nsw i64 %168, %79
  %170 = getelementptr inbounds nuw double, ptr %165, i64 %169
  %171 = load double, ptr %170, align 8
  %172 = fdiv double %171, %122
  %173 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %174 = mul nuw nsw i64 %75, 5625
  %175 = mul nuw nsw i64 %162, 75
  %176 = add nuw nsw i64 %174, %175
  %177 = add nuw nsw i64 %176, %79
  %178 = getelementptr inbounds nuw double, ptr %173, i64 %177
  store double %172, ptr %178, align 8
  br label %179

179:                                              ; preds = %182, %164
  %180 = phi i64 [ %205, %182 ], [ %83, %164 ]
  %181 = icmp slt i64 %180, 75
  br i1 %181, label %182, label %206

182:                                              ; preds = %179
  %183 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %184 = mul nuw nsw i64 %75, 5625
  %185 = mul nuw nsw i64 %162, 75
  %186 = add nuw nsw i64 %184, %185
  %187 = add nuw nsw i64 %186, %180
  %188 = getelementptr inbounds nuw double, ptr %183, i64 %187
  %189 = load double, ptr %188, align 8
  %190 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %191 = mul nuw nsw i64 %75, 5625
  %192 = mul nuw nsw i64 %79, 75
  %193 = add nuw nsw i64 %191, %192
  %194 = add nuw nsw i64 %193, %180
  %195 = getelementptr inbounds nuw double, ptr %190, i64 %194
  %196 = load double, ptr %195, align 8
  %197 = fmul double %172, %196
  %198 = fsub double %189, %197
  %199 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %200 = mul nuw nsw i64 %75, 5625
  %201 = mul nuw nsw i64 %162, 75
  %202 = add nuw nsw i64 %200, %201
  %203 = add nuw nsw i64 %202, %180
  %204 = getelementptr inbounds nuw double, ptr %199, i64 %203
  store double %198, ptr %204, align 8
  %205 = add i64 %180, 1
  br label %179

206:                                              ; preds = %179
  %207 = add i64 %162, 1
  br label %161

208:                                              ; preds = %161
  br label %209

209:                                              ; preds = %208, %110
  %210 = icmp eq i32 %80, 0
  %211 = and i1 %123, %210
  %212 = trunc i64 %83 to i32
  %213 = select i1 %211, i32 %212, i32 %80
  %214 = add i64 %79, 1
  br label %78

215:                                              ; preds = %78
  %216 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %35, 1
  %217 = getelementptr inbounds nuw i32, ptr %216, i64 %75
  store i32 %80, ptr %217, align 4
  %218 = add i64 %75, 1
  br label %74

219:                                              ; preds = %74
  ret void
}

define void @_mlir_ciface_lu_64_75_75_f64_loops(ptr %0, ptr %1, ptr %2, ptr %3) {
  %5 = load { ptr, ptr, i64, [3 x i64], [3 x i64] }, ptr %0, align 8
  %6 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 0
  %7 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 1
  %8 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 2
  %9 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 0
  %10 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 1
  %11 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 3, 2
  %12 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 0
  %13 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 1
  %14 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %5, 4, 2
  %15 = load { ptr, ptr, i64, [3 x i64], [3 x i64] }, ptr %1, align 8
  %16 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 0
  %17 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 1
  %18 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 2
  %19 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 0
  %20 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 1
  %21 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 3, 2
  %22 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 0
  %23 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 1
  %24 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %15, 4, 2
  %25 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %2, align 8
  %26 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 0
  %27 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 1
  %28 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 2
  %29 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 3, 0
  %30 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 3, 1
  %31 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 4, 0
  %32 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 4, 1
  %33 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %3, align 8
  %34 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 0
  %35 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 1
  %36 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 2
  %37 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 3, 0
  %38 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 4, 0
  call void @lu_64_75_75_f64_loops(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14, ptr %16, ptr %17, i64 %18, i64 %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %26, ptr %27, i64 %28, i64 %29, i64 %30, i64 %31, i64 %32, ptr %34, ptr %35, i64 %36, i64 %37, i64 %38)
  ret void
}

define void @lu_75_75_f64_loops(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, ptr %19, ptr %20, i64 %21) {
  %23 = insertvalue { ptr, ptr, i64 } poison, ptr %19, 0
  %24 = insertvalue { ptr, ptr, i64 } %23, ptr %20, 1
  %25 = insertvalue { ptr, ptr, i64 } %24, i64 %21, 2
  %26 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %14, 0
  %27 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, ptr %15, 1
  %28 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %27, i64 %16, 2
  %29 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %28, i64 %17, 3, 0
  %30 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %29, i64 %18, 4, 0
  %31 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %7, 0
  %32 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %31, ptr %8, 1
  %33 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %32, i64 %9, 2
  %34 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %33, i64 %10, 3, 0
  %35 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %34, i64 %12, 4, 0
  %36 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, i64 %11, 3, 1
  %37 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, i64 %13, 4, 1
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %0, 0
  %39 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, ptr %1, 1
  %40 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, i64 %2, 2
  %41 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %40, i64 %3, 3, 0
  %42 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, i64 %5, 4, 0
  %43 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, i64 %4, 3, 1
  %44 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %43, i64 %6, 4, 1
  %45 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 3, 0
  %46 = mul i64 %45, 1
  %47 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 3, 1
  %48 = mul i64 %46, %47
  %49 = mul i64 %48, 8
  %50 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 1
  %51 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 2
  %52 = getelementptr double, ptr %50, i64 %51
  %53 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %54 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 2
  %55 = getelementptr double, ptr %53, i64 %54
  call void @llvm.memcpy.p0.p0.i64(ptr %55, ptr %52, i64 %49, i1 false)
  br label %56

56:                                               ; preds = %161, %22
  %57 = phi i64 [ %166, %161 ], [ 0, %22 ]
  %58 = phi i32 [ %165, %161 ], [ 0, %22 ]
  %59 = icmp slt i64 %57, 75
  br i1 %59, label %60, label %167

60:                                               ; preds = %56
  %61 = add i64 %57, 1
  %62 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %63 = mul nuw nsw i64 %57, 75
  %64 = add nuw nsw i64 %63, %57
  %65 = getelementptr inbounds nuw double, ptr %62, i64 %64
  %66 = load double, ptr %65, align 8
  %67 = call double @llvm.fabs.f64(double %66)
  br label %68

68:                                               ; preds = %73, %60
  %69 = phi i64 [ %83, %73 ], [ %61, %60 ]
  %70 = phi double [ %81, %73 ], [ %67, %60 ]
  %71 = phi i64 [ %82, %73 ], [ %57, %60 ]
  %72 = icmp slt i64 %69, 75
  br i1 %72, label %73, label %84

73:                                               ; preds = %68
  %74 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %75 = mul nuw nsw i64 %69, 75
  %76 = add nuw nsw i64 %75, %57
  %77 = getelementptr inbounds nuw double, ptr %74, i64 %76
  %78 = load double, ptr %77, align 8
  %79 = call double @llvm.fabs.f64(double %78)
  %80 = fcmp ogt double %79, %70
  %81 = select i1 %80, double %79, double %70
  %82 = select i1 %80, i64 %69, i64 %71
  %83 = add i64 %69, 1
  br label %68

84:                                               ; preds = %68
  %85 = trunc i64 %71 to i32
  %86 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, 1
  %87 = getelementptr inbounds nuw i32, ptr %86, i64 %57
  store i32 %85, ptr %87, align 4
  %88 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %89 = mul nuw nsw i64 %71, 75
  %90 = add nuw nsw i64 %89, %57
  %91 = getelementptr inbounds nuw double, ptr %88, i64 %90
  %92 = load double, ptr %91, align 8
  %93 = fcmp oeq double %92, 0.000000e+00
  %94 = xor i1 %93, true
  br i1 %94, label %95, label %161

95:                                               ; preds = %84
  %96 = icmp ne i64 %71, %57
  br i1 %96, label %97, label %122

97:                                               ; preds = %95
  br label %98

98:                                               ; preds = %101, %97
  %99 = phi i64 [ %120, %101 ], [ 0, %97 ]
  %100 = icmp slt i64 %99, 75
  br i1 %100, label %101, label %121

101:                                              ; preds = %98
  %102 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %103 = mul nuw nsw i64 %57, 75
  %104 = add nuw nsw i64 %103, %99
  %105 = getelementptr inbounds nuw double, ptr %102, i64 %104
  %106 = load double, ptr %105, align 8
  %107 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %108 = mul nuw nsw i64 %71, 75
  %109 = add nuw nsw i64 %108, %99
  %110 = getelementptr inbounds nuw double, ptr %107, i64 %109
  %111 = load double, ptr %110, align 8
  %112 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %113 = mul nuw nsw i64 %57, 75
  %114 = add nuw nsw i64 %113, %99
  %115 = getelementptr inbounds nuw double, ptr %112, i64 %114
  store double %111, ptr %115, align 8
  %116 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %117 = mul nuw nsw i64 %71, 75
  %118 = add nuw nsw i64 %117, %99
  %119 = getelementptr inbounds nuw double, ptr %116, i64 %118
  store double %106, ptr %119, align 8
  %120 = add i64 %99, 1
  br label %98

121:                                              ; preds = %98
  br label %122

122:                                              ; preds = %121, %95
  br label %123

123:                                              ; preds = %158, %122
  %124 = phi i64 [ %159, %158 ], [ %61, %122 ]
  %125 = icmp slt i64 %124, 75
  br i1 %125, label %126, label %160

126:                                              ; preds = %123
  %127 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %128 = mul nuw nsw i64 %124, 75
  %129 = add nuw nsw i64 %128, %57
  %130 = getelementptr inbounds nuw double, ptr %127, i64 %129
  %131 = load double, ptr %130, align 8
  %132 = fdiv double %131, %92
  %133 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %134 = mul nuw nsw i64 %124, 75
  %135 = add nuw nsw i64 %134, %57
  %136 = getelementptr inbounds nuw double, ptr %133, i64 %135
  store double %132, ptr %136, align 8
  br label %137

137:                                              ; preds = %140, %126
  %138 = phi i64 [ %157, %140 ], [ %61, %126 ]
  %139 = icmp slt i64 %138, 75
  br i1 %139, label %140, label %158

140:                                              ; preds = %137
  %141 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %142 = mul nuw nsw i64 %124, 75
  %143 = add nuw nsw i64 %142, %138
  %144 = getelementptr inbounds nuw double, ptr %141, i64 %143
  %145 = load double, ptr %144, align 8
  %146 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %147 = mul nuw nsw i64 %57, 75
  %148 = add nuw nsw i64 %147, %138
  %149 = getelementptr inbounds nuw double, ptr %146, i64 %148
  %150 = load double, ptr %149, align 8
  %151 = fmul double %132, %150
  %152 = fsub double %145, %151
  %153 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %154 = mul nuw nsw i64 %124, 75
  %155 = add nuw nsw i64 %154, %138
  %156 = getelementptr inbounds nuw double, ptr %153, i64 %155
  store double %152, ptr %156, align 8
  %157 = add i64 %138, 1
  br label %137

158:                                              ; preds = %137
  %159 = add i64 %124, 1
  br label %123

160:                                              ; preds = %123
  br label %161

161:                                              ; preds = %160, %84
  %162 = icmp eq i32 %58, 0
  %163 = and i1 %93, %162
  %164 = trunc i64 %61 to i32
  %165 = select i1 %163, i32 %164, i32 %58
  %166 = add i64 %57, 1
  br label %56

167:                                              ; preds = %56
  %168 = extractvalue { ptr, ptr, i64 } %25, 1
  store i32 %58, ptr %168, align 4
  ret void
}

define void @_mlir_ciface_lu_75_75_f64_loops(ptr %0, ptr %1, ptr %2, ptr %3) {
  %5 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %0, align 8
  %6 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 0
  %7 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 1
  %8 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 2
  %9 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 3, 0
  %10 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 3, 1
  %11 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 4, 0
  %12 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %5, 4, 1
  %13 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %1, align 8
  %14 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 0
  %15 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 1
  %16 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 2
  %17 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3, 0
  %18 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3, 1
  %19 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4, 0
  %20 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4, 1
  %21 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %2, align 8
  %22 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 0
  %23 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 1
  %24 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 2
  %25 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 3, 0
  %26 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, 4, 0
  %27 = load { ptr, ptr, i64 }, ptr %3, align 8
  %28 = extractvalue { ptr, ptr, i64 } %27, 0
  %29 = extractvalue { ptr, ptr, i64 } %27, 1
  %30 = extractvalue { ptr, ptr, i64 } %27, 2
  call void @lu_75_75_f64_loops(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20, ptr %22, ptr %23, i64 %24, i64 %25, i64 %26, ptr %28, ptr %29, i64 %30)
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fabs.f64(double) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #1

attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
