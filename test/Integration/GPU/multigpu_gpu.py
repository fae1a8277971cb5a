#!/usr/bin/env python3
"""linalgx.multigpu.lu_multi_gpu (cuSOLVERMg through the CUDA runtime's
linalgxCudaMgGetrf) on the GPUs of this machine, against LAPACK (SciPy's
lu_factor / getrf) on the host.

Checks, on a grid of ONE GPU (device 0), float32, float64, complex64 and
complex128, n = 1, 7, 64, 513 and 2048, block sizes 1 (n <= 64), 64 and 256:

* tie-free matrices A = Pi L U (|L| <= 0.4 below a unit diagonal,
  well-conditioned factors): pivots equal to LAPACK's, the permutation equal
  to the pivots', backward error ||A[perm] - L U||_F <= 10 n eps ||A||_F,
  info 0;
* plain random matrices: backward error and info (a near-tie may break
  differently in two blocked algorithms, so pivots are not compared);
* singular matrices (a zero column): info and pivots equal to LAPACK's;
* Fortran-ordered input, overwrite_a=True (factored in place), devices=None,
  and the errors for a device that does not exist and a repeated device.

With 2 or more GPUs the tie-free and singular checks run again over every
GPU (at most 8) and over the same GPUs in reverse order; with one GPU that
part prints `SKIP:` with the reason.

--bench [SIZES]: times one matrix per size on 1, 2, 4 and 8 GPUs (those
present), with the backward error checked on random vectors (O(n^2)), and
single-GPU cuSOLVER (CuPy's lu_factor, else PyTorch's) where the matrix fits.
SIZES defaults to 32768:float64,65536:float32 (the issue's sizes; 8 and 16
GiB of host memory per copy).

Prints one PASS/FAIL line per check and `N passed, N failed` last; exit 1 on
any failure.

  PYTHONPATH=python LINALGX_BUILD_DIR=build python3 test/Integration/GPU/multigpu_gpu.py
  ... multigpu_gpu.py --bench [32768:float64,65536:float32] [--devices 1,2,4,8]
"""

import argparse
import os
import sys
import time

import numpy as np

try:
    import scipy.linalg
    import scipy.linalg.blas
    import scipy.linalg.lapack
except ImportError:
    sys.exit("multigpu_gpu.py needs SciPy (LAPACK on the host is the reference)")

try:
    from linalgx import multigpu
except ImportError:  # run from a checkout without PYTHONPATH
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                    "python"))
    from linalgx import multigpu
from linalgx.errors import LinalgXError

DTYPES = (np.float32, np.float64, np.complex64, np.complex128)

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print(("PASS: " if ok else "FAIL: ") + what, flush=True)


def uniform(rng, shape, dtype, bound):
    """Uniform entries; for complex |re| + |im| <= bound."""
    if np.dtype(dtype).kind == "c":
        half = bound / 2
        values = rng.uniform(-half, half, shape) + 1j * rng.uniform(-half, half, shape)
        return values.astype(dtype)
    return rng.uniform(-bound, bound, shape).astype(dtype)


def tie_free_matrix(rng, n, dtype, zero_column=None):
    """A = Pi L U with a pivot margin far beyond rounding (see the module
    doc); with `zero_column`, that column and row of U are zero (info =
    zero_column + 1) and Pi is the identity."""
    scale = min(1.0, 1.0 / np.sqrt(max(n, 1)))
    wide = np.complex128 if np.dtype(dtype).kind == "c" else np.float64
    lower = np.tril(uniform(rng, (n, n), wide, 0.4 * scale), -1) + np.eye(n)
    upper = np.triu(uniform(rng, (n, n), wide, 0.5 * scale), 1)
    upper += np.diag(rng.choice([-1.0, 1.0], n) * rng.uniform(1.0, 2.0, n))
    if zero_column is not None:
        upper[:, zero_column] = 0
        upper[zero_column, :] = 0
    product = lower @ upper
    a = np.empty_like(product)
    a[rng.permutation(n) if zero_column is None else np.arange(n)] = product
    return a.astype(dtype)


