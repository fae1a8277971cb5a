#!/usr/bin/env python3
"""Linear solves on the CPU as a Python user reaches them: `linalgx.solve`
on NumPy arrays beside `numpy.linalg.solve`, a `scipy.linalg.solve` loop over
the batch (`check_finite=False`) and `jax.jit(jnp.linalg.solve)` on JAX's CPU
backend, median wall time of repeated calls on random normal input after a
warm-up, all in one process.

  python bench/cpu/bench_solve_cpu.py [--cases 1000000x3x3x1xf64 ...] [--seconds S]

A case is BxNxNxRxT (R right-hand sides; B may be left out). Prints a
Markdown table: ms per call, and the faster peer's time over linalgx's.
"""

import argparse
import os
import sys

import numpy as np
import scipy.linalg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_python_cpu import median_us  # noqa: E402

DEFAULT_CASES = ["1000000x3x3x1xf64", "4096x32x32x1xf64", "64x75x75x75xf64",
                 "1024x64x64x1xf64", "75x75x1xf64", "2048x2048x1xf64"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", nargs="+", default=DEFAULT_CASES)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    import jax
    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_platforms", "cpu")
    import jax.numpy as jnp
    import linalgx
    jax_solve = jax.jit(jnp.linalg.solve)
    rng = np.random.default_rng(20261203)
    print("| case | linalgx.solve | numpy.linalg.solve | scipy.linalg.solve loop | "
          "jax.jit(jnp.linalg.solve) CPU | faster peer / linalgx |")
    print("|---|---:|---:|---:|---:|---:|")
    for case in args.cases:
        *dims, dtype = case.split("x")
        dims = [int(d) for d in dims]
        *batch, n, _, r = dims
        dtype = {"f32": np.float32, "f64": np.float64}[dtype]
        a = rng.standard_normal(tuple(batch) + (n, n)).astype(dtype)
        b = rng.standard_normal(tuple(batch) + (n, r)).astype(dtype)
        ja, jb = jax.device_put(a), jax.device_put(b)
        times = {
            "linalgx": median_us(lambda: linalgx.solve(a, b), args.seconds)[0],
            "numpy": median_us(lambda: np.linalg.solve(a, b), args.seconds)[0],
            "jax": median_us(lambda: jax_solve(ja, jb).block_until_ready(), args.seconds)[0],
        }
        flat_a, flat_b = a.reshape(-1, n, n), b.reshape(-1, n, r)
        if len(flat_a) <= 4096:
            times["scipy"] = median_us(
                lambda: [scipy.linalg.solve(x, y, check_finite=False)
                         for x, y in zip(flat_a, flat_b)], args.seconds)[0]
        peer = min(v for k, v in times.items() if k != "linalgx")
        print("| %s | %s | %s | %s | %s | %.2f |" % (
            case, *("%.3f" % (times[k] / 1e3) if k in times else "–"
                    for k in ("linalgx", "numpy", "scipy", "jax")),
            peer / times["linalgx"]), flush=True)


if __name__ == "__main__":
    main()
