#!/usr/bin/env python3
"""CPU peers of bench/cpu: SciPy's lu_factor (looped over the batch) and JAX's
CPU jax.lax.linalg.lu (jitted, batched), timed like the linalgx harness: the
median wall time per call over repeated calls on the same random input.
JAX's lu also computes the permutation (its third result); SciPy's lu_factor
does not. Both include their Python call overhead, which is part of what a
user of them pays per call.

Prints one JSON object per (case, peer) line:
  {"case": "4096x32x32xf64", "impl": "scipy", "median_us": ..., ...}
A peer that is not importable is reported with "error" instead of a time.
"""

import argparse
import json
import os
import statistics
import sys
import time


def parse_case(text):
    *dims, dtype = text.split("x")
    return tuple(int(d) for d in dims), dtype


def timed(fn, reps, min_seconds):
    fn()  # warm-up (compilation, first-touch)
    times = []
    start = time.perf_counter()
    while len(times) < reps or time.perf_counter() - start < min_seconds:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        if len(times) >= 10 * reps:
            break
    return statistics.median(times) * 1e6, len(times)


def bench_scipy(a, reps, min_seconds):
    import scipy.linalg

    batch = a.reshape((-1,) + a.shape[-2:])

    def call():
        # overwrite_a=False: SciPy copies, as linalgx writes lu apart from a.
        for matrix in batch:
            scipy.linalg.lu_factor(matrix, check_finite=False)

    return timed(call, reps, min_seconds)


def bench_jax(a, reps, min_seconds):
    import jax

    jax.config.update("jax_enable_x64", True)
    import jax.numpy as jnp

    lu = jax.jit(jax.lax.linalg.lu)
    x = jax.device_put(jnp.asarray(a))

    def call():
        jax.block_until_ready(lu(x))

    return timed(call, reps, min_seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", nargs="*", help="e.g. 1024x1024xf64 4096x32x32xf64")
    parser.add_argument("--reps", type=int, default=21)
    parser.add_argument("--min-seconds", type=float, default=1.0)
    parser.add_argument("--peers", default="scipy,jax")
    parser.add_argument("--versions-only", action="store_true",
                        help="print the versions line and exit")
    parser.add_argument("--no-versions", action="store_true")
    args = parser.parse_args()

    import numpy as np

    if not args.no_versions:
        versions = {"python": sys.version.split()[0], "numpy": np.__version__}
        for name in ("scipy", "jax", "jaxlib"):
            try:
                versions[name] = __import__(name).__version__
            except Exception as error:  # noqa: BLE001 - reported, not fatal
                versions[name] = "unavailable: %s" % error
        try:
            import scipy

            config = scipy.show_config(mode="dicts")
            versions["scipy_blas"] = config["Build Dependencies"]["blas"].get(
                "openblas configuration", config["Build Dependencies"]["blas"].get("name"))
        except Exception:  # noqa: BLE001 - informative only
            pass
        print(json.dumps({"versions": versions}), flush=True)
    if args.versions_only:
        return

    rng = np.random.default_rng(20261130)
    for text in args.cases:
        shape, dtype = parse_case(text)
        # Uniform in [-1, 1), as the linalgx driver's input.
        a = rng.uniform(-1.0, 1.0, shape).astype({"f32": np.float32, "f64": np.float64}[dtype])
        for peer in args.peers.split(","):
            record = {"case": text, "impl": peer}
            try:
                median, calls = {"scipy": bench_scipy, "jax": bench_jax}[peer](
                    a, args.reps, args.min_seconds)
                record.update(median_us=round(median, 2), calls=calls)
            except Exception as error:  # noqa: BLE001 - reported, not fatal
                record["error"] = "%s: %s" % (type(error).__name__, error)
            print(json.dumps(record), flush=True)


if __name__ == "__main__":
    main()