def plain_random(rng, n, dtype):
    a = rng.standard_normal((n, n))
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal((n, n))
    return a.astype(dtype)


def backward_error(a, lu, permutation):
    n = a.shape[0]
    lower = np.tril(lu, -1) + np.eye(n, dtype=lu.dtype)
    upper = np.triu(lu)
    wide = np.complex128 if np.iscomplexobj(a) else np.float64
    residual = a[permutation].astype(wide) - lower.astype(wide) @ upper.astype(wide)
    norm = np.linalg.norm(a.astype(wide))
    return np.linalg.norm(residual) / (norm if norm else 1.0)


def lapack_getrf(a):
    """LAPACK's (lu, 0-based pivots, info) on the host."""
    getrf = scipy.linalg.lapack.get_lapack_funcs("getrf", (a,))
    lu, pivots, info = getrf(a)
    return lu, pivots.astype(np.int32), int(info)


def label(dtype, n, block, devices, what):
    return "%s n=%d block=%d devices=%s %s" % (np.dtype(dtype).name, n, block,
                                               "all" if devices is None else list(devices), what)


def check_factorization(a, block, devices, what, compare_pivots, expected_info=0):
    """One call of lu_multi_gpu on a copy of `a` and every check of it."""
    dtype, n = a.dtype, a.shape[0]
    name = label(dtype, n, block, devices, what)
    start = time.perf_counter()
    lu, pivots, permutation, info = multigpu.lu_multi_gpu(a, devices=devices, block_size=block)
    elapsed = time.perf_counter() - start
    bound = 10 * max(n, 1) * np.finfo(dtype).eps
    error = backward_error(a, lu, permutation)
    consistent = np.array_equal(permutation, multigpu.permutation_from_pivots(pivots, n))
    problems = []
    if not error <= bound:
        problems.append("backward error %.2e > %.2e" % (error, bound))
    if int(info) != expected_info:
        problems.append("info %d, expected %d" % (int(info), expected_info))
    if not consistent:
        problems.append("permutation differs from the pivots'")
    if lu.dtype != dtype or pivots.dtype != np.int32 or permutation.dtype != np.int32:
        problems.append("dtypes %s/%s/%s" % (lu.dtype, pivots.dtype, permutation.dtype))
    if compare_pivots:
        _, lapack_pivots, _ = lapack_getrf(a)
        differ = np.nonzero(pivots != lapack_pivots)[0]
        if differ.size:
            problems.append("pivots differ from LAPACK's first at %d (%d vs %d)"
                            % (differ[0], pivots[differ[0]], lapack_pivots[differ[0]]))
    detail = "backward error %.2e (bound %.2e), info %d%s, %.1f ms" % (
        error, bound, int(info), ", pivots equal LAPACK's" if compare_pivots else "",
        1e3 * elapsed)
    check(not problems, name + ": " + ("; ".join(problems) if problems else detail))


def check_sizes(rng, devices, sizes, dtypes=DTYPES):
    for dtype in dtypes:
        for n in sizes:
            for block in (1, 64, 256):
                if block == 1 and n > 64:
                    continue  # one column per tile: slow and adds nothing
                check_factorization(tie_free_matrix(rng, n, dtype), block, devices, "tie-free",
                                    compare_pivots=True)
                check_factorization(plain_random(rng, n, dtype), block, devices, "plain random",
                                    compare_pivots=False)


def check_singular(rng, devices, dtypes=DTYPES):
    for dtype in dtypes:
        for n, zero in ((64, 21), (300, 299)):
            a = tie_free_matrix(rng, n, dtype, zero_column=zero)
            _, _, lapack_info = lapack_getrf(a)
            check(lapack_info == zero + 1, "%s n=%d: LAPACK reports info %d for a zero column %d"
                  % (np.dtype(dtype).name, n, lapack_info, zero))
            check_factorization(a, 32, devices, "singular (column %d zero)" % zero,
                                compare_pivots=True, expected_info=zero + 1)


