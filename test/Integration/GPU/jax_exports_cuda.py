#!/usr/bin/env python3
"""JAX's exports run by linalgx-runner --target=cuda on a GPU machine (from
the pack of scripts/pack-runner-gpu.sh): the installed JAX exports
jax.lax.linalg.lu, jax.scipy.linalg.lu, jax.scipy.linalg.lu_factor and
jax.lax.linalg.lu_pivots_to_permutation for the cuda and cpu platforms;
linalgx.import_jax imports each (through the pack's liblinalgx_capi.so) and
adds an entry point running @main on a random input; the runner runs it on
the GPU; its exactly printed results are compared with JAX's own on the GPU
(on the CPU for complex matrices, which cuSOLVER pivots differently).

  python3 jax_exports_cuda.py --runner BIN/linalgx-runner --out DIR

Prints PASS/FAIL lines with each run's time and ends with
`N passed, N failed`.
"""

import argparse
import concurrent.futures
import ctypes
import os
import subprocess
import sys
import time
import zlib

import jax
import numpy as np
from jax import export

jax.config.update("jax_enable_x64", True)


def permutation_of_8(pivots):
    return jax.lax.linalg.lu_pivots_to_permutation(pivots, 8)


FUNCTIONS = {"lax.linalg.lu": jax.lax.linalg.lu, "scipy.linalg.lu": jax.scipy.linalg.lu,
             "scipy.linalg.lu_factor": jax.scipy.linalg.lu_factor,
             "lu_pivots_to_permutation": permutation_of_8}
# (function, input shape, dtype, symbolic shape or None)
CASES = [
    ("lax.linalg.lu", (75, 75), np.float64, None),
    ("lax.linalg.lu", (64, 75, 75), np.float64, None),
    ("lax.linalg.lu", (64, 75, 75), np.float32, None),
    ("lax.linalg.lu", (8, 16, 16), np.complex64, None),
    ("lax.linalg.lu", (2, 3, 6, 4), np.complex128, None),
    ("lax.linalg.lu", (4, 6), np.float32, None),
    ("lax.linalg.lu", (6, 5, 5), np.float32, "b, 5, 5"),
    ("lax.linalg.lu", (3, 7, 6), np.float64, "b, m, n"),
    ("scipy.linalg.lu", (6, 6), np.float64, None),
    ("scipy.linalg.lu", (7, 5), np.complex64, None),
    ("scipy.linalg.lu_factor", (3, 5, 5), np.float32, None),
    ("lu_pivots_to_permutation", (3, 4), np.int32, None),
]


def case_input(name, shape, dtype, seed):
    rng = np.random.default_rng(seed)
    if name == "lu_pivots_to_permutation":
        return rng.integers(0, 8, size=shape).astype(np.int32)
    a = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def matches(got, want, dtype):
    want = tuple(want) if isinstance(want, (tuple, list)) else (want,)
    if len(got) != len(want):
        return "%d results, JAX has %d" % (len(got), len(want))
    eps = np.finfo(np.float32 if dtype in (np.float32, np.complex64) else np.float64).eps
    for i, (g, w) in enumerate(zip(got, want)):
        w = np.asarray(w)
        if g.shape != w.shape or g.dtype != w.dtype:
            return "result %d: %s %s, JAX %s %s" % (i, g.shape, g.dtype, w.shape, w.dtype)
        if np.issubdtype(w.dtype, np.integer):
            if not np.array_equal(g, w):
                return "result %d differs" % i
        elif float(np.abs(g - w).max()) > 200 * eps * max(1.0, float(np.abs(w).max())):
            return "result %d: max difference %.3g" % (i, float(np.abs(g - w).max()))
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--preload-lazily", nargs="*", default=[], metavar="LIB",
                        help="libraries to load with lazy binding first (the pack's libLLVM, "
                             "whose SMT functions need a libz3 the pack leaves out; ctypes "
                             "would bind them at once)")
    parser.add_argument("--target", default="cuda", help="the runner's target (cpu: a dry run "
                        "of this script where there is no GPU)")
    args = parser.parse_args()
    for library in args.preload_lazily:
        ctypes.CDLL(library, mode=os.RTLD_LAZY | os.RTLD_GLOBAL)
    # After the preloads; the pack's python/ is on PYTHONPATH.
    from linalgx import import_jax
    os.makedirs(args.out, exist_ok=True)
    print("JAX %s on %s" % (jax.__version__, jax.devices()[0].device_kind))
    jobs = []
    for platform in ("cuda", "cpu"):
        for name, shape, dtype, symbolic in CASES:
            a = case_input(name, shape, dtype, zlib.crc32(repr((name, shape)).encode()))
            spec = jax.ShapeDtypeStruct(export.symbolic_shape(symbolic) if symbolic else shape, dtype)
            label = "%s %s %s%s exported for %s" % (name, shape, np.dtype(dtype).name,
                                                    " as (%s)" % symbolic if symbolic else "",
                                                    platform)
            program = os.path.join(args.out, "%s-%d.mlir" % (platform, len(jobs)))
            exported = export.export(jax.jit(FUNCTIONS[name]), platforms=[platform])(spec)
            with open(program, "w") as stream:
                stream.write(import_jax.add_runner_entry(
                    import_jax.import_exported(exported), [a]))
            # For complex matrices cuSOLVER pivots on |z|, LAPACK and linalgx
            # on |re| + |im| (i?amax): their reference is JAX on the CPU.
            device = jax.devices("cpu" if np.iscomplexobj(a) else None)[0]
            want = jax.jit(FUNCTIONS[name])(jax.device_put(a, device))
            jobs.append(("%s, against JAX on %s" % (label, device.platform), program, want,
                         dtype))

    def run(job):
        label, program, want, dtype = job
        start = time.perf_counter()
        result = subprocess.run([args.runner, "--target=" + args.target, "-e", "linalgx_run",
                                 program],
                                capture_output=True, text=True, timeout=600)
        seconds = time.perf_counter() - start
        if result.returncode != 0:
            return label, seconds, "exit %d: %s" % (result.returncode, result.stderr[-2000:])
        return label, seconds, matches(tuple(import_jax.read_printed(result.stdout)), want, dtype)

    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        for label, seconds, problem in pool.map(run, jobs):
            if problem is None:
                passed += 1
                print("PASS: %s (%.1f s)" % (label, seconds))
            else:
                failed += 1
                print("FAIL: %s: %s" % (label, problem))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
