// Every kernel of linalgx's kernel module begins with griddepcontrol.wait, as
// inline PTX with a memory clobber (and, with launch-dependents-early, lets its
// dependents launch right after), and
// the module defines the marker the CUDA runtime looks for, on sm_90 and
// newer only; device functions, other modules, older chips and a module
// already marked are left alone. linalgx-gpu-pipeline runs the pass right
// before gpu-module-to-binary, its option from the pipeline's.
// RUN: linalgx-opt %s -split-input-file -linalgx-gpu-programmatic-launch | FileCheck %s
// RUN: linalgx-opt %s -split-input-file -linalgx-gpu-programmatic-launch=launch-dependents-early=true \
// RUN:   | FileCheck %s --check-prefix=EARLY
// RUN: linalgx-opt %s -split-input-file -linalgx-gpu-programmatic-launch -linalgx-gpu-programmatic-launch \
// RUN:   | FileCheck %s --check-prefix=TWICE
// RUN: linalgx-opt %s -split-input-file -linalgx-gpu-pipeline -dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PIPELINE
// RUN: linalgx-opt %s -split-input-file -linalgx-gpu-pipeline=launch-dependents-early=true \
// RUN:   -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE-EARLY

// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK-NEXT:    llvm.mlir.global external constant @linalgx_programmatic_launch(1 : i8) {addr_space = 1 : i32, alignment = 1 : i64} : i8
// CHECK:         llvm.func @kernel
// CHECK-NEXT:      llvm.inline_asm has_side_effects {{.*}}"griddepcontrol.wait;", "~{memory}"
// CHECK-NEXT:      llvm.load
// CHECK:         llvm.func @helper
// CHECK-NOT:       griddepcontrol
// CHECK:           llvm.return
// EARLY-LABEL: gpu.module @linalgx_kernels
// EARLY:         llvm.func @kernel
// EARLY-NEXT:      llvm.inline_asm has_side_effects {{.*}}"griddepcontrol.wait;", "~{memory}"
// EARLY-NEXT:      llvm.inline_asm has_side_effects {{.*}}"griddepcontrol.launch_dependents;"
// EARLY-NEXT:      llvm.load
// TWICE-LABEL: gpu.module @linalgx_kernels
// TWICE-COUNT-1: @linalgx_programmatic_launch
// TWICE:         llvm.func @kernel
// TWICE-NEXT:      llvm.inline_asm {{.*}}"griddepcontrol.wait;"
// TWICE-NEXT:      llvm.load
// PIPELINE:      linalgx-externalize-gpu-dynamic-shared-memory
// PIPELINE-NEXT: linalgx-gpu-programmatic-launch{launch-dependents-early=false}
// PIPELINE-NEXT: gpu-module-to-binary
// PIPELINE-EARLY: linalgx-gpu-programmatic-launch{launch-dependents-early=true}
module attributes {gpu.container_module} {
  gpu.module @linalgx_kernels [#nvvm.target<chip = "sm_90">] {
    llvm.func @kernel(%arg0: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %0 = llvm.load %arg0 : !llvm.ptr<1> -> f32
      llvm.store %0, %arg0 : f32, !llvm.ptr<1>
      llvm.return
    }
    llvm.func @helper(%arg0: !llvm.ptr<1>) {
      llvm.return
    }
  }
}

// -----

// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK-NOT:     linalgx_programmatic_launch
// CHECK-NOT:     griddepcontrol
// CHECK:         llvm.return
module attributes {gpu.container_module} {
  gpu.module @linalgx_kernels [#nvvm.target<chip = "sm_80">] {
    llvm.func @kernel(%arg0: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// CHECK-LABEL: gpu.module @user_kernels
// CHECK-NOT:     linalgx_programmatic_launch
// CHECK-NOT:     griddepcontrol
// CHECK:         llvm.return
module attributes {gpu.container_module} {
  gpu.module @user_kernels [#nvvm.target<chip = "sm_90a">] {
    llvm.func @kernel(%arg0: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