def check_layouts_and_options(rng):
    a = tie_free_matrix(rng, 200, np.float64)
    lu_c, piv_c, _, _ = multigpu.lu_multi_gpu(a, devices=[0], block_size=64)
    lu_f, piv_f, _, _ = multigpu.lu_multi_gpu(np.asfortranarray(a), devices=[0], block_size=64)
    check(np.allclose(lu_c, lu_f, rtol=0, atol=1e-12) and np.array_equal(piv_c, piv_f),
          "Fortran-ordered input factors like the C-ordered one")
    lu_all, piv_all, _, _ = multigpu.lu_multi_gpu(a, block_size=64)
    count = multigpu._load_runtime().device_count
    check(np.array_equal(piv_all, piv_c) and np.allclose(lu_all, lu_c, rtol=0, atol=1e-12),
          "devices=None (all %d GPUs) gives the same factorization as devices=[0]" % count)
    work = a.copy()
    lu_in_place, piv_in_place, _, _ = multigpu.lu_multi_gpu(work, devices=[0], block_size=64,
                                                             overwrite_a=True)
    check(lu_in_place is work and np.allclose(work, lu_c, rtol=0, atol=1e-12) and
          np.array_equal(piv_in_place, piv_c), "overwrite_a=True factors in place")
    untouched = a.copy()
    multigpu.lu_multi_gpu(untouched, devices=[0])
    check(np.array_equal(untouched, a), "overwrite_a=False leaves the input alone")


def check_errors():
    count = multigpu._load_runtime().device_count
    for devices, message in (([count], "device %d does not exist" % count),
                             ([0, 0], "device 0 appears twice")):
        try:
            multigpu.lu_multi_gpu(np.eye(4), devices=devices)
            check(False, "devices=%s: no error" % devices)
        except ValueError as error:
            check(message in str(error), "devices=%s: ValueError: %s" % (devices, error))


# ---------------------------------------------------------------------------
# --bench
# ---------------------------------------------------------------------------

def probed_backward_error(a, lu, permutation, rng, probes=3):
    """max over random x of ||A[perm] x - L (U x)|| / (||A||_F ||x||): O(n^2)
    with BLAS trmv on lu's transpose (Fortran order, so no copy)."""
    trmv = scipy.linalg.blas.get_blas_funcs("trmv", (lu,))
    m = lu.T  # M[i, j] = lu[j, i]: U = tril(M)^T, L = (triu(M, 1) + I)^T
    wide = np.complex128 if np.iscomplexobj(a) else np.float64
    norm = float(np.linalg.norm(a))
    worst = 0.0
    for _ in range(probes):
        x = rng.standard_normal(a.shape[0]).astype(lu.dtype)
        ux = trmv(m, x, lower=1, trans=1, diag=0)
        lux = trmv(m, ux, lower=0, trans=1, diag=1)
        pax = (a @ x)[permutation]
        worst = max(worst, np.linalg.norm(pax.astype(wide) - lux.astype(wide))
                    / (norm * np.linalg.norm(x.astype(wide))))
    return worst


def single_gpu_cusolver_seconds(a):
    """Seconds of one cuSOLVER getrf of `a` on GPU 0 (CuPy, else PyTorch),
    the factorization only; None where neither is installed or it does not
    fit."""
    try:
        import cupy
        import cupyx.scipy.linalg
        try:
            d = cupy.asfortranarray(cupy.asarray(a))
            cupy.cuda.Device(0).synchronize()
            start = time.perf_counter()
            cupyx.scipy.linalg.lu_factor(d, overwrite_a=True, check_finite=False)
            cupy.cuda.Device(0).synchronize()
            return time.perf_counter() - start
        except cupy.cuda.memory.OutOfMemoryError:
            return None
        finally:
            d = None
            cupy.get_default_memory_pool().free_all_blocks()
    except ImportError:
        pass
    try:
        import torch
    except ImportError:
        return None
    try:
        d = torch.from_numpy(a).cuda()
        torch.cuda.synchronize()
        start = time.perf_counter()
        torch.linalg.lu_factor_ex(d)
        torch.cuda.synchronize()
        return time.perf_counter() - start
    except torch.cuda.OutOfMemoryError:
        return None
    finally:
        d = None
        torch.cuda.empty_cache()


