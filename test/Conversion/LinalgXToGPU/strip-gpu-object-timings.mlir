// linalgx-strip-gpu-object-timings drops the *TimeInMs properties of every
// object and keeps the rest (and the binary itself).
// RUN: linalgx-opt %s --linalgx-strip-gpu-object-timings | FileCheck %s

// CHECK-LABEL: gpu.binary @timed
// CHECK-SAME:    #gpu.object<#nvvm.target<chip = "sm_90">, properties = {O = 3 : i32}, "BLOB">
// CHECK-SAME:    #gpu.object<#nvvm.target<chip = "sm_80">, "BLOB2">
// CHECK-LABEL: gpu.binary @untimed
// CHECK-SAME:    #gpu.object<#nvvm.target, "BLOB3">
module attributes {gpu.container_module} {
  gpu.binary @timed [
    #gpu.object<#nvvm.target<chip = "sm_90">, properties = {ISAToBinaryTimeInMs = 215 : i64, LLVMIRToISATimeInMs = 59 : i64, O = 3 : i32}, "BLOB">,
    #gpu.object<#nvvm.target<chip = "sm_80">, properties = {ISAToBinaryTimeInMs = 1 : i64}, "BLOB2">
  ]
  gpu.binary @untimed [#gpu.object<#nvvm.target, "BLOB3">]
}
