#!/usr/bin/env python3
"""linalgx.jax.lu on JAX's CUDA backend beyond python_gpu.py: derivatives
(jvp, grad, jacfwd, jacrev equal to jax.lax.linalg.lu's to 1e-10 in f64),
vmap of jvp as one call; linalgx.jax.solve / inv through the fused
`linalgx_solve` call (results, gradients to 1e-10, one call under vmap);
lu and solve on a batch sharded over a mesh of one GPU and, where there
are several, of every GPU (the unsharded results, the input's sharding,
one call a device on its shard, no collective; docs/scale.md); and XLA
command buffers: with
--xla_gpu_enable_command_buffer=+CUSTOM_CALL the handler (declared
command-buffer compatible) must be recorded into a CUDA graph, which the
optimized HLO shows, and give the same results. Ends with
`N passed, N failed`.

  python3 jax_gpu.py                 # the checks
  python3 jax_gpu.py --command-buffer-child DUMP   # (internal) one jitted run
"""

import os
import subprocess
import sys

import numpy as np

passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    passed += bool(condition)
    failed += not condition
    print("%s: %s %s" % ("PASS" if condition else "FAIL", name, "" if condition else detail))


def rel(x, y):
    x, y = np.asarray(x), np.asarray(y)
    return float(np.max(np.abs(x - y)) / max(np.max(np.abs(y)), 1e-300))


def child(dump):
    import jax
    jax.config.update("jax_enable_x64", True)
    import linalgx.jax as lxj
    a = np.random.default_rng(1).standard_normal((64, 75, 75))
    f = jax.jit(lambda x: lxj.lu(x)[0] * 2.0 + 1.0)
    outputs = [np.asarray(f(a)) for _ in range(3)]
    expected = np.asarray(jax.lax.linalg.lu(a)[0]) * 2.0 + 1.0
    np.save(os.path.join(dump, "result.npy"), outputs[-1])
    print("max relative difference to jax.lax.linalg.lu: %.3g" % rel(outputs[-1], expected))


def check_solve(jax, jnp, lxj, rng):
    """linalgx.jax.solve and inv on CUDA: the `linalgx_solve` custom call
    (linalgx.solve's kernels) in the primal, JAX's results, gradients equal
    to jnp.linalg.solve's, one call under vmap."""
    for shape, columns in [((1000, 3, 3), 1), ((64, 75, 75), 75), ((16, 4, 4), 2), ((40, 40), 3)]:
        a = rng.standard_normal(shape)
        b = rng.standard_normal(shape[:-1] + (columns,))
        text = jax.jit(lxj.solve).lower(a, b).as_text()
        check("solve %s x %d lowers to the linalgx_solve call" % (shape, columns),
              "linalgx_solve" in text and "linalgx_lu" not in text)
        got, want = jax.jit(lxj.solve)(a, b), jnp.linalg.solve(a, b)
        check("solve %s x %d == jnp.linalg.solve" % (shape, columns), rel(got, want) < 1e-10,
              "%.3g" % rel(got, want))
        w = rng.standard_normal(b.shape)
        for argnum in (0, 1):
            g = jax.jit(jax.grad(lambda a, b: jnp.sum(lxj.solve(a, b) * w), argnums=argnum))(a, b)
            e = jax.grad(lambda a, b: jnp.sum(jnp.linalg.solve(a, b) * w), argnums=argnum)(a, b)
            check("grad of solve %s x %d wrt %s == JAX's" % (shape, columns, "ab"[argnum]),
                  rel(g, e) < 1e-10, "%.3g" % rel(g, e))
    a = rng.standard_normal((8, 5, 5))
    b = rng.standard_normal((8, 5, 1))
    text = jax.jit(jax.vmap(lxj.solve)).lower(a, b).as_text()
    check("vmap of solve is one linalgx_solve call", text.count("linalgx_solve") == 1)
    a = rng.standard_normal((256, 32, 32))
    got, want = jax.jit(lxj.inv)(a), jnp.linalg.inv(a)
    check("inv (256, 32, 32) == jnp.linalg.inv", rel(got, want) < 1e-9, "%.3g" % rel(got, want))
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    x = np.asarray(jax.jit(lxj.solve)(singular, np.ones((2, 1))))
    check("solve of a singular matrix gives inf/NaN, no error", not np.isfinite(x).all())


COLLECTIVES = ("all-gather", "all-to-all", "collective-permute", "all-reduce", "reduce-scatter")