def bench(sizes, device_counts, rng):
    available = multigpu._load_runtime().device_count
    for n, dtype in sizes:
        print("INFO: generating a %d x %d %s matrix (%.1f GiB)"
              % (n, n, np.dtype(dtype).name, n * n * np.dtype(dtype).itemsize / 2**30), flush=True)
        real = np.float64 if dtype in (np.float64, np.complex128) else np.float32
        a = rng.standard_normal((n, n), dtype=real).astype(dtype, copy=False)
        if np.dtype(dtype).kind == "c":
            a.imag = rng.standard_normal((n, n), dtype=real)
        flops = (8 if np.dtype(dtype).kind == "c" else 2) * n**3 / 3
        for count in device_counts:
            if count > available:
                print("SKIP: n=%d %s on %d GPUs: this machine has %d"
                      % (n, np.dtype(dtype).name, count, available))
                continue
            work = a.copy()
            start = time.perf_counter()
            lu, _, permutation, info = multigpu.lu_multi_gpu(
                work, devices=list(range(count)), block_size=256, overwrite_a=True)
            seconds = time.perf_counter() - start
            error = probed_backward_error(a, lu, permutation, rng)
            bound = 10 * n * np.finfo(dtype).eps
            check(error <= bound and int(info) == 0,
                  "bench n=%d %s on %d GPU(s): %.2f s (%.1f TFLOP/s, host copies included), "
                  "probed backward error %.2e (bound %.2e), info %d"
                  % (n, np.dtype(dtype).name, count, seconds, flops / seconds / 1e12, error,
                     bound, int(info)))
            del work, lu
        reference = single_gpu_cusolver_seconds(a)
        print("INFO: n=%d %s single-GPU cuSOLVER getrf (device-resident, factorization only): %s"
              % (n, np.dtype(dtype).name, "did not fit or no CuPy/PyTorch" if reference is None
                 else "%.2f s (%.1f TFLOP/s)" % (reference, flops / reference / 1e12)), flush=True)
        del a


def parse_sizes(text):
    sizes = []
    for item in text.split(","):
        n, dtype = item.split(":")
        sizes.append((int(n), np.dtype(dtype).type))
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", nargs="?", const="32768:float64,65536:float32",
                        help="time these N:dtype sizes instead of the checks")
    parser.add_argument("--devices", default="1,2,4,8", help="GPU counts for --bench")
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)

    try:
        runtime = multigpu._load_runtime()
    except LinalgXError as error:  # no GPU, no library: say why
        print("FAIL: cannot run: %s\n0 passed, 1 failed" % error)
        return 1
    print("INFO: %d GPU(s); runtime library in %s" % (runtime.device_count, runtime.directory))
    if args.bench:
        bench(parse_sizes(args.bench), [int(c) for c in args.devices.split(",")], rng)
    else:
        check_sizes(rng, [0], (1, 7, 64, 513, 2048))
        check_singular(rng, [0])
        check_layouts_and_options(rng)
        check_errors()
        if runtime.device_count >= 2:
            every = list(range(min(runtime.device_count, 8)))
            check_sizes(rng, every, (7, 513, 2048), dtypes=(np.float32, np.float64))
            check_sizes(rng, every[::-1], (513,), dtypes=(np.complex64, np.complex128))
            check_singular(rng, every, dtypes=(np.float64, np.complex64))
        else:
            print("SKIP: multi-GPU checks: this machine has 1 GPU")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
