#!/usr/bin/env python3
"""The generated one-kernel LU on an NVIDIA GPU against SciPy (issue 4).

`lu_perm_auto_<type>` of liblinalgx_gpu_kernels.so (scripts/pack-gpu.sh) is
the lu with its permutation output; lu-strategy=auto runs the generated
kernel wherever a matrix fits a block's shared memory (227 KiB:
m * (n | 1) * sizeof(T) + 4 m bytes), i.e. square n <= 240 f32, 169 f64 and
complex<f32>, 119 complex<f64>. This script sweeps that whole range:

  sweep      every n = 1..40, then steps up to the largest n the kernel
             takes, per type (batch 3), plus rectangular shapes: pivots equal
             LAPACK's on tie-free input, ||A[perm] - L U||_F <= 10 n eps
             ||A||_F, info equal, permutation = the pivots' permutation
             (random_gpu_vs_scipy.lu_case)
  batches    1 to 100000 matrices (n = 3 .. 150, every kernel and size
             bucket): every matrix's backward error and permutation checked
             (vectorized), 200 sampled matrices against LAPACK's pivots and
             info
  static     the statically shaped entry points (kernels of the exact
             shape, gen-gpu-kernels.py STATIC_CASES), as batches, and with a
             zero column
  singular   a zero column (info equal to LAPACK's) and exactly repeated rows
             (rank-deficient): info names the first exact zero of the
             computed U (and every batch is checked the same way)
  blocked    the blocked LU (matrices too large for one block, whose 32-column
             panels fit it; up to 1024 here, larger ones are
             large_lu_gpu.py's): square sizes
             from just past the shared-memory kernel's to the largest, tall
             and wide shapes with a partial last panel, batches, zero
             columns at and around panel boundaries, repeated rows, NaN and
             Inf, checked as the sweep and the batches are
  nan-inf    NaN and Inf entries: the call returns (no hang: gpu-run.sh runs
             the script under a timeout), pivots are in range and the
             permutation is one; pivots, info and the NaN pattern of lu are
             compared with the CPU lowering's semantics
             (extreme_gpu.lu_reference) and differences reported as MEASURED

Ends with `generated-lu-gpu: N checks, N passed, N failed (...)`; exit 1 on
any failure.

  python3 generated_lu_gpu.py --pack PACK_DIR [--seed S]
"""

import argparse
import os
import sys
import time

import numpy as np
import scipy.linalg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import random_gpu_vs_scipy as rg  # noqa: E402  (Kernels, lu_case, Checker)
import extreme_gpu as xg  # noqa: E402  (lu_reference: the CPU semantics)

torch = rg.torch


