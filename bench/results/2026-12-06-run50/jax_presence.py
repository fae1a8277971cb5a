#!/usr/bin/env python3
"""Device time of linalgx.torch.lu_factor (CUDA events, median of 15) in one process, before and
after JAX runs on the GPU, with the device's persisting-L2 limit read at each stage:
    python3 jax_presence.py STAGE...   (STAGE: plain, jax-init, jax-lu)"""
import ctypes, os, statistics, sys
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
import numpy as np
import torch
import linalgx.torch as lxt

CASES = [((4096, 4096), "float32"), ((1024, 1024), "float64")]
try:
    rt = ctypes.CDLL("libcudart.so.13")
except OSError:
    rt = None

def persisting_l2():
    if rt is None:
        return -1
    v = ctypes.c_size_t(0)
    rt.cudaDeviceGetLimit(ctypes.byref(v), 0x06)  # cudaLimitPersistingL2CacheSize
    return v.value

def device_us(f):
    for _ in range(3):
        f()
    torch.cuda.synchronize()
    ts = []
    for _ in range(15):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); f(); e.record(); e.synchronize()
        ts.append(s.elapsed_time(e) * 1e3)
    return statistics.median(ts)

rng = np.random.default_rng(1)
mats = [torch.as_tensor(rng.standard_normal(s).astype(d)).cuda() for s, d in CASES]
def report(stage):
    print("| %s | persisting L2 %d | " % (stage, persisting_l2()) + " | ".join(
        "%s %s %.0f (torch %.0f)" % (s, d, device_us(lambda: lxt.lu_factor(m)),
                                     device_us(lambda: torch.linalg.lu_factor(m)))
        for (s, d), m in zip(CASES, mats)) + " |", flush=True)

report("plain")
import jax, jax.numpy as jnp
jax.config.update("jax_enable_x64", True)
jnp.ones(4).block_until_ready()
report("jax initialized")
x = jax.device_put(jnp.asarray(rng.standard_normal((4096, 4096)).astype("float32")))
f = jax.jit(jax.lax.linalg.lu)
for _ in range(40):
    jax.block_until_ready(f(x))
report("after 40 jit(jax.lax.linalg.lu) 4096^2 f32")
report("again")
