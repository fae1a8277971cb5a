"""IREE (CUDA HAL) running JAX's LU exports imported by linalgx for IREE,
against jax.jit(jax.lax.linalg.lu) on the same GPU: results and times
(synchronous wall per call, median of 200 after warm-up)."""
import statistics, sys, time
import numpy as np
import jax
jax.config.update("jax_enable_x64", True)
import iree.runtime as ireert

def timed(fn, reps=200):
    for _ in range(20):
        fn()
    times = []
    for _ in range(reps):
        t = time.perf_counter(); fn(); times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6

DRIVER = sys.argv[1] if len(sys.argv) > 1 else "cuda"
print("JAX", jax.__version__, "IREE runtime", ireert.version.VERSION if hasattr(ireert, "version") else "?")
ok = True
for name, shape in [("lu_75x75_f64", (75, 75)), ("lu_64x75x75_f64", (64, 75, 75))]:
    a = np.random.default_rng(0).standard_normal(shape)
    config = ireert.Config(DRIVER)
    ctx = ireert.SystemContext(config=config)
    with open(name + "." + DRIVER.split("-")[0] + ".vmfb", "rb") as f:
        vm_module = ireert.VmModule.copy_buffer(ctx.instance, f.read())
    ctx.add_vm_module(vm_module)
    main = ctx.modules[vm_module.name]["main"]
    device_a = ireert.asdevicearray(config.device, a)
    got = [np.array(x) for x in main(device_a)]
    want = [np.asarray(x) for x in jax.jit(jax.lax.linalg.lu)(a)]
    same_pivots = np.array_equal(got[1], want[1]) and np.array_equal(got[2], want[2])
    lu_diff = float(np.abs(got[0] - want[0]).max())
    good = same_pivots and lu_diff < 1e-10
    ok &= good
    print("%s: %s (pivots/permutation equal: %s, max |LU - JAX's| %.2e)"
          % ("PASS" if good else "FAIL", name, same_pivots, lu_diff))
    def iree_call():
        out = main(device_a)
        np.array(out[1])  # synchronizes: copies the pivots to the host
    ja = jax.device_put(a)
    f = jax.jit(jax.lax.linalg.lu)
    def jax_call():
        jax.block_until_ready(f(ja))
    print("  wall per call: IREE + linalgx %.0f us, jax.jit(jax.lax.linalg.lu) %.0f us"
          % (timed(iree_call), timed(jax_call)))
sys.exit(0 if ok else 1)
