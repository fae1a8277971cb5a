#!/usr/bin/env python3
"""The LU of large matrices on an NVIDIA GPU, on the matrices that break
LU implementations, against LAPACK (SciPy) and the CPU lowering's rules.

`lu_perm_auto_<type>` of a pack (scripts/pack-gpu.sh), on the shapes that
leave the one-kernel LUs: n = 513 and 1000 one matrix at a time (the
blocked LU for real types, cuSOLVER for complex)
and in batches of two (the blocked LU where its panels fit, cuSOLVER
beyond), tall 1200 x 700 and wide 700 x 1200, 4095 x 4095 f32, and the
panel kernel's largest sizes (120, 128) with the structured matrices too:

  random       normal entries
  crossover    single matrices at the default choice's limits: 2048 rows,
               4096 f64 and 8192 f32 (the first sizes whose GEMMs go by
               blocks of panels), 6928/6929 f64 (the shared-memory cluster
               panel's last size when register panels are off; by default
               both take the register panels' clusters of 16), 8192 f64
               (the blocked LU's last size) and 8193 f32 (cuSOLVER's)
  conditioned  U diag(s) V^T with s from 1 down to 1e-12 (f64) or 1e-6 (f32)
  graded       rows scaled from 10^-8 to 10^8 (10^-3 to 10^3 in f32)
  wilkinson    Wilkinson's growth matrix (1 on the diagonal and in the last
               column, -1 below the diagonal): every candidate of every step
               ties, the first must win (pivots equal LAPACK's, no
               exchange), and U's last column grows to 2^(n-1); exact, so
               the backward error is 0 (f64 up to n = 1000, f32 to 120)
  signs        random +-1 entries: many equal magnitudes at every step
  singular     a zero column inside a 32-column panel and one at a panel's
               last column: info = LAPACK's (first zero pivot), lu finite
  nan-inf      a NaN and an infinity, on the generated paths: pivots, info
               and the NaN pattern of lu equal the CPU lowering's
               (extreme_gpu.lu_reference)

Checks per matrix: backward error ||A[perm] - L U||_F <= 10 max(m, n) eps
||A||_F, info equal to LAPACK's, the permutation equal to the pivots', and
the pivots equal to LAPACK's where no step has a near-tie (replayed in
float64; skipped above 1000 rows, where replaying costs minutes).

Ends with `large-lu-gpu: N checks, N passed, N failed`; exit 1 on any
failure.

  python3 large_lu_gpu.py --pack PACK_DIR [--seed S] [--quick]
  python3 large_lu_gpu.py --aot LIB_DIR [--seed S] [--quick]

--aot checks the dynamically shaped `linalgx_lu_<type>` entry points of the
ahead-of-time library (LIB_DIR/liblinalgx_cuda_kernels.so, as
scripts/pack-python-gpu.sh packs it: what the Python packages call) in
place of a pack's `lu_perm_auto_<type>`.
"""

import argparse
import ctypes
import os
import sys
import time

import numpy as np
import scipy.linalg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import random_gpu_vs_scipy as rg  # noqa: E402  (Kernels, Checker, near_tie)
import extreme_gpu as xg  # noqa: E402  (lu_reference: the CPU semantics)
from generated_lu_gpu import run_lu  # noqa: E402
from structured_matrices import (conditioned, graded, signs,  # noqa: E402
                                 wilkinson)

TIE_REPLAY_MAX_ROWS = 1000


def lapack_getrf(a):
    wide = a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)
    getrf = scipy.linalg.lapack.zgetrf if np.iscomplexobj(wide) \
        else scipy.linalg.lapack.dgetrf
    _, piv, info = getrf(wide)
    return piv, info


