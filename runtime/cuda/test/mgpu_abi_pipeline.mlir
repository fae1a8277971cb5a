// Every host-side GPU op form that the full NVVM pipeline (gpu-to-llvm +
// gpu-module-to-binary + LLVM translation) lowers to mgpu* calls. Used by
// check_mgpu_abi.sh; README.md explains. Not meant to run.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%buf: memref<?xf32>, %s: f32) kernel {
      %i = gpu.thread_id x
      %v = memref.load %buf[%i] : memref<?xf32>
      %r = arith.mulf %v, %s : f32
      memref.store %r, %buf[%i] : memref<?xf32>
      gpu.return
    }
    gpu.func @k(%buf: memref<?xf32>) kernel {
      gpu.return
    }
  }
  // Synchronous forms: launch_func (stream create/sync/destroy per launch),
  // host_register / host_unregister, host_shared alloc (sync only).
  func.func @sync_path(%host: memref<?xf32>, %n: index, %s: f32) {
    %c1 = arith.constant 1 : index
    %u = memref.cast %host : memref<?xf32> to memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%host : memref<?xf32>, %s : f32)
    gpu.host_unregister %u : memref<*xf32>
    %d = gpu.alloc host_shared (%n) : memref<?xf32>
    // gpu-to-llvm only lowers the async form of gpu.dealloc.
    %t0 = gpu.wait async
    %t1 = gpu.dealloc async [%t0] %d : memref<?xf32>
    gpu.wait [%t1]
    return
  }
  // Asynchronous forms: stream from gpu.wait async, alloc/memset/memcpy/launch/dealloc, wait.
  func.func @async_path(%host: memref<?xf32>, %n: index, %s: f32, %z: f32) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %t2 = gpu.memset async [%t1] %d, %z : memref<?xf32>, f32
    %t3 = gpu.memcpy async [%t2] %d, %host : memref<?xf32>, memref<?xf32>
    %t4 = gpu.launch_func async [%t3] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%d : memref<?xf32>, %s : f32)
    %t5 = gpu.memcpy async [%t4] %host, %d : memref<?xf32>, memref<?xf32>
    %t6 = gpu.dealloc async [%t5] %d : memref<?xf32>
    gpu.wait [%t6]
    return
  }
  // Multiple tokens: joins lower to events (create/record/wait/sync/destroy).
  func.func @fork_join(%n: index, %s: f32) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %ta = gpu.launch_func async [%t1] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%d : memref<?xf32>, %s : f32)
    %tb = gpu.wait async
    %tj = gpu.wait async [%tb, %ta]
    %tc = gpu.launch_func async [%tj] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%d : memref<?xf32>, %s : f32)
    %te = gpu.dealloc async [%tc] %d : memref<?xf32>
    gpu.wait [%te, %ta]
    return
  }
  // Cluster launch (sm_90) with dynamic shared memory; f16 memset.
  func.func @cluster(%buf: memref<?xf32>, %n: index, %smem: i32) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%n, %c1, %c1) dynamic_shared_memory_size %smem args(%buf : memref<?xf32>)
    gpu.wait [%t1]
    return
  }
  func.func @memset16(%buf: memref<?xf16>, %v: f16) {
    %t0 = gpu.wait async
    %t1 = gpu.memset async [%t0] %buf, %v : memref<?xf16>, f16
    gpu.wait [%t1]
    return
  }
}
