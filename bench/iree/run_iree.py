"""IREE's CUDA HAL running JAX's LU exports imported by linalgx (the modules
and manifest.json of make_modules.py), against JAX on the same input:
pivots and permutations exact, factors to a relative 1e-10 (f64, c128) or
1e-4 (f32, c64); complex cases against JAX on the CPU, since cuSOLVER picks
pivots by |z| where LAPACK and linalgx take |re| + |im|, and
permutations against JAX on the CPU too. The timed cases
also get the synchronous wall time per call (median of 200 after warm-up)
beside jax.jit of the same function on the GPU.

Usage: run_iree.py MODULE_DIR"""
import json, os, statistics, sys, time
import numpy as np
import jax
jax.config.update("jax_enable_x64", True)
from cases import FUNCTIONS
import iree.runtime as ireert

FORM_NAMES = {"cuda": "IREE-compiled loops", "linalgx-cuda": "linalgx kernel"}


def timed(fn, reps=200):
    for _ in range(20):
        fn()
    times = []
    for _ in range(reps):
        t = time.perf_counter(); fn(); times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def random_input(shape, dtype, rng):
    if dtype == "int32":  # pivots: row i swapped with a row at or below it
        n = shape[-1]
        return np.stack([rng.integers(np.arange(n), n + 3) for _ in range(shape[0])]).astype(
            np.int32)
    a = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def mismatch(got, want, dtype):
    """Why `got` differs from `want` (None when it does not)."""
    if len(got) != len(want):
        return "%d results, expected %d" % (len(got), len(want))
    tolerance = 1e-4 if dtype in ("float32", "complex64") else 1e-10
    for index, (g, w) in enumerate(zip(got, want)):
        if g.shape != w.shape:
            return "result %d has shape %s, expected %s" % (index, g.shape, w.shape)
        if np.issubdtype(w.dtype, np.integer):
            if not np.array_equal(g, w):
                where = tuple(np.argwhere(g != w)[0])
                return "result %d differs at %s: %s, expected %s (row: %s, expected %s)" % (
                    index, where, g[where], w[where], g[where[:-1]], w[where[:-1]])
        elif np.abs(g - w).max() > tolerance * max(1.0, np.abs(w).max()):
            return "result %d differs by %.3g" % (index, np.abs(g - w).max())
    return None


moddir = sys.argv[1] if len(sys.argv) > 1 else "."
with open(os.path.join(moddir, "manifest.json")) as stream:
    manifest = json.load(stream)
print("JAX", jax.__version__, "on", jax.devices()[0].device_kind, "| IREE runtime",
      getattr(getattr(ireert, "version", None), "VERSION", "?"), "| CUDA HAL driver")
config = ireert.Config("cuda")
rng = np.random.default_rng(0)
passed = failed = 0
for name, case in manifest.items():
    function, dtype = FUNCTIONS[case["function"]], case["dtype"]
    a = random_input(tuple(case["shape"]), dtype, rng)
    reference = jax.devices("cpu")[0] if dtype != "float32" and dtype != "float64" else \
        jax.devices()[0]
    want = jax.jit(function)(jax.device_put(a, reference))
    want = [np.asarray(x) for x in (want if isinstance(want, (list, tuple)) else [want])]
    for form in case["forms"]:
        ctx = ireert.SystemContext(config=config)
        with open(os.path.join(moddir, "%s.%s.vmfb" % (name, form)), "rb") as f:
            vm_module = ireert.VmModule.copy_buffer(ctx.instance, f.read())
        ctx.add_vm_module(vm_module)
        main = ctx.modules[vm_module.name]["main"]
        device_a = ireert.asdevicearray(config.device, a)
        results = main(device_a)
        results = results if isinstance(results, (list, tuple)) else [results]
        got = [x.to_host() for x in results]
        why = mismatch(got, want, dtype)
        good = why is None
        passed += good; failed += not good
        line = "%s: %s [%s]" % ("PASS" if good else "FAIL", name, FORM_NAMES[form])
        if not good:
            line += ": " + why
        if case["timed"]:
            def iree_call():
                out = main(device_a)
                out[1].to_host()  # synchronizes: copies the pivots to the host
            jitted, ja = jax.jit(function), jax.device_put(a)
            line += "; wall per call %.0f us vs jax.jit %.0f us" % (
                timed(iree_call), timed(lambda: jax.block_until_ready(jitted(ja))))
        print(line, flush=True)
print("%d passed, %d failed" % (passed, failed))
sys.exit(0 if failed == 0 else 1)