def check_sharded_batch(jax, lxj, rng, devices):
    """linalgx.jax.lu and solve (the fused linalgx_solve call) on a batch
    sharded over `devices` (NamedSharding under jit, and shard_map): the
    unsharded call's results, the input's sharding, and one call a device
    on its own shard, with no collective in the compiled HLO."""
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = jax.make_mesh((len(devices),), ("batch",), devices=devices)
    sharding = NamedSharding(mesh, P("batch"))
    label = "%d-GPU mesh" % len(devices)
    a = rng.standard_normal((16 * len(devices), 32, 32))
    b = rng.standard_normal((16 * len(devices), 32, 3))
    x, y = jax.device_put(a, sharding), jax.device_put(b, sharding)
    lu = jax.jit(lxj.lu)
    mapped_lu = jax.jit(jax.shard_map(lxj.lu, mesh=mesh, in_specs=P("batch"),
                                      out_specs=P("batch")))
    expected = lxj.lu(a)
    for name, f in [("jit", lu), ("shard_map", mapped_lu)]:
        got = f(x)
        check("%s: %s(lu) == unsharded lu" % (label, name),
              all(np.array_equal(g, e) for g, e in zip(got, expected)))
        check("%s: %s(lu) keeps the batch sharding" % (label, name),
              all(g.sharding.is_equivalent_to(sharding, g.ndim) for g in got),
              [g.sharding for g in got])
    solve = jax.jit(lxj.solve)
    got = solve(x, y)
    want = lxj.solve(a, b)
    check("%s: solve == unsharded solve" % label, rel(got, want) < 1e-12, "%.3g" % rel(got, want))
    check("%s: solve keeps the batch sharding" % label,
          got.sharding.is_equivalent_to(sharding, got.ndim), got.sharding)
    shard = "f64[16,32,"
    for name, f, args, target in [("lu", lu, (x,), "linalgx_lu"),
                                  ("solve", solve, (x, y), "linalgx_solve")]:
        text = f.lower(*args).compile().as_text()
        found = [c for c in COLLECTIVES if c in text]
        calls = [line for line in text.splitlines()
                 if 'custom_call_target="%s"' % target in line]
        check("%s: compiled %s has no collective" % (label, name), not found, found)
        check("%s: compiled %s is one %s call on a device's 16 matrices" % (label, name, target),
              len(calls) == 1 and shard in calls[0], "\n".join(calls) or text[-3000:])


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--command-buffer-child":
        return child(sys.argv[2])
    import jax
    jax.config.update("jax_enable_x64", True)
    import jax.numpy as jnp
    import linalgx.jax as lxj
    check("JAX has a GPU", jax.default_backend() == "gpu", jax.default_backend())
    rng = np.random.default_rng(0)
    for shape in [(75, 75), (64, 75, 75), (9, 6), (6, 9)]:
        a = rng.standard_normal(shape)
        t = rng.standard_normal(shape)
        (p, tan) = jax.jit(lambda x, d: jax.jvp(lxj.lu, (x,), (d,)))(a, t)
        (ep, etan) = jax.jvp(jax.lax.linalg.lu, (a,), (t,))
        check("jvp == JAX's %s" % (shape,), rel(tan[0], etan[0]) < 1e-10,
              "%.3g" % rel(tan[0], etan[0]))
        w = rng.standard_normal(shape)
        g = jax.jit(jax.grad(lambda x: jnp.sum(jnp.sin(lxj.lu(x)[0]) * w)))(a)
        eg = jax.grad(lambda x: jnp.sum(jnp.sin(jax.lax.linalg.lu(x)[0]) * w))(a)
        check("grad == JAX's %s" % (shape,), rel(g, eg) < 1e-10, "%.3g" % rel(g, eg))
    small = rng.standard_normal((5, 5))
    for name in ("jacfwd", "jacrev"):
        jac = getattr(jax, name)
        got = jac(lambda x: lxj.lu(x)[0])(small)
        want = jac(lambda x: jax.lax.linalg.lu(x)[0])(small)
        check("%s == JAX's" % name, rel(got, want) < 1e-10, "%.3g" % rel(got, want))
    a = rng.standard_normal((8, 5, 5))
    t = rng.standard_normal((8, 5, 5))
    text = jax.jit(jax.vmap(lambda x, d: jax.jvp(lxj.lu, (x,), (d,)))).lower(a, t).as_text()
    check("vmap of jvp is one custom call", text.count("linalgx_lu") == 1)

    check_solve(jax, jnp, lxj, rng)
    check_sharded_batch(jax, lxj, rng, jax.devices()[:1])
    if len(jax.devices()) < 2:
        print("SKIP: a batch sharded over several GPUs: this machine has %d GPU"
              % len(jax.devices()))
    else:
        check_sharded_batch(jax, lxj, rng, jax.devices())

    # Command buffers, in a child process with XLA's flags.
    import tempfile
    dump = tempfile.mkdtemp(prefix="linalgx-command-buffer-")
    env = dict(os.environ)
    env["LINALGX_CUDA_REPORT_CAPTURE"] = "1"
    env["XLA_FLAGS"] = ("--xla_gpu_enable_command_buffer=+CUSTOM_CALL "
                        "--xla_gpu_graph_min_graph_size=1 --xla_dump_to=%s "
                        "--xla_dump_hlo_as_text" % dump)
    run = subprocess.run([sys.executable, __file__, "--command-buffer-child", dump],
                         env=env, capture_output=True, text=True, timeout=300)
    print(run.stdout.strip())
    check("a jitted call with custom-call command buffers runs", run.returncode == 0,
          run.stderr[-3000:])
    # Evidence that XLA records the call into a CUDA graph: it runs under
    # stream capture (before linalgxCudaSetStreamEx handled capturing
    # streams, this very run failed with cudaErrorStreamCaptureUnsupported),
    # which the handler reports on stderr with LINALGX_CUDA_REPORT_CAPTURE=1.
    check("XLA ran the linalgx_lu call under stream capture (a command buffer)",
          "linalgx-cuda-runtime: note: stream capture" in run.stderr, run.stderr[-2000:])
    for path in [os.path.join(dump, f) for f in os.listdir(dump) if f.endswith("thunk_sequence.txt")]:
        with open(path) as f:
            print("thunk sequence:", " | ".join(l.strip() for l in f if l.strip())[:600])
    if run.returncode == 0:
        result = np.load(os.path.join(dump, "result.npy"))
        expected = np.asarray(jax.lax.linalg.lu(
            np.random.default_rng(1).standard_normal((64, 75, 75)))[0]) * 2.0 + 1.0
        check("command-buffer results == JAX's", rel(result, expected) < 1e-12)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