def check_factors(kernels, checker, tag, t, a, exact_lu=None):
    """Runs `a` ([B, M, N]) through the pack and checks every matrix against
    LAPACK. `exact_lu`: the factors of a matrix whose elimination is exact;
    then lu must equal them and the pivots LAPACK's even at ties (the
    first-largest rule decides alone), in place of the backward error, which
    float64 cannot evaluate once the factors outgrow its mantissa."""
    _, _, eps = rg.TYPES[t]
    b, m, n = a.shape
    k = min(m, n)
    lu, piv, info, perm = run_lu(kernels, t, a)
    checker.check(np.array_equal(perm, rg.reference_permutation(piv, m)),
                  f"{tag}: permutation differs from the pivots' permutation")
    tie_rel = 1e-3 if eps > 1e-10 else 1e-6
    wide_t = np.complex128 if np.iscomplexobj(a) else np.float64
    for i in range(b):
        ai = a[i].astype(wide_t)
        piv_ref, info_ref = lapack_getrf(a[i])
        checker.check(int(info[i]) == int(info_ref),
                      f"{tag} [{i}]: info {info[i]} != LAPACK {info_ref}")
        if exact_lu is not None or (info_ref == 0 and
                                    m <= TIE_REPLAY_MAX_ROWS and
                            not rg.near_tie(a[i], piv_ref, tie_rel)):
            differ = np.nonzero(piv[i] != piv_ref)[0]
            checker.check(differ.size == 0,
                          f"{tag} [{i}]: pivots differ from LAPACK at steps "
                          f"{differ[:5].tolist()}")
        else:
            checker.skipped_pivots += 1
        checker.check(bool(np.isfinite(lu[i]).all()),
                      f"{tag} [{i}]: lu has entries that are not finite")
        if exact_lu is not None:
            differ = np.argwhere(lu[i] != exact_lu)
            checker.check(differ.size == 0,
                          f"{tag} [{i}]: lu differs from the exact factors at "
                          f"{differ[:3].tolist()}")
            continue
        l = np.tril(lu[i], -1)[:, :k].astype(wide_t) + np.eye(m, k)
        u = np.triu(lu[i])[:k, :].astype(wide_t)
        err = np.linalg.norm(ai[perm[i]] - l @ u)
        bound = 10 * max(m, n) * eps * max(np.linalg.norm(ai), 1e-300)
        checker.check(err <= bound,
                      f"{tag} [{i}]: backward error {err:.3e} > {bound:.3e}")


# Groups
# --------------------------------------------------------------------------


def square_shapes(t, quick):
    shapes = [(1, 513), (2, 513), (1, 1000), (2, 1000)]
    if t == "f32" and not quick:
        shapes.append((1, 4095))
    return shapes


def group_random(kernels, checker, rng, quick):
    for t in rg.TYPES:
        np_t = rg.TYPES[t][0]
        for b, n in square_shapes(t, quick):
            check_factors(kernels, checker, f"random {t} b={b} n={n}", t,
                          rg.random_matrices(rng, np_t, b, n, n))
        for m, n in [(1200, 700), (700, 1200)]:
            check_factors(kernels, checker, f"random {t} {m}x{n}", t,
                          rg.random_matrices(rng, np_t, 1, m, n))
        print(f"   random {t}", flush=True)


def group_crossover(kernels, checker, rng, quick):
    """Single matrices at the default choice's limits: the blocked LU with
    GEMM updates (f64 from 128 rows below the panel, f32 from 256) up to
    8192 rows, its GEMMs by blocks of panels from 4096 f64 and 8192 f32
    rows, its panels on the register panels (8192 rows; 6928 f64 rows is
    the shared-memory cluster panel's limit without them), cuSOLVER past
    them."""
    sizes = {"f64": [2048, 4096, 6928, 6929, 8192], "f32": [2048, 8192, 8193]}
    for t, ns in sizes.items():
        np_t = rg.TYPES[t][0]
        for n in ns[:1] if quick else ns:
            check_factors(kernels, checker, f"crossover {t} n={n}", t,
                          rg.random_matrices(rng, np_t, 1, n, n))
        print(f"   crossover {t}", flush=True)


