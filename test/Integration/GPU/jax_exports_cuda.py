#!/usr/bin/env python3
"""JAX's exports run by linalgx-runner --target=cuda on a GPU machine (from
the pack of scripts/pack-runner-gpu.sh): the installed JAX exports
jax.lax.linalg.lu, jax.scipy.linalg.lu, jax.scipy.linalg.lu_factor and
jax.lax.linalg.lu_pivots_to_permutation for the cuda and cpu platforms;
linalgx.import_jax imports each (through the pack's liblinalgx_capi.so) and
adds an entry point running @main on a random input; the runner runs it on
the GPU; its exactly printed results are compared with JAX's own on the GPU
(on the CPU for complex matrices, which cuSOLVER pivots differently).

What is built on the LU -- jax.numpy.linalg.solve, inv, det and slogdet,
jax.scipy.linalg.lu_solve -- goes the same way, on random inputs (one with
a singular matrix, whose determinant must be exactly 0): its results are
rounded differently from JAX's, so they are compared with JAX's on the GPU
within a bound of n * eps times each matrix's condition number, and
solutions and inverses must also leave a relative residual of a small
multiple of n * eps.

  python3 jax_exports_cuda.py --runner BIN/linalgx-runner --out DIR
  python3 jax_exports_cuda.py --runner BIN/linalgx-runner --out DIR --target=cpu  # dry run

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


def lu_solve_of_factored(a, b):
    return jax.scipy.linalg.lu_solve(jax.scipy.linalg.lu_factor(a), b)


def slogdet_pair(a):
    # A plain tuple: the runner prints slogdet's two arrays as two results.
    return tuple(jax.numpy.linalg.slogdet(a))


SOLVES = {"numpy.linalg.solve": jax.numpy.linalg.solve, "numpy.linalg.inv": jax.numpy.linalg.inv,
          "numpy.linalg.det": jax.numpy.linalg.det, "numpy.linalg.slogdet": slogdet_pair,
          "scipy.linalg.lu_solve": lu_solve_of_factored}
# (function, argument shapes, dtype, symbolic shapes or None, singular: the
# last column of the first matrix is zero). Determinants of matrices of at
# least 4 rows: JAX computes 2x2 and 3x3 ones without an LU.
SOLVE_CASES = [
    ("numpy.linalg.solve", [(6, 6), (6,)], np.float32, None, False),
    ("numpy.linalg.solve", [(16, 32, 32), (16, 32, 8)], np.float64, None, False),
    ("numpy.linalg.solve", [(5, 12, 12), (5, 12, 3)], np.complex64, ["b, 12, 12", "b, 12, 3"],
     False),
    ("numpy.linalg.solve", [(3, 7, 7), (3, 7, 1)], np.complex128, None, False),
    ("numpy.linalg.inv", [(75, 75)], np.float64, None, False),
    ("numpy.linalg.inv", [(8, 16, 16)], np.float32, None, False),
    ("numpy.linalg.inv", [(3, 6, 6)], np.complex128, None, False),
    ("numpy.linalg.det", [(4, 5, 5)], np.float32, None, False),
    ("numpy.linalg.det", [(7, 7)], np.complex128, None, False),
    ("numpy.linalg.det", [(6, 6)], np.float64, None, True),
    ("numpy.linalg.det", [(4, 8, 8)], np.complex64, ["b, 8, 8"], True),
    ("numpy.linalg.slogdet", [(4, 5, 5)], np.float64, None, False),
    ("numpy.linalg.slogdet", [(6, 6)], np.complex64, None, False),
    ("numpy.linalg.slogdet", [(3, 6, 6)], np.float32, None, True),
    ("scipy.linalg.lu_solve", [(5, 5), (5, 3)], np.complex128, None, False),
    ("scipy.linalg.lu_solve", [(8, 20, 20), (8, 20, 4)], np.float32, None, False),
]


def random_array(rng, shape, dtype):
    a = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def case_input(name, shape, dtype, seed):
    rng = np.random.default_rng(seed)
    if name == "lu_pivots_to_permutation":
        return rng.integers(0, 8, size=shape).astype(np.int32)
    return random_array(rng, shape, dtype)


def solve_inputs(shapes, dtype, singular, seed):
    rng = np.random.default_rng(seed)
    arguments = [random_array(rng, shape, dtype) for shape in shapes]
    if singular:
        # A zero last column stays exactly zero through the elimination
        # (each update subtracts a multiple of a pivot row's entry in it,
        # itself zero), so U's last diagonal entry is an exact 0, with no
        # division by it after: the determinant is exactly 0 for JAX and
        # for linalgx, whatever the rounding.
        a = arguments[0]
        a.reshape(-1, *a.shape[-2:])[0, :, -1] = 0
    return arguments


def solve_specs(shapes, dtype, symbolic):
    if not symbolic:
        return [jax.ShapeDtypeStruct(shape, dtype) for shape in shapes]
    scope = export.SymbolicScope()  # one "b" for all the arguments
    return [jax.ShapeDtypeStruct(export.symbolic_shape(s, scope=scope), dtype)
            for s in symbolic]


# LU with partial pivoting is backward stable: its backward error is a small
# multiple of n * eps (the growth factor of random matrices is small). A
# result's forward error is at most that times the condition number, so two
# results (linalgx's, JAX's) differ by at most twice that. The multiples
# leave room for different, correct rounding, not for a wrong result: on the
# CPU, linalgx's results differ from JAX's by at most 2% of these bounds.
BACKWARD_FACTOR = 4
FORWARD_FACTOR = 8


def condition_numbers(a):
    """kappa_2 of each matrix of `a` (computed in double precision), capped
    at 1/eps of a's dtype: a matrix as ill-conditioned as that is singular
    to its precision, and no digit of a result of it is promised."""
    wide = a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)
    with np.errstate(divide="ignore"):
        kappa = np.linalg.cond(wide).reshape(-1)
    return np.minimum(kappa, 1 / np.finfo(a.dtype).eps)


def linear_system(name, arguments):
    """(A, B) that linalgx's first result X must solve, A X = B, as stacks of
    matrices, or None for the determinants."""
    a = arguments[0]
    if name == "numpy.linalg.inv":
        b = np.broadcast_to(np.eye(a.shape[-1], dtype=a.dtype), a.shape)
    elif name in ("numpy.linalg.solve", "scipy.linalg.lu_solve"):
        b = arguments[1]
    else:
        return None
    return a, b


def relative_residuals(a, b, x):
    """||A X - B|| / (||A|| ||X||) of each matrix (Frobenius norms), in
    double precision."""
    wide = np.complex128 if np.iscomplexobj(a) else np.float64
    n = a.shape[-1]
    if x.ndim == a.ndim - 1:  # a vector right-hand side
        x, b = x[..., None], b[..., None]
    a, b, x = (m.astype(wide).reshape(-1, n, m.shape[-1]) for m in (a, b, x))
    norm = lambda m: np.linalg.norm(m, axis=(1, 2))  # noqa: E731
    return norm(a @ x - b) / (norm(a) * norm(x))


def within(got, want, bounds, absolute):
    """None if each matrix's share of `got` differs from `want`'s by at most
    its bound (relative to that share's norm, or absolute), else how it
    differs. Where JAX's result is 0 or not finite (a singular matrix's
    determinant, sign and logarithm -inf), linalgx's must be exactly it."""
    exact = (want == 0) | ~np.isfinite(want)
    if not np.array_equal(got[exact], want[exact]):
        return "%s where JAX has exactly %s" % (got[exact], want[exact])
    # Each matrix's share, what was compared exactly left out (-inf - -inf
    # is NaN).
    per_matrix = lambda m: np.where(exact, 0, m).reshape(bounds.size, -1)  # noqa: E731
    error = np.linalg.norm(per_matrix(got) - per_matrix(want), axis=1)
    size = 1.0 if absolute else np.linalg.norm(per_matrix(want), axis=1)
    allowed = bounds * size
    wrong = np.flatnonzero(~(error <= allowed))  # NaN is wrong too
    if wrong.size:
        k = wrong[0]
        return "matrix %d differs by %.3g, more than %.3g" % (k, error[k], allowed[k])
    return None


