// Host-only forms the full pipeline's canonicalizer folds away; lowered with
// --gpu-to-llvm alone by check_mgpu_abi.sh. Not meant to run.
module attributes {gpu.container_module} {
  // Joining tokens of two streams: mgpuEventCreate/Record, mgpuStreamWaitEvent.
  func.func @join() {
    %a = gpu.wait async
    %b = gpu.wait async
    %j = gpu.wait async [%a, %b]
    gpu.wait [%j]
    return
  }
  // A token passed through async.yield becomes an event: mgpuEventSynchronize.
  func.func @async_exec() {
    %t, %r = async.execute () -> !async.value<!gpu.async.token> {
      %a = gpu.wait async
      async.yield %a : !gpu.async.token
    }
    %a2 = async.await %r : !async.value<!gpu.async.token>
    gpu.wait [%a2]
    return
  }
  func.func @set_device(%d: i32) {
    gpu.set_default_device %d
    return
  }
}
