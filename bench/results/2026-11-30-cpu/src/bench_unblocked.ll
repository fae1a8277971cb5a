; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

declare void @linalgxCpuGetrf(i32, i32, ptr, ptr, ptr, i64, i64, i64, i32)

define void @lu_1024_1024_f64_unblocked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, ptr %19, ptr %20, i64 %21) {
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
  %56 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %57 = ptrtoint ptr %56 to i64
  %58 = inttoptr i64 %57 to ptr
  %59 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, 1
  %60 = ptrtoint ptr %59 to i64
  %61 = inttoptr i64 %60 to ptr
  %62 = extractvalue { ptr, ptr, i64 } %25, 1
  %63 = ptrtoint ptr %62 to i64
  %64 = inttoptr i64 %63 to ptr
  call void @linalgxCpuGetrf(i32 1, i32 32, ptr %58, ptr %61, ptr %64, i64 1, i64 1024, i64 1024, i32 2)
  ret void
}

define void @_mlir_ciface_lu_1024_1024_f64_unblocked(ptr %0, ptr %1, ptr %2, ptr %3) {
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
  call void @lu_1024_1024_f64_unblocked(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20, ptr %22, ptr %23, i64 %24, i64 %25, i64 %26, ptr %28, ptr %29, i64 %30)
  ret void
}

define void @lu_2048_2048_f64_unblocked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, ptr %19, ptr %20, i64 %21) {
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
  %56 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %57 = ptrtoint ptr %56 to i64
  %58 = inttoptr i64 %57 to ptr
  %59 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, 1
  %60 = ptrtoint ptr %59 to i64
  %61 = inttoptr i64 %60 to ptr
  %62 = extractvalue { ptr, ptr, i64 } %25, 1
  %63 = ptrtoint ptr %62 to i64
  %64 = inttoptr i64 %63 to ptr
  call void @linalgxCpuGetrf(i32 1, i32 32, ptr %58, ptr %61, ptr %64, i64 1, i64 2048, i64 2048, i32 2)
  ret void
}

define void @_mlir_ciface_lu_2048_2048_f64_unblocked(ptr %0, ptr %1, ptr %2, ptr %3) {
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
  call void @lu_2048_2048_f64_unblocked(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20, ptr %22, ptr %23, i64 %24, i64 %25, i64 %26, ptr %28, ptr %29, i64 %30)
  ret void
}

define void @lu_2048_2048_f32_unblocked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, ptr %19, ptr %20, i64 %21) {
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
  %56 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %57 = ptrtoint ptr %56 to i64
  %58 = inttoptr i64 %57 to ptr
  %59 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, 1
  %60 = ptrtoint ptr %59 to i64
  %61 = inttoptr i64 %60 to ptr
  %62 = extractvalue { ptr, ptr, i64 } %25, 1
  %63 = ptrtoint ptr %62 to i64
  %64 = inttoptr i64 %63 to ptr
  call void @linalgxCpuGetrf(i32 0, i32 32, ptr %58, ptr %61, ptr %64, i64 1, i64 2048, i64 2048, i32 2)
  ret void
}

define void @_mlir_ciface_lu_2048_2048_f32_unblocked(ptr %0, ptr %1, ptr %2, ptr %3) {
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
  call void @lu_2048_2048_f32_unblocked(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20, ptr %22, ptr %23, i64 %24, i64 %25, i64 %26, ptr %28, ptr %29, i64 %30)
  ret void
}

define void @lu_4096_32_32_f64_unblocked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, ptr %9, ptr %10, i64 %11, i64 %12, i64 %13, i64 %14, i64 %15, i64 %16, i64 %17, ptr %18, ptr %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %25, ptr %26, i64 %27, i64 %28, i64 %29) {
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
  %74 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %75 = ptrtoint ptr %74 to i64
  %76 = inttoptr i64 %75 to ptr
  %77 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, 1
  %78 = ptrtoint ptr %77 to i64
  %79 = inttoptr i64 %78 to ptr
  %80 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %35, 1
  %81 = ptrtoint ptr %80 to i64
  %82 = inttoptr i64 %81 to ptr
  call void @linalgxCpuGetrf(i32 1, i32 32, ptr %76, ptr %79, ptr %82, i64 4096, i64 32, i64 32, i32 2)
  ret void
}