def group_structured(kernels, checker, rng):
    for t in ("f32", "f64"):
        np_t, _, eps = rg.TYPES[t]
        kappa = 1e12 if t == "f64" else 1e6
        decades = 8 if t == "f64" else 3
        for b, n in [(1, 128), (1, 513), (2, 513), (1, 1000)]:
            check_factors(kernels, checker, f"conditioned {t} b={b} n={n}", t,
                          conditioned(rng, np_t, b, n, kappa))
            check_factors(kernels, checker, f"graded {t} b={b} n={n}", t,
                          graded(rng, np_t, b, n, n, decades))
            check_factors(kernels, checker, f"signs {t} b={b} n={n}", t,
                          signs(rng, np_t, b, n, n))
        # U's last column reaches 2^(n-1): f32 holds it to n = 128.
        sizes = [(1, 120), (3, 128), (1, 513), (2, 513), (1, 1000)] \
            if t == "f64" else [(1, 120), (3, 128)]
        for b, n in sizes:
            a, exact = wilkinson(np_t, b, n)
            check_factors(kernels, checker, f"wilkinson {t} b={b} n={n}", t,
                          a, exact_lu=exact)
        print(f"   structured {t}", flush=True)


def group_singular(kernels, checker, rng):
    for t in rg.TYPES:
        np_t = rg.TYPES[t][0]
        for b, n in [(1, 513), (2, 513), (2, 1000)]:
            for column in (100, 511):
                a = rg.random_matrices(rng, np_t, b, n, n)
                a[:, :, column] = 0
                check_factors(kernels, checker,
                              f"singular {t} b={b} n={n} column {column}", t,
                              a)
        print(f"   singular {t}", flush=True)


def group_nan_inf(kernels, checker, rng):
    """Generated paths only (the vendor's NaN choices are extreme_gpu.py's
    MEASURED list): 400 rows in a batch take the blocked LU for every type
    (its panels fit up to 436 complex<f64> rows), 128 the panel kernel (real)
    or the shared-memory and blocked kernels (complex)."""
    for t in rg.TYPES:
        np_t = rg.TYPES[t][0]
        for b, n in [(2, 400), (3, 128)]:
            a = rg.random_matrices(rng, np_t, b, n, n)
            a[0, 300 % n, 200 % n] = np.nan
            a[-1, 10, 400 % n] = np.inf
            lu, piv, info, _ = run_lu(kernels, t, a)
            ref_lu, ref_piv, ref_info = xg.lu_reference(a)
            tag = f"nan-inf {t} b={b} n={n}"
            checker.check(np.array_equal(piv, ref_piv),
                          f"{tag}: pivots differ from the CPU semantics")
            checker.check(np.array_equal(info, ref_info),
                          f"{tag}: info {info.tolist()} != "
                          f"{ref_info.tolist()}")
            checker.check(np.array_equal(np.isnan(lu), np.isnan(ref_lu)),
                          f"{tag}: the NaN pattern of lu differs")
        print(f"   nan-inf {t}", flush=True)


class AotKernels(rg.Kernels):
    """The ahead-of-time library's `linalgx_lu_<type>` under the pack's
    entry names (the same operands: a, lu, pivots, info, permutation)."""

    def __init__(self, directory):
        self.lib = ctypes.CDLL(os.path.join(directory, "liblinalgx_cuda_kernels.so"))

    def call(self, name, *tensors):
        super().call(name.replace("lu_perm_auto_", "linalgx_lu_"), *tensors)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--pack", help="a pack of scripts/pack-gpu.sh")
    where.add_argument("--aot", help="the directory of liblinalgx_cuda_kernels.so")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--quick", action="store_true",
                        help="leave out the 4095 x 4095 matrix and the "
                        "crossover group's above 2048 rows")
    parser.add_argument("--groups",
                        default="random,crossover,structured,singular,nan-inf",
                        help="comma-separated groups to run")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    kernels = AotKernels(args.aot) if args.aot else rg.Kernels(args.pack)
    checker = rg.Checker()
    start = time.time()
    groups = args.groups.split(",")
    if "random" in groups:
        group_random(kernels, checker, rng, args.quick)
    if "crossover" in groups:
        group_crossover(kernels, checker, rng, args.quick)
    if "structured" in groups:
        group_structured(kernels, checker, rng)
    if "singular" in groups:
        group_singular(kernels, checker, rng)
    if "nan-inf" in groups:
        group_nan_inf(kernels, checker, rng)
    print("large-lu-gpu: %d checks, %d passed, %d failed (%d pivot "
          "comparisons skipped for near-ties or size) in %.1f s"
          % (checker.passed + checker.failed, checker.passed, checker.failed,
             checker.skipped_pivots, time.time() - start))
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main())
