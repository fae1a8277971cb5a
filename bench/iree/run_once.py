"""Runs one IREE module (CUDA HAL) REPS times on random input, for a profiler
(ncu) to time its kernels.  Usage: run_once.py MODULE.vmfb SHAPE REPS"""
import sys
import numpy as np
import iree.runtime as ireert

path, shape, reps = sys.argv[1], tuple(int(d) for d in sys.argv[2].split("x")), int(sys.argv[3])
config = ireert.Config("cuda")
ctx = ireert.SystemContext(config=config)
with open(path, "rb") as f:
    vm_module = ireert.VmModule.copy_buffer(ctx.instance, f.read())
ctx.add_vm_module(vm_module)
main = ctx.modules[vm_module.name]["main"]
a = ireert.asdevicearray(config.device, np.random.default_rng(0).standard_normal(shape))
for _ in range(reps):
    main(a)[1].to_host()
