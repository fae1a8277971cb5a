// linalgx-gpu-pipeline checks its target options before building anything:
// a bad chip, feature or format is an error that names it and the command
// fails, where NVPTX used to crash (chip= segfaulted in target verification,
// chip=bogus aborted in instruction selection, a too old PTX version aborted
// code generation). No ptxas is needed to see these errors.
// RUN: not linalgx-opt %s --linalgx-gpu-pipeline="chip=" 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not linalgx-opt %s --linalgx-gpu-pipeline="chip=bogus" 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: not linalgx-opt %s --linalgx-gpu-pipeline="chip=sm_75" 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not linalgx-opt %s --linalgx-gpu-pipeline="features=+ptx70" 2>&1 | FileCheck %s --check-prefix=PTX
// RUN: not linalgx-opt %s --linalgx-gpu-pipeline="features=+ptx80,bogus" 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not linalgx-opt %s --linalgx-gpu-pipeline="format=bogus" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not linalgx-opt %s --linalgx-gpu-pipeline="features=+ptx80" 2>&1 | FileCheck %s --check-prefix=ASYNC
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="features=+ptx80 lu-blocked-register-panel-async-push=false format=isa" | FileCheck %s --check-prefix=PTX80
// RUN: not linalgx-opt %s --pass-pipeline="builtin.module(linalgx-gpu-pipeline{chip=sm_75 format=elf})" 2>&1 | FileCheck %s --check-prefix=BOTH

// EMPTY:   error: linalgx-gpu-pipeline: chip='' is not an NVIDIA GPU architecture LLVM knows (e.g. sm_90)
// BOGUS:   error: linalgx-gpu-pipeline: chip='bogus' is not an NVIDIA GPU architecture LLVM knows
// OLD:     error: linalgx-gpu-pipeline: chip='sm_75': linalgx's kernels need sm_80 or newer
// PTX:     error: linalgx-gpu-pipeline: features='+ptx70': sm_90 needs PTX ISA 7.8 or newer (+ptx78)
// FEATURE: error: linalgx-gpu-pipeline: features='+ptx80,bogus': 'bogus' is not +name or -name of a feature NVPTX knows
// FORMAT:  error: linalgx-gpu-pipeline: format='bogus' is not one of fatbin, bin (cubin), isa (PTX) or offload
// ASYNC:   error: linalgx-gpu-pipeline: features='+ptx80': lu-blocked-register-panel-async-push (on by default) stores with st.async, which needs PTX ISA 8.1 or newer (+ptx81); or pass lu-blocked-register-panel-async-push=false
// PTX80:   #nvvm.target<chip = "sm_90", features = "+ptx80">
// BOTH:    error: linalgx-gpu-pipeline: format='elf' is not one of {{.+}}; linalgx-gpu-pipeline: chip='sm_75'
// CHECK-NOT: LLVM ERROR

func.func @f(%a: memref<4x4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64>) outs(%a, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}