define void @_mlir_ciface_lu_4096_32_32_f64_unblocked(ptr %0, ptr %1, ptr %2, ptr %3) {
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
  call void @lu_4096_32_32_f64_unblocked(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14, ptr %16, ptr %17, i64 %18, i64 %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %26, ptr %27, i64 %28, i64 %29, i64 %30, i64 %31, i64 %32, ptr %34, ptr %35, i64 %36, i64 %37, i64 %38)
  ret void
}

define void @lu_16384_16_16_f32_unblocked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, ptr %9, ptr %10, i64 %11, i64 %12, i64 %13, i64 %14, i64 %15, i64 %16, i64 %17, ptr %18, ptr %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %25, ptr %26, i64 %27, i64 %28, i64 %29) {
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
  %74 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %75 = ptrtoint ptr %74 to i64
  %76 = inttoptr i64 %75 to ptr
  %77 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, 1
  %78 = ptrtoint ptr %77 to i64
  %79 = inttoptr i64 %78 to ptr
  %80 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %35, 1
  %81 = ptrtoint ptr %80 to i64
  %82 = inttoptr i64 %81 to ptr
  call void @linalgxCpuGetrf(i32 0, i32 32, ptr %76, ptr %79, ptr %82, i64 16384, i64 16, i64 16, i32 2)
  ret void
}

define void @_mlir_ciface_lu_16384_16_16_f32_unblocked(ptr %0, ptr %1, ptr %2, ptr %3) {
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
  call void @lu_16384_16_16_f32_unblocked(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14, ptr %16, ptr %17, i64 %18, i64 %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %26, ptr %27, i64 %28, i64 %29, i64 %30, i64 %31, i64 %32, ptr %34, ptr %35, i64 %36, i64 %37, i64 %38)
  ret void
}

define void @lu_64_75_75_f64_unblocked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, ptr %9, ptr %10, i64 %11, i64 %12, i64 %13, i64 %14, i64 %15, i64 %16, i64 %17, ptr %18, ptr %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %25, ptr %26, i64 %27, i64 %28, i64 %29) {
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
  %74 = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %51, 1
  %75 = ptrtoint ptr %74 to i64
  %76 = inttoptr i64 %75 to ptr
  %77 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, 1
  %78 = ptrtoint ptr %77 to i64
  %79 = inttoptr i64 %78 to ptr
  %80 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %35, 1
  %81 = ptrtoint ptr %80 to i64
  %82 = inttoptr i64 %81 to ptr
  call void @linalgxCpuGetrf(i32 1, i32 32, ptr %76, ptr %79, ptr %82, i64 64, i64 75, i64 75, i32 2)
  ret void
}

define void @_mlir_ciface_lu_64_75_75_f64_unblocked(ptr %0, ptr %1, ptr %2, ptr %3) {
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
  call void @lu_64_75_75_f64_unblocked(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14, ptr %16, ptr %17, i64 %18, i64 %19, i64 %20, i64 %21, i64 %22, i64 %23, i64 %24, ptr %26, ptr %27, i64 %28, i64 %29, i64 %30, i64 %31, i64 %32, ptr %34, ptr %35, i64 %36, i64 %37, i64 %38)
  ret void
}

define void @lu_75_75_f64_unblocked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, ptr %19, ptr %20, i64 %21) {
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
  %56 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %37, 1
  %57 = ptrtoint ptr %56 to i64
  %58 = inttoptr i64 %57 to ptr
  %59 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, 1
  %60 = ptrtoint ptr %59 to i64
  %61 = inttoptr i64 %60 to ptr
  %62 = extractvalue { ptr, ptr, i64 } %25, 1
  %63 = ptrtoint ptr %62 to i64
  %64 = inttoptr i64 %63 to ptr
  call void @linalgxCpuGetrf(i32 1, i32 32, ptr %58, ptr %61, ptr %64, i64 1, i64 75, i64 75, i32 2)
  ret void
}

define void @_mlir_ciface_lu_75_75_f64_unblocked(ptr %0, ptr %1, ptr %2, ptr %3) {
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
  call void @lu_75_75_f64_unblocked(ptr %6, ptr %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20, ptr %22, ptr %23, i64 %24, i64 %25, i64 %26, ptr %28, ptr %29, i64 %30)
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #0

attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