def load_kernel_list():
    """scripts/gen-gpu-kernels.py (STATIC_CASES): beside this script in a
    pack, in scripts/ of a checkout."""
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    for path in (os.path.join(here, "gen-gpu-kernels.py"),
                 os.path.join(here, "..", "..", "..", "scripts",
                              "gen-gpu-kernels.py")):
        if os.path.exists(path):
            spec = importlib.util.spec_from_file_location("gen_gpu_kernels",
                                                          path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    raise FileNotFoundError("gen-gpu-kernels.py not found beside " + here)


gkernels = load_kernel_list()
SHARED_BYTES = 227 * 1024
ELEMENT_BYTES = {"f32": 4, "f64": 8, "c32": 8, "c64": 16}


def largest_square(t):
    n = 1
    while (n + 1) * ((n + 1) | 1) * ELEMENT_BYTES[t] + 4 * (n + 1) <= SHARED_BYTES:
        n += 1
    return n


def run_lu(kernels, t, a, entry=None):
    dev = torch.from_numpy(np.ascontiguousarray(a)).cuda()
    b, m, n = a.shape
    k = min(m, n)
    dlu = torch.full_like(dev, float("nan"))
    dpiv = torch.full((b, k), -7, dtype=torch.int32, device="cuda")
    dinfo = torch.full((b,), -7, dtype=torch.int32, device="cuda")
    dperm = torch.full((b, m), -7, dtype=torch.int32, device="cuda")
    kernels.call(entry or "lu_perm_auto_" + t, dev, dlu, dpiv, dinfo, dperm)
    torch.cuda.synchronize()
    return (x.cpu().numpy() for x in (dlu, dpiv, dinfo, dperm))


def backward_errors(a, lu, perm):
    """||A[perm] - L U||_F / ||A||_F per matrix, vectorized (float64)."""
    b, m, n = a.shape
    k = min(m, n)
    wide = np.complex128 if np.iscomplexobj(a) else np.float64
    l = np.tril(lu, -1)[:, :, :k].astype(wide) + np.eye(m, k)
    u = np.triu(lu)[:, :k, :].astype(wide)
    permuted = np.take_along_axis(a.astype(wide), perm[:, :, None].astype(np.int64), 1)
    diff = np.linalg.norm((permuted - l @ u).reshape(b, -1), axis=1)
    return diff / np.maximum(np.linalg.norm(a.reshape(b, -1), axis=1), 1e-300)


def group_sweep(kernels, checker, rng):
    for t in rg.TYPES:
        top = largest_square(t)
        sizes = list(range(1, 41)) + list(range(48, top, 16)) + [top - 1, top]
        for n in sizes:
            rg.lu_case(kernels, checker, rng, "auto", t, 3, n, n)
        for m, n in [(5, 3), (3, 5), (75, 40), (40, 75), (top, 7), (7, top)]:
            rg.lu_case(kernels, checker, rng, "auto", t, 2, m, n)
        print("   sweep %s: n = 1..%d" % (t, top), flush=True)


def check_batch(checker, rng, tag, eps, a, lu, piv, info, perm):
    """Every matrix's permutation, info and backward error; 200 sampled
    matrices against LAPACK's pivots and info."""
    b, m, n = a.shape
    checker.check(np.array_equal(perm, rg.reference_permutation(piv, m)),
                  tag + ": permutation = the pivots' permutation")
    checker.check(np.array_equal(info, first_zero_pivot(lu)),
                  tag + ": info = the first exact zero of U + 1")
    errors = backward_errors(a, lu, perm)
    worst = int(np.argmax(errors))
    bound = 10 * max(m, n) * eps
    checker.check(errors[worst] <= bound,
                  "%s: worst backward error %.3e (matrix %d) <= %.3e"
                  % (tag, errors[worst], worst, bound))
    sample = rng.choice(b, size=min(b, 200), replace=False)
    same_info = same_piv = skipped = 0
    for i in sample:
        _, piv_ref, info_ref = (scipy.linalg.lapack.zgetrf(a[i])
                                if np.iscomplexobj(a) else
                                scipy.linalg.lapack.dgetrf(a[i]))
        same_info += int(info[i]) == int(info_ref)
        if rg.near_tie(a[i], piv_ref, 1e-3 if eps > 1e-10 else 1e-6):
            skipped += 1
        else:
            same_piv += np.array_equal(piv[i], piv_ref)
    checker.check(same_info == len(sample),
                  "%s: info equal to LAPACK's on %d of %d sampled"
                  % (tag, same_info, len(sample)))
    checker.check(same_piv == len(sample) - skipped,
                  "%s: pivots equal to LAPACK's on %d of %d tie-free "
                  "sampled" % (tag, same_piv, len(sample) - skipped))
    checker.skipped_pivots += skipped


def group_batches(kernels, checker, rng):
    # Up to 16: the warp register kernel (several matrices per warp); 32 to
    # 48 (and 41): the block register kernel's size buckets (one to four
    # warps per matrix, several blocks per SM); 57 to 128: the look-ahead
    # panel kernel's buckets in batches larger than its small ones (a block
    # a matrix, blocks walking the batch; 57 and 113 inside a bucket); 150:
    # the shared-memory kernel. (20000, 41): more matrices than blocks, so a
    # block factors several in turn, with an odd step count (the candidate
    # slots' parity).
    for t in ("f32", "f64", "c64"):
        np_t, _, eps = rg.TYPES[t]
        for b, n in [(1, 32), (1000, 16), (1000, 32), (100000, 3), (100000, 8),
                     (100000, 16), (2000, 48), (3000, 57), (1000, 64),
                     (500, 75), (300, 96), (400, 113), (100, 128), (50, 150),
                     (20000, 41)]:
            a = rg.random_matrices(rng, np_t, b, n, n)
            lu, piv, info, perm = run_lu(kernels, t, a)
            check_batch(checker, rng, "batch %s b=%d n=%d" % (t, b, n), eps,
                        a, lu, piv, info, perm)
        print("   batches %s" % t, flush=True)


def group_static(kernels, checker, rng):
    """The statically shaped entry points (gen-gpu-kernels.STATIC_CASES):
    kernels of the exact shape."""
    for t, b, m, n in gkernels.STATIC_CASES:
        np_t, _, eps = rg.TYPES[t]
        a = rg.random_matrices(rng, np_t, b, m, n)
        lu, piv, info, perm = run_lu(kernels, t, a,
                                     "lu_static_%s_%dx%dx%d" % (t, b, m, n))
        check_batch(checker, rng, "static %s %dx%dx%d" % (t, b, m, n), eps,
                    a, lu, piv, info, perm)
        # The same shape with a zero column: info and the completed
        # factorization.
        a[:, :, min(m, n) // 2] = 0
        lu, piv, info, perm = run_lu(kernels, t, a,
                                     "lu_static_%s_%dx%dx%d" % (t, b, m, n))
        check_batch(checker, rng, "static %s %dx%dx%d zero column"
                    % (t, b, m, n), eps, a, lu, piv, info, perm)
    print("   static shapes: %d" % len(gkernels.STATIC_CASES), flush=True)


def first_zero_pivot(lu):
    """info as the contract defines it: 1 + the first i with U(i, i) == 0,
    0 if none."""
    diag = np.diagonal(lu, axis1=1, axis2=2)
    zero = diag == 0
    return np.where(zero.any(axis=1), zero.argmax(axis=1) + 1, 0)


def group_singular(kernels, checker, rng):
    exact_zeros = {}
    for t in rg.TYPES:
        np_t = rg.TYPES[t][0]
        for n in (2, 7, 33, 75):
            rg.lu_case(kernels, checker, rng, "auto", t, 4, n, n, singular=True)
            # Exactly repeated rows: rank-deficient. Whether U gets an exact
            # zero depends on the arithmetic (with division, the second copy
            # gets multiplier x / x = 1 and becomes exactly zero; with a
            # reciprocal, as LAPACK's getf2 and the shared-memory kernel
            # scale, x * (1 / x) may round below 1): the contract is that
            # info names the first exact zero of the computed U.
            a = rg.random_matrices(rng, np_t, 4, n, n)
            if n > 1:
                a[:, n - 1, :] = a[:, 0, :]
            lu, piv, info, perm = run_lu(kernels, t, a)
            checker.check(np.array_equal(info, first_zero_pivot(lu)),
                          "singular %s n=%d repeated rows: info %s = the first "
                          "exact zero of U + 1 %s" % (t, n, list(info),
                                                      list(first_zero_pivot(lu))))
            exact_zeros[t] = exact_zeros.get(t, 0) + int((info > 0).sum())
        print("   singular %s: %d of 16 matrices with repeated rows got an "
              "exact zero in U" % (t, exact_zeros.get(t, 0)), flush=True)


BLOCKED_MAX_SIZE = 1024        # this sweep's cap (large_lu_gpu.py goes on)
BLOCKED_PANEL_COLUMNS = 32     # BlockedLuShape::kPanelColumns


def largest_blocked(t):
    """The largest rows (and columns) the blocked LU takes: its panel of
    that many rows fits a block's shared memory (BlockedLuShape::
    panelSharedBytes), at most BLOCKED_MAX_SIZE."""
    def panel_bytes(rows):
        return rows * ((BLOCKED_PANEL_COLUMNS + 1) * ELEMENT_BYTES[t] + 4) + 16 * 12
    rows = 1
    while panel_bytes(rows + 1) <= SHARED_BYTES and rows < BLOCKED_MAX_SIZE:
        rows += 1
    return rows


def group_blocked(kernels, checker, rng):
    for t in rg.TYPES:
        np_t, _, eps = rg.TYPES[t]
        first, last = largest_square(t) + 1, largest_blocked(t)
        sizes = sorted({first, 200, 256, 300, 384, 512, 640, last} &
                       set(range(first, last + 1)))
        for n in sizes:
            rg.lu_case(kernels, checker, rng, "auto", t, 2, n, n)
        # Tall and wide: K = 33 (a one-column last panel), a last panel of
        # 8 rows with columns right of it, both sides of the size limit.
        for m, n in [(last, 33), (33, last), (40, 700 if last >= 700 else last),
                     (last, 100), (100, last), (first + 1, first - 7)]:
            rg.lu_case(kernels, checker, rng, "auto", t, 2, m, n)
        # Zero columns: the middle (lu_case), the last column of a panel,
        # the first of the next, one past it.
        rg.lu_case(kernels, checker, rng, "auto", t, 3, 300, 300, singular=True)
        for zero in (31, 32, 33, first):
            a = rg.random_matrices(rng, np_t, 2, first + 20, first + 20)
            a[:, :, zero] = 0
            lu, piv, info, perm = run_lu(kernels, t, a)
            check_batch(checker, rng, "blocked %s n=%d zero column %d"
                        % (t, first + 20, zero), eps, a, lu, piv, info, perm)
        a = rg.random_matrices(rng, np_t, 2, first, first)
        a[:, first - 1, :] = a[:, 3, :]
        lu, piv, info, perm = run_lu(kernels, t, a)
        checker.check(np.array_equal(info, first_zero_pivot(lu)),
                      "blocked %s n=%d repeated rows: info %s = the first "
                      "exact zero of U + 1 %s" % (t, first, list(info),
                                                  list(first_zero_pivot(lu))))
        batch = {"f32": (64, 512), "f64": (200, 256), "c32": (16, 300),
                 "c64": (40, first)}[t]
        a = rg.random_matrices(rng, np_t, batch[0], batch[1], batch[1])
        lu, piv, info, perm = run_lu(kernels, t, a)
        check_batch(checker, rng, "blocked batch %s b=%d n=%d" % (t, *batch),
                    eps, a, lu, piv, info, perm)
        print("   blocked %s: n = %d..%d" % (t, first, last), flush=True)


def group_nan_inf(kernels, checker, rng):
    measured = []
    for t in rg.TYPES:
        np_t = rg.TYPES[t][0]
        for n in (1, 4, 33, 75, 100, largest_square(t) + 30):
            for what in ("nan-diagonal", "nan-below", "inf", "all-nan", "nan-inf"):
                a = rg.random_matrices(rng, np_t, 2, n, n)
                if what == "nan-diagonal":
                    a[:, 0, 0] = np.nan
                elif what == "nan-below":
                    a[:, n - 1, 0] = np.nan
                elif what == "inf":
                    a[:, n // 2, n // 2] = np.inf
                elif what == "all-nan":
                    a[:] = np.nan
                else:
                    a[:, 0, n - 1] = np.inf
                    a[:, n - 1, 0] = np.nan
                lu, piv, info, perm = run_lu(kernels, t, a)
                tag = "nan-inf %s n=%d %s" % (t, n, what)
                checker.check(((piv >= np.arange(n)) & (piv < n)).all() and
                              np.array_equal(np.sort(perm, axis=1),
                                             np.tile(np.arange(n), (2, 1))),
                              tag + ": pivots in [k, n) and a permutation")
                ref_lu, ref_piv, ref_info = xg.lu_reference(a)
                same = (np.array_equal(piv, ref_piv) and
                        np.array_equal(info, ref_info) and
                        np.array_equal(np.isnan(lu), np.isnan(ref_lu)))
                if not same:
                    measured.append(tag)
                    print("MEASURED %s: pivots %s info %s (CPU semantics: "
                          "pivots %s info %s)" % (tag, piv[0].tolist()[:6],
                                                  info.tolist(),
                                                  ref_piv[0].tolist()[:6],
                                                  ref_info.tolist()))
                else:
                    checker.check(True, tag)
    print("   nan-inf: %d cases differ from the CPU semantics (MEASURED)"
          % len(measured), flush=True)
    return len(measured)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pack", required=True)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    kernels = rg.Kernels(args.pack)
    checker = rg.Checker()
    start = time.time()
    group_sweep(kernels, checker, rng)
    group_batches(kernels, checker, rng)
    group_static(kernels, checker, rng)
    group_singular(kernels, checker, rng)
    group_blocked(kernels, checker, rng)
    measured = group_nan_inf(kernels, checker, rng)
    print("generated-lu-gpu: %d checks, %d passed, %d failed (%d measured, %d "
          "pivot comparisons skipped for near-ties) in %.1f s"
          % (checker.passed + checker.failed, checker.passed, checker.failed,
             measured, checker.skipped_pivots, time.time() - start))
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main())
