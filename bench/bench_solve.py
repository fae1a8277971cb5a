#!/usr/bin/env python3
"""Batched solves, determinants and inverses on the GPU: linalgx.solve
(linalgx.lu one_based and linalgx.lu_solve in one call, then its info check),
linalgx.det and slogdet (lu and lu_det / lu_slogdet in one call) and
linalgx.inv (solve against identities) on PyTorch CUDA tensors, beside
torch.linalg.* and jax.jit(jnp.linalg.*) in one process, on the same random
normal inputs, for the cases of the solve issue's table.
Per case and entry point: GPU activity per call (PyTorch's profiler, CUPTI:
kernels, copies and memsets; JAX: pipelined time per call) and synchronous
wall time per call, medians. Writes solve.jsonl and solve.md to OUTDIR.

  python3 bench_solve.py OUTDIR [TEXT...]   (from the pack of scripts/pack-python-gpu.sh)

With TEXT, only the cases whose label without spaces
("solve(4096,32,32)float64rhs1") contains one of them; each case's inputs
are the same either way.
"""

import json
import os
import sys

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
import numpy as np  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import torch  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_python import kernel_time_torch, time_jax, time_torch  # noqa: E402

import linalgx  # noqa: E402
import linalgx.jax  # noqa: E402
import linalgx.torch  # noqa: E402

# (operation, matrices, right-hand sides per matrix (None: one vector), dtype)
CASES = [("solve", (1000000, 3, 3), None, "float32"), ("solve", (1000000, 3, 3), None, "float64"),
         ("solve", (4096, 32, 32), None, "float64"), ("solve", (64, 75, 75), 75, "float64"),
         ("solve", (75, 75), None, "float64"), ("solve", (1024, 64, 64), None, "float64"),
         ("det", (1000000, 3, 3), None, "float32"), ("det", (64, 75, 75), None, "float64"),
         ("slogdet", (1000000, 3, 3), None, "float32"),
         ("slogdet", (64, 75, 75), None, "float64"),
         ("inv", (4096, 32, 32), None, "float64"),
         ("solve", (4096, 4096), None, "float32"),
         # Beyond the table: many right-hand sides of matrices past
         # the register columns kernels (the warp kernels' second grid axis).
         ("solve", (1024, 64, 64), 64, "float64"), ("solve", (16, 128, 128), 128, "float64")]


def entry_points(operation, tb, jb):
    """(linalgx, linalgx.torch, torch, jax, linalgx.jax) callables of one
    operation on `a` (the JAX ones jitted) and how to apply a JAX one to `a`."""
    if operation == "solve":
        return (lambda x: linalgx.solve(x, tb), lambda x: linalgx.torch.solve(x, tb),
                lambda x: torch.linalg.solve(x, tb),
                jax.jit(jnp.linalg.solve), jax.jit(linalgx.jax.solve), lambda f, x: f(x, jb))
    return (getattr(linalgx, operation), getattr(linalgx.torch, operation),
            getattr(torch.linalg, operation), jax.jit(getattr(jnp.linalg, operation)),
            jax.jit(getattr(linalgx.jax, operation)), lambda f, x: f(x))


def check(operation, ta, tb, result):
    """How far linalgx's result is from the truth: the residual of a solve
    or an inverse, the largest relative difference from PyTorch's
    determinant (in float64), the largest difference of log|det|."""
    a = ta.double() if not ta.is_complex() else ta.cdouble()
    if operation == "solve":
        return float(torch.linalg.matrix_norm(a @ result.to(a.dtype) - tb.to(a.dtype)).max())
    if operation == "inv":
        eye = torch.eye(a.shape[-1], dtype=a.dtype, device=a.device)
        return float(torch.linalg.matrix_norm(a @ result.to(a.dtype) - eye).max())
    if operation == "det":
        expected = torch.linalg.det(a)
        return float(((result.to(a.dtype) - expected).abs() / expected.abs()).max())
    return float((result[1].double() - torch.linalg.slogdet(a)[1]).abs().max())


def main():
    out, selected = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    jax.config.update("jax_enable_x64", True)
    rows, records = [], []
    for index, (operation, shape, rhs, dtype) in enumerate(CASES):
        label = "%s %s %s" % (operation, shape, dtype)
        if operation == "solve":
            label += " rhs %s" % (rhs or 1)
        if selected and not any(text in label.replace(" ", "") for text in selected):
            continue
        rng = np.random.default_rng([20261203, index])
        a = rng.standard_normal(shape).astype(dtype)
        b = rng.standard_normal(shape[:-1] + ((rhs,) if rhs else (1,))).astype(dtype)
        ta, tb = torch.as_tensor(a).cuda(), torch.as_tensor(b).cuda()
        ja, jb = jax.device_put(a), jax.device_put(b)
        ours, our_torch, theirs, jax_call, our_jax_call, jax_apply = entry_points(
            operation, tb, jb)
        results = {}
        for name, run in [("linalgx", ours), ("linalgx.torch", our_torch),
                          ("torch.linalg", theirs)]:
            wall, events, reps = time_torch(run, ta)
            kernels = kernel_time_torch(run, ta, calls=min(20, reps))
            results[name] = (kernels, wall)
            records.append({"case": label, "entry": name, "kernels_s": kernels, "wall_s": wall,
                            "events_s": events, "reps": reps})
        for name, call in [("jax.numpy.linalg", jax_call), ("linalgx.jax", our_jax_call)]:
            wall, pipelined, reps = time_jax(lambda x: jax_apply(call, x), ja)
            results[name] = (pipelined, wall)
            records.append({"case": label, "entry": name, "pipelined_s": pipelined,
                            "wall_s": wall, "reps": reps})
        error = check(operation, ta, tb, ours(ta))
        peer = min(results["torch.linalg"][0], results["jax.numpy.linalg"][0])
        rows.append("| %s | %s | %s | %s | %s | %s | %.2f | %.2g |" % (
            label, *("%.1f / %.1f" % (d * 1e6, w * 1e6) for d, w in results.values()),
            peer / results["linalgx"][0], error))
        print(rows[-1], flush=True)
    header = ("| case | linalgx | linalgx.torch | torch.linalg | jax.numpy.linalg | "
              "linalgx.jax (jit) | faster peer / linalgx (device) | error |\n"
              "|---|---:|---:|---:|---:|---:|---:|---:|")
    table = ("µs per call, device / wall (median): PyTorch columns GPU activity by CUPTI, "
             "JAX pipelined time per call. error: max ||AX-B|| (solve), ||AX-I|| (inv), "
             "relative difference from torch.linalg.det in float64 (det), |Δ log|det|| "
             "(slogdet). jax %s, torch %s, %s\n\n%s\n%s\n"
             % (jax.__version__, torch.__version__, torch.cuda.get_device_name(), header,
                "\n".join(rows)))
    with open(os.path.join(out, "solve.md"), "w") as f:
        f.write(table)
    with open(os.path.join(out, "solve.jsonl"), "w") as f:
        for record in records:
            f.write(json.dumps(record) + "\n")
    print(table)


if __name__ == "__main__":
    main()
