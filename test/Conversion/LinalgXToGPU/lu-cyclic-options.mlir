// The cyclic register LU kernel's options. lu-cyclic-max-warps bounds the
// warps a matrix spreads over (75 columns over at most 16 warps: 5 column
// slots, 15 warps; 128 columns: 8 slots, 16 warps), unless a thread would then hold more than 128 registers
// of the matrix (128x128 f64 over at most 4 warps: 32 slots of 4 f64 rows
// would be 256 registers, so 16 slots and 8 warps); lu-cyclic-max-batch=0
// turns the kernel off (and the panel kernel, unless it takes every batch of
// a size: lu-panel-any-batch-min-size); both are checked. lu-panel-max-size (128 by
// default) gives the look-ahead panel kernel the batches' matrices of at
// most that many rows and columns (both here; 80: the 75x75 one; 0: none,
// as in the W runs).
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-cyclic-max-warps=16 lu-panel-max-size=0" | FileCheck %s --check-prefix=W16
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-cyclic-max-warps=4 lu-panel-max-size=0" | FileCheck %s --check-prefix=W4
// RUN: linalgx-opt %s -convert-linalgx-to-gpu | FileCheck %s --check-prefix=PANEL
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-panel-max-size=80 | FileCheck %s --check-prefix=PANEL80
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-cyclic-max-batch=0 lu-panel-any-batch-min-size=129" | FileCheck %s --check-prefix=OFF
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-panel-max-size=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE-PANEL
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-cyclic-max-warps=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-cyclic-max-warps=33 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-cyclic-max-batch=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// W16: gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_cyclic75x75_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c15{{.*}}, %c1{{.*}})
// W16: gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_cyclic128x128_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c16{{.*}}, %c1{{.*}})
// W16: gpu.func @linalgx_lu_cyclic75x75_f64_i32({{.+}}known_block_size = array<i32: 32, 15, 1>
// W4: gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_cyclic75x75_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c4{{.*}}, %c1{{.*}})
// W4: gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_cyclic128x128_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c8{{.*}}, %c1{{.*}})
// PANEL: gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel75x75_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c4{{.*}}, %c1{{.*}}) dynamic_shared_memory_size
// PANEL-NOT: linalgx_lu_cyclic
// PANEL: gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel128x128_f64_i32
// PANEL-NOT: linalgx_lu_cyclic
// PANEL80: gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_panel75x75_f64_i32
// PANEL80: gpu.launch_func {{.+}} @linalgx_kernels::@linalgx_lu_cyclic128x128_f64_i32
// OFF-NOT: linalgx_lu_cyclic
// OFF-NOT: linalgx_lu_panel
// ZERO: error: lu-cyclic-max-warps must be 1 to 32 (a block of at most 1024 threads), got 0
// BIG: error: lu-cyclic-max-warps must be 1 to 32 (a block of at most 1024 threads), got 33
// NEGATIVE: error: lu-cyclic-max-batch must be at least 0, got -1
// NEGATIVE-PANEL: error: lu-panel-max-size must be at least 0, got -1
func.func @cyclic(%a: memref<75x75xf64>, %p: memref<75xi32>, %i: memref<i32>,
                  %b: memref<128x128xf64>, %q: memref<128xi32>) {
  linalgx.lu ins(%a : memref<75x75xf64>) outs(%a, %p, %i : memref<75x75xf64>, memref<75xi32>, memref<i32>)
  linalgx.lu ins(%b : memref<128x128xf64>) outs(%b, %q, %i : memref<128x128xf64>, memref<128xi32>, memref<i32>)
  return
}
