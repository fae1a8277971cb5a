#!/usr/bin/env python3
"""The NumPy path on the CPU, as a Python user reaches it: `linalgx.lu` on
NumPy arrays beside `scipy.linalg.lu_factor(check_finite=False)` (looped over
a batch) and `jax.jit(jax.lax.linalg.lu)` on JAX's CPU backend, median wall
time of repeated calls on random normal input after a warm-up, all in one
process. With --runtime NAME=DIR (repeatable) the linalgx CPU runtime of
each DIR (liblinalgx_cpu_runtime.so, e.g. built against another OpenBLAS)
is also timed through its C entry point linalgxCpuGetrf on the same input,
so that LAPACK builds are compared side by side.

  python bench/cpu/bench_python_cpu.py [--cases 75x75xf64 1024x1024xf64 ...]
      [--runtime debian=/tmp/rt-system] [--json out.jsonl]

Prints a Markdown table (µs per call, and each one's ratio to SciPy).
"""

import argparse
import ctypes
import json
import os
import statistics
import sys
import time

import numpy as np
import scipy.linalg

DEFAULT_CASES = ["4x4xf64", "75x75xf64", "64x75x75xf64", "1024x1024xf64",
                 "1024x1024xf32", "2048x2048xf64", "2048x2048xf32"]
DTYPES = {"f32": np.float32, "f64": np.float64}
CODES = {"f32": 0, "f64": 1}


def parse_case(text):
    *dims, dtype = text.split("x")
    return tuple(int(d) for d in dims), dtype


def median_us(fn, min_seconds, min_reps=5, max_reps=20000):
    fn()
    fn()
    times = []
    start = time.perf_counter()
    while len(times) < max_reps and (len(times) < min_reps or
                                     time.perf_counter() - start < min_seconds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6, len(times)


def runtime_call(directory, a):
    library = ctypes.CDLL(os.path.join(directory, "liblinalgx_cpu_runtime.so"),
                          mode=ctypes.RTLD_LOCAL)
    getrf = library.linalgxCpuGetrf
    getrf.restype = None
    getrf.argtypes = [ctypes.c_int32, ctypes.c_int32] + [ctypes.c_void_p] * 4 + \
        [ctypes.c_int64] * 3 + [ctypes.c_int32]
    *batch, m, n = a.shape
    b = int(np.prod(batch)) if batch else 1
    lu = np.empty_like(a)
    pivots = np.empty((b, min(m, n)), np.int32)
    info = np.empty(b, np.int32)
    code = CODES[{np.dtype(np.float32): "f32", np.dtype(np.float64): "f64"}[a.dtype]]
    buffers = (a, lu, pivots, info)  # kept alive by the closure
    pointers = [x.ctypes.data for x in buffers]
    return lambda: (buffers, getrf(code, 32, *pointers, b, m, n, 0))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", nargs="+", default=DEFAULT_CASES)
    parser.add_argument("--runtime", action="append", default=[], metavar="NAME=DIR")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--json")
    args = parser.parse_args()

    import linalgx
    impls = {"linalgx.lu": None, "scipy": None}
    try:
        import jax
        jax.config.update("jax_enable_x64", True)
        jax.config.update("jax_platforms", "cpu")
        jax_lu = jax.jit(jax.lax.linalg.lu)
        impls["jax"] = None
    except ImportError:
        jax = None
    runtimes = [tuple(r.split("=", 1)) for r in args.runtime]
    rows = []
    for case in args.cases:
        shape, dtype = parse_case(case)
        a = np.random.default_rng(0).standard_normal(shape).astype(DTYPES[dtype])
        fns = {"linalgx.lu": lambda: linalgx.lu(a)}
        if a.ndim == 2:
            fns["scipy"] = lambda: scipy.linalg.lu_factor(a, check_finite=False)
        else:
            fns["scipy"] = lambda: [scipy.linalg.lu_factor(x, check_finite=False) for x in a]
        if jax is not None:
            x = jax.device_put(a)
            fns["jax"] = lambda: jax.block_until_ready(jax_lu(x))
        for name, directory in runtimes:
            fns["runtime:" + name] = runtime_call(directory, a)
        row = {"case": case}
        for name, fn in fns.items():
            row[name], row[name + ":reps"] = median_us(fn, args.seconds)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr)
    names = [n for n in rows[0] if not n.endswith(":reps") and n != "case"]
    print("| case | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for row in rows:
        cells = ["%.1f (%.2fx)" % (row[n], row["scipy"] / row[n]) for n in names]
        print("| %s | %s |" % (row["case"], " | ".join(cells)))
    if args.json:
        with open(args.json, "w") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
