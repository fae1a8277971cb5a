#!/usr/bin/env python3
"""linalgx.torch.lu_factor at (4096,4096) f32 in one process, µs: CUDA events in
time_lu_streams.py's pattern on a tensor made before JAX is imported; then, with
bench_python.py imported (JAX initialized) and a JAX array on the GPU, both that tensor and one
made after, each by bench_python.py's time_torch and by the events pattern."""
import os, statistics, sys
sys.path.insert(0, os.getcwd())
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
import numpy as np
import torch
import linalgx.torch as lxt

def events_us(f, x, n=30):
    for _ in range(3):
        f(x)
    torch.cuda.synchronize()
    ts = []
    for _ in range(n):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); f(x); e.record(); e.synchronize()
        ts.append(s.elapsed_time(e) * 1e3)
    return statistics.median(ts)

rng = np.random.default_rng(7)
a = rng.standard_normal((4096, 4096)).astype("float32")
before = torch.as_tensor(a).cuda()
print("| before JAX | events %.0f | torch %.0f |" % (events_us(lxt.lu_factor, before),
      events_us(torch.linalg.lu_factor, before)), flush=True)
import jax, jax.numpy as jnp
import bench_python as bp
x = jax.device_put(jnp.asarray(a))
after = torch.as_tensor(a).cuda()
def report(label, t):
    w, d, reps = bp.time_torch(lxt.lu_factor, t)
    print("| %s | time_torch wall %.0f device %.0f (%d reps) | events %.0f |"
          % (label, w * 1e6, d * 1e6, reps, events_us(lxt.lu_factor, t)), flush=True)
    torch.cuda.empty_cache()

for name, t in (("made before", before), ("made after", after)):
    report("JAX up, tensor " + name, t)
# bench_python.py's order for a case: the JAX entry points first, then linalgx.torch.lu and
# PyTorch's lu_factor+lu_unpack, then linalgx.torch.lu_factor.
steps = [("jit(linalgx.jax.lu)", lambda: jax.block_until_ready(jax.jit(bp.linalgx.jax.lu)(x))),
         ("jit(jax.lax.linalg.lu)", lambda: jax.block_until_ready(jax.jit(jax.lax.linalg.lu)(x))),
         ("linalgx.torch.lu", lambda: lxt.lu(after)),
         ("torch lu_factor+lu_unpack", lambda: bp.torch_lu_reference(after))]
for label, step in steps:
    for _ in range(5):
        step()
    torch.cuda.synchronize()
    report("after " + label, after)
report("again, tensor made before", before)
# bench_python.py's earlier cases through every linalgx entry point, then the same tensor again.
for shape, dtype in bp.CASES:
    if shape == (4096, 4096):
        continue
    small = rng.standard_normal(shape).astype(dtype)
    ts, xs = torch.as_tensor(small).cuda(), jax.device_put(jnp.asarray(small))
    for _ in range(3):
        lxt.lu_factor(ts); lxt.lu(ts); jax.block_until_ready(jax.jit(bp.linalgx.jax.lu)(xs))
    torch.cuda.synchronize()
report("after bench_python's other cases", after)