def solve_problem(name, arguments, singular, got, want, dtype):
    """None if linalgx's results `got` are JAX's `want` up to rounding
    (bounds above), else what is wrong."""
    want = tuple(np.asarray(w) for w in (want if isinstance(want, tuple) else (want,)))
    if len(got) != len(want):
        return "%d results, JAX has %d" % (len(got), len(want))
    a = arguments[0]
    n, eps = a.shape[-1], np.finfo(dtype).eps
    bounds = FORWARD_FACTOR * n * eps * condition_numbers(a)
    for i, (g, w) in enumerate(zip(got, want)):
        if g.shape != w.shape or g.dtype != w.dtype:
            return "result %d: %s %s, JAX %s %s" % (i, g.shape, g.dtype, w.shape, w.dtype)
        # slogdet's log|det|: its absolute error is the relative one of |det|.
        absolute = name == "numpy.linalg.slogdet" and i == 1
        problem = within(g, w, bounds, absolute)
        if problem:
            return "result %d: %s" % (i, problem)
    # Whatever JAX says: the singular matrix's det (slogdet's sign) is 0.
    if singular and got[0].reshape(-1)[0] != 0:
        return "the singular matrix's determinant is %r, not 0" % got[0].reshape(-1)[0]
    system = linear_system(name, arguments)
    if system:
        residual = relative_residuals(*system, got[0]).max()
        if not residual <= BACKWARD_FACTOR * n * eps:
            return "relative residual %.3g, more than %.3g" % (residual,
                                                               BACKWARD_FACTOR * n * eps)
    return None


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


