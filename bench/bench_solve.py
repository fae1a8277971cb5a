#!/usr/bin/env python3
"""Batched linear solves on the GPU: linalgx.solve (linalgx.lu one_based and
linalgx.lu_solve in one call, then its info check) on PyTorch CUDA tensors,
beside torch.linalg.solve and jax.jit(jnp.linalg.solve) in one process, on
the same random normal inputs, for the cases of the solve issue's table.
Per case and entry point: GPU activity per call (PyTorch's profiler, CUPTI:
kernels, copies and memsets; JAX: pipelined time per call) and synchronous
wall time per call, medians. Writes solve.jsonl and solve.md to OUTDIR.

  python3 bench_solve.py OUTDIR        (from the pack of scripts/pack-python-gpu.sh)
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

# (matrices, right-hand sides per matrix (None: one vector), dtype)
CASES = [((1000000, 3, 3), None, "float32"), ((1000000, 3, 3), None, "float64"),
         ((4096, 32, 32), None, "float64"), ((64, 75, 75), 75, "float64"),
         ((75, 75), None, "float64"), ((1024, 64, 64), None, "float64")]
# Not (4096, 4096) f32 yet: the lu_solve kernel runs a right-hand side in one
# thread, N^2 dependent steps, which is not a path for large matrices.


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    jax.config.update("jax_enable_x64", True)
    rng = np.random.default_rng(20261203)
    jax_solve = jax.jit(jnp.linalg.solve)
    rows, records = [], []
    for shape, rhs, dtype in CASES:
        a = rng.standard_normal(shape).astype(dtype)
        b = rng.standard_normal(shape[:-1] + ((rhs,) if rhs else (1,))).astype(dtype)
        ta, tb = torch.as_tensor(a).cuda(), torch.as_tensor(b).cuda()
        ja, jb = jax.device_put(a), jax.device_put(b)
        label = "%s %s rhs %s" % (shape, dtype, rhs or 1)
        results = {}
        for name, run in [("linalgx.solve", lambda x: linalgx.solve(x, tb)),
                          ("torch.linalg.solve", lambda x: torch.linalg.solve(x, tb))]:
            wall, events, reps = time_torch(run, ta)
            kernels = kernel_time_torch(run, ta, calls=min(20, reps))
            results[name] = (kernels, wall)
            records.append({"case": label, "entry": name, "kernels_s": kernels, "wall_s": wall,
                            "events_s": events, "reps": reps})
        wall, pipelined, reps = time_jax(lambda x: jax_solve(x, jb), ja)
        results["jax.numpy.linalg.solve"] = (pipelined, wall)
        records.append({"case": label, "entry": "jax.numpy.linalg.solve",
                        "pipelined_s": pipelined, "wall_s": wall, "reps": reps})
        x = linalgx.solve(ta, tb)
        residual = float(torch.linalg.matrix_norm(ta.double() @ x.double() - tb.double()).max())
        peer = min(results["torch.linalg.solve"][0], results["jax.numpy.linalg.solve"][0])
        rows.append("| %s | %s | %s | %s | %.2f | %.2g |" % (
            label, *("%.1f / %.1f" % (d * 1e6, w * 1e6) for d, w in results.values()),
            peer / results["linalgx.solve"][0], residual))
        print(rows[-1], flush=True)
    header = ("| case | linalgx.solve | torch.linalg.solve | jax.numpy.linalg.solve | "
              "faster peer / linalgx (device) | max residual ||AX-B|| |\n|---|---:|---:|---:|---:|---:|")
    table = ("µs per call, device / wall (median): PyTorch columns GPU activity by CUPTI, "
             "JAX pipelined time per call. jax %s, torch %s, %s\n\n%s\n%s\n"
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