def solve_job(case, platform, out, index, import_jax):
    """(label, program, check) of a SOLVE_CASES case exported for `platform`."""
    name, shapes, dtype, symbolic, singular = case
    arguments = solve_inputs(shapes, dtype, singular,
                             zlib.crc32(repr((name, shapes, np.dtype(dtype).name,
                                              singular)).encode()))
    label = "%s %s %s%s%s exported for %s" % (
        name, ", ".join(map(str, shapes)), np.dtype(dtype).name,
        " as (%s)" % "), (".join(symbolic) if symbolic else "",
        " singular" if singular else "", platform)
    program = os.path.join(out, "%s-%d.mlir" % (platform, index))
    exported = export.export(jax.jit(SOLVES[name]), platforms=[platform])(
        *solve_specs(shapes, dtype, symbolic))
    with open(program, "w") as stream:
        stream.write(import_jax.add_runner_entry(import_jax.import_exported(exported), arguments))
    # Pivoting differently (cuSOLVER on complex |z|) changes only rounding
    # here: JAX on the GPU is the reference for every dtype.
    device = jax.devices()[0]
    want = jax.jit(SOLVES[name])(*(jax.device_put(x, device) for x in arguments))
    return ("%s, against JAX on %s" % (label, device.platform), program,
            lambda got: solve_problem(name, arguments, singular, got, want, dtype))


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
            jobs.append(("%s, against JAX on %s" % (label, device.platform), program,
                         lambda got, want=want, dtype=dtype: matches(got, want, dtype)))
        for case in SOLVE_CASES:
            jobs.append(solve_job(case, platform, args.out, len(jobs), import_jax))

    def run(job):
        label, program, check = job
        start = time.perf_counter()
        result = subprocess.run([args.runner, "--target=" + args.target, "-e", "linalgx_run",
                                 program],
                                capture_output=True, text=True, timeout=600)
        seconds = time.perf_counter() - start
        if result.returncode != 0:
            return label, seconds, "exit %d: %s" % (result.returncode, result.stderr[-2000:])
        return label, seconds, check(tuple(import_jax.read_printed(result.stdout)))

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
