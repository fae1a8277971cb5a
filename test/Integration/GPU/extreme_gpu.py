#!/usr/bin/env python3
"""Extreme sizes and values of linalgx on an NVIDIA GPU (issue 6).

The GPU counterpart of test/Integration/Extreme (docs/reliability.md,
"Extreme sizes and values"). Calls the entry points of
liblinalgx_gpu_kernels.so (scripts/gen-gpu-kernels.py, compiled by
scripts/pack-gpu.sh: `lu_perm_<auto|cusolver|batched>_<f32|f64|c32|c64>`,
`perm_<i32|i64>`, `perm_one_based_<i32|i64>`) through their MLIR C interface
on device buffers owned by PyTorch, exactly as random_gpu_vs_scipy.py does.

Groups of cases (--list), each run in its own child process, so that a CUDA
error (the linalgx runtime ends the process with one line naming the call)
or a hang in one group is reported as a FAIL of that group and the others
still run:

  zero-sizes      B = 0, M = 0, N = 0, 0x0, K = 0 pivots, N = 0 permutations
  n1              N = 1 columns, M = 1 rows, 100000 1x1 matrices (exact)
  special-values  NaN, Inf, subnormals, singular, nearly singular, growth
  perm-values     out-of-range / negative / extreme pivots, K > N, N = 1,
                  one_based, i64 pivots past 2^32, 100000 vectors
  big-batch       70000 3x3 f64 and 100000 4x4 f32 (the generator of
                  test/Integration/Extreme/big-batch.mlir), every strategy,
                  every matrix compared exactly
  huge-perm       B*N > 2^31: i32 [2, 2^30+1]; i64 [1, 2^31+2] with pivots
                  past 2^31; i32 N = 2^31 exactly
  huge-lu         B*M*N > 2^31: f32 [2^27+1, 4, 4] (jax-ml/jax#24843), every
                  matrix compared with its expected factorization
  huge-single     one f32 46341x46341 matrix (M*N > 2^31) through cuSOLVER's
                  32-bit getrf; backward error on sampled rows

Each check prints one line:
  PASS / FAIL       the contract (docs/design.md) or an exact answer;
  XFAIL / XPASS     a known, documented bug (not counted as a failure);
  MEASURED          vendor-defined behaviour (NaN/Inf/subnormal pivots of
                    cuSOLVER/cuBLAS, cuBLAS getrfBatched after a zero pivot,
                    ties): what the GPU does and whether it matches the CPU
                    lowering, for docs/reliability.md;
  SKIP              not enough GPU memory for the case;
then a summary
  extreme-gpu: N checks, N passed, N failed (N xfail, N xpass, N measured,
               N skipped) in T s
and the exit status is 1 on any FAIL.

  python3 extreme_gpu.py --pack PACK_DIR [--only GROUP,...] [--timeout S]
                        [--budget S]
  python3 extreme_gpu.py --list

--scale small shrinks the huge cases (for the self-test with a mock torch
and a CPU build of the same entry points: test/Integration/Extreme/
extreme-gpu-mock.test); the GPU run uses the default --scale full.
"""

import argparse
import ctypes
import os
import subprocess
import sys
import threading
import time
import traceback

import numpy as np

GROUPS = ("zero-sizes", "n1", "special-values", "perm-values", "big-batch",
          "huge-perm", "huge-lu", "huge-single")

# Sizes of the huge cases: the GPU run, and the self-test's small stand-ins
# (same code paths, tiny memory).
SCALES = {
    "full": {
        "huge_lu_batch": (1 << 27) + 1,      # 2^31 + 16 elements
        "perm_i32_n": (1 << 30) + 1,         # 2 vectors: 2^31 + 2 elements
        "perm_i64_n": (1 << 31) + 2,         # one vector past 2^31
        "perm_bug_n": 1 << 31,               # the i32 limit bug
        "single_n": 46341,                   # 46341^2 = 2^31 + 4633
        "single_block": 4096,                # columns per residual block
        "chunk": 1 << 24,
    },
    "small": {
        "huge_lu_batch": (1 << 12) + 1,
        "perm_i32_n": (1 << 12) + 1,
        "perm_i64_n": (1 << 13) + 2,
        "perm_bug_n": None,                  # only meaningful at 2^31
        "single_n": 96,
        "single_block": 40,
        "chunk": 1000,
    },
}

TABLE = 1021  # distinct matrices of the huge LU batch (prime, not 2^k)

# The element types: numpy dtype, torch dtype name.
TYPES = {
    "f32": (np.float32, "float32"),
    "f64": (np.float64, "float64"),
    "c32": (np.complex64, "complex64"),
    "c64": (np.complex128, "complex128"),
}

torch = None  # imported in the child processes only


# --------------------------------------------------------------------------
# Reporting
# --------------------------------------------------------------------------


class Report:
    STATUSES = ("PASS", "FAIL", "XFAIL", "XPASS", "MEASURED", "SKIP")

    def __init__(self, group):
        self.group = group

    def line(self, status, what, detail=""):
        assert status in self.STATUSES
        text = "%s %s: %s" % (status, self.group, what)
        if detail:
            text += ": " + detail
        print(text, flush=True)

    def check(self, ok, what, detail=""):
        self.line("PASS" if ok else "FAIL", what, "" if ok else detail)
        return ok

    def known(self, ok, what, issue):
        """A check of the correct answer that a documented bug breaks."""
        self.line("XPASS" if ok else "XFAIL", what, issue)

    def measured(self, what, outcome, same_as_cpu):
        self.line("MEASURED", what, "%s; same as the CPU lowering: %s"
                  % (outcome, "yes" if same_as_cpu else "no"))

    def skip(self, what, why):
        self.line("SKIP", what, why)


# --------------------------------------------------------------------------
# Device buffers and the entry points
# --------------------------------------------------------------------------


def memref_type(rank):
    class MemRef(ctypes.Structure):
        _fields_ = [("base", ctypes.c_void_p), ("data", ctypes.c_void_p),
                    ("offset", ctypes.c_int64),
                    ("sizes", ctypes.c_int64 * rank),
                    ("strides", ctypes.c_int64 * rank)]
    return MemRef


MEMREFS = {rank: memref_type(rank) for rank in (1, 2, 3)}

# Ranks of the operands of each entry point (gen-gpu-kernels.py).
LU_PERM_RANKS = (3, 3, 2, 1, 2)
PERM_RANKS = (2, 2)


def descriptor(tensor):
    """An MLIR memref descriptor of a contiguous CUDA tensor."""
    if not tensor.is_cuda or not tensor.is_contiguous():
        raise ValueError("expected a contiguous CUDA tensor")
    rank = tensor.dim()
    d = MEMREFS[rank]()
    d.base = d.data = tensor.data_ptr() if tensor.numel() else 0
    d.offset = 0
    for i in range(rank):
        d.sizes[i] = int(tensor.shape[i])
        d.strides[i] = int(tensor.stride(i))
    return d


class Kernels:
    def __init__(self, pack):
        path = os.path.join(pack, "lib", "liblinalgx_gpu_kernels.so")
        self.lib = ctypes.CDLL(path)

    def call(self, name, *tensors):
        ranks = PERM_RANKS if name.startswith("perm_") else LU_PERM_RANKS
        if tuple(t.dim() for t in tensors) != ranks:
            raise ValueError("%s takes operands of ranks %s, got %s"
                             % (name, ranks, [t.dim() for t in tensors]))
        torch.cuda.synchronize()
        descs = [descriptor(t) for t in tensors]
        fn = getattr(self.lib, "_mlir_ciface_" + name)
        fn.restype = None
        fn(*[ctypes.byref(d) for d in descs])
        torch.cuda.synchronize()


def torch_dtype(name):
    return getattr(torch, name)


def dev(array):
    return torch.from_numpy(np.ascontiguousarray(array)).cuda()


def host(tensor):
    return tensor.cpu().numpy()


def free_gpu_bytes():
    free, _total = torch.cuda.mem_get_info()
    return int(free)


GIB = float(1 << 30)


def enough_memory(report, what, needed_bytes):
    """Whether `needed_bytes` (plus 10% and 2 GiB of slack) are free."""
    free = free_gpu_bytes()
    if free < needed_bytes * 1.1 + 2 * GIB:
        report.skip(what, "needs about %.1f GiB of GPU memory, %.1f GiB free"
                    % (needed_bytes / GIB, free / GIB))
        return False
    return True


def lu_perm(kernels, strategy, t, a):
    """Runs lu_perm_<strategy>_<t> on the device tensor `a` [B, M, N] over
    outs pre-filled with garbage; returns (lu, pivots, info, perm) on the
    device."""
    b, m, n = (int(x) for x in a.shape)
    k = min(m, n)
    lu = torch.full((b, m, n), float("nan"), dtype=a.dtype, device="cuda")
    piv = torch.full((b, k), -7, dtype=torch.int32, device="cuda")
    info = torch.full((b,), -7, dtype=torch.int32, device="cuda")
    perm = torch.full((b, m), -7, dtype=torch.int32, device="cuda")
    kernels.call("lu_perm_%s_%s" % (strategy, t), a, lu, piv, info, perm)
    return lu, piv, info, perm


def perm_call(kernels, pivots_np, n, one_based=False):
    """perm_[one_based_]<int> on host pivots [B, K]; returns the host
    permutation [B, N]."""
    int_t = "i32" if pivots_np.dtype == np.int32 else "i64"
    dpiv = dev(pivots_np)
    dperm = torch.full((pivots_np.shape[0], n), -7, dtype=dpiv.dtype, device="cuda")
    kernels.call("perm_%s%s" % ("one_based_" if one_based else "", int_t), dpiv, dperm)
    return host(dperm)


def uses_cublas_batched(strategy, t, b, m, n):
    """Whether cuBLAS getrfBatched factors these matrices: only when forced
    (`batched`). Since the generated kernels (docs/gpu.md), auto takes every
    matrix that fits a block's shared memory itself -- all of this script's
    auto cases -- and its vendor fallback for larger ones is cuSOLVER or
    cuBLAS only for n <= 128, which always fits."""
    del t, b, m, n  # the choice no longer depends on them
    return strategy == "batched"


# --------------------------------------------------------------------------
# References (the CPU lowering's semantics, docs/design.md's contract)
# --------------------------------------------------------------------------


def lu_reference(a):
    """Vectorized getf2 as the CPU lowering does it: the first largest |a|
    (|re| + |im|), a strict `>` from the diagonal (a NaN is never chosen
    unless it is on the diagonal), no work after a zero pivot, info = the
    first zero pivot. Returns lu, piv (int64), info (int64)."""
    with np.errstate(all="ignore"):  # NaN/Inf inputs are expected
        return _lu_reference(a)


def _lu_reference(a):
    lu = np.array(a, copy=True)
    batch, m, n = lu.shape
    k = min(m, n)
    piv = np.zeros((batch, k), dtype=np.int64)
    info = np.zeros(batch, dtype=np.int64)
    rows = np.arange(batch)
    for kk in range(k):
        col = lu[:, kk:, kk]
        mags = (np.abs(col.real) + np.abs(col.imag)) if np.iscomplexobj(col) else np.abs(col)
        diag_nan = np.isnan(mags[:, 0])
        best = np.argmax(np.where(np.isnan(mags), -np.inf, mags), axis=1)
        best = np.where(diag_nan, 0, best)
        p = kk + best
        piv[:, kk] = p
        pivot = lu[rows, p, kk]
        regular = pivot != 0
        info = np.where((~regular) & (info == 0), kk + 1, info)
        r = rows[regular]
        pr = p[regular]
        top = lu[r, kk, :].copy()
        lu[r, kk, :] = lu[r, pr, :]
        lu[r, pr, :] = top
        if kk + 1 < m and r.size:
            lu[r, kk + 1:, kk] = lu[r, kk + 1:, kk] / lu[r, kk, kk][:, None]
            lu[r, kk + 1:, kk + 1:] = (lu[r, kk + 1:, kk + 1:]
                                       - lu[r, kk + 1:, kk][:, :, None]
                                       * lu[r, kk, kk + 1:][:, None, :])
    return lu, piv, info


def permutation_reference(piv, n, one_based=False):
    batch = piv.shape[0]
    perm = np.tile(np.arange(n, dtype=np.int64), (batch, 1))
    rows = np.arange(batch)
    for i in range(min(piv.shape[1], n)):
        j = piv[:, i].astype(np.int64) - (1 if one_based else 0)
        ok = (j >= 0) & (j < n)
        r, jj = rows[ok], j[ok]
        a, c = perm[r, i].copy(), perm[r, jj].copy()
        perm[r, i], perm[r, jj] = c, a
    return perm


def entries(ts, n):
    """Matrices number `ts` (n x n, float64) of the generator of
    test/Integration/Extreme/big-batch.mlir (@entry): P^T L U with
    |L| <= 1/4 below a unit diagonal, U(k,k) = 4, U(n-1,n-1) = 0 when
    t mod 1009 = 7, row 1 of U zero when t mod 997 = 3; every value exact."""
    ts = np.asarray(ts, dtype=np.int64)
    count = ts.size
    ks = np.arange(n)
    lower = ((ts[:, None, None] + 3 * ks[None, :, None] + 2 * ks[None, None, :]) % 5
             - 2) / 8.0
    lower = np.where(ks[None, :, None] > ks[None, None, :], lower, 0.0)
    lower[:, ks, ks] = 1.0
    upper = ((7 * ts[:, None, None] + 3 * ks[None, :, None] + ks[None, None, :]) % 9
             - 4).astype(np.float64)
    upper = np.where(ks[None, :, None] < ks[None, None, :], upper, 0.0)
    diag = np.full((count, n), 4.0)
    diag[:, n - 1] = np.where(ts % 1009 == 7, 0.0, diag[:, n - 1])
    upper[:, ks, ks] = diag
    if n > 1:
        upper[:, 1, :] = np.where((ts % 997 == 3)[:, None], 0.0, upper[:, 1, :])
    product = lower @ upper
    reversed_ = (ts // n) % 2 == 1
    rows = np.where(reversed_[:, None], (n - 1 - ks[None, :] + ts[:, None]) % n,
                    (ks[None, :] + ts[:, None]) % n)
    return product[np.arange(count)[:, None], rows, :]


def same(x, y):
    """Exact equality of arrays, NaN equal to NaN (of any sign)."""
    x, y = np.asarray(x), np.asarray(y)
    if x.shape != y.shape:
        return False
    if x.dtype.kind in "fc" or y.dtype.kind in "fc":
        return bool(np.array_equal(x, y, equal_nan=True))
    return bool(np.array_equal(x, y))


def first_difference(x, y):
    x, y = np.asarray(x), np.asarray(y)
    if x.shape != y.shape:
        return "shape %s, expected %s" % (x.shape, y.shape)
    if x.dtype.kind in "fc":
        differ = ~((x == y) | (np.isnan(x) & np.isnan(y)))
    else:
        differ = x != y
    where = np.argwhere(differ)
    if not where.size:
        return "equal"
    index = tuple(int(i) for i in where[0])
    return "%d differences, first at %s: %r, expected %r" % (
        len(where), index, x[index].item(), y[index].item())


def short(values, limit=12):
    flat = np.asarray(values).reshape(-1)
    text = ", ".join(repr(v.item()) for v in flat[:limit])
    return "[%s%s]" % (text, ", ..." if flat.size > limit else "")


# --------------------------------------------------------------------------
# Groups
# --------------------------------------------------------------------------


def group_zero_sizes(kernels, report, scale):
    for t in ("f32", "f64", "c64"):
        np_t, torch_t = TYPES[t]
        for shape in ((0, 4, 4), (2, 0, 3), (2, 3, 0), (3, 0, 0)):
            b, m, n = shape
            strategies = ["auto", "cusolver"] + (["batched"] if m == n else [])
            for strategy in strategies:
                what = "lu %s %s %s" % (strategy, t, "x".join(map(str, shape)))
                a = torch.zeros(shape, dtype=torch_dtype(torch_t), device="cuda")
                lu, piv, info, perm = lu_perm(kernels, strategy, t, a)
                ok = report.check(
                    tuple(piv.shape) == (b, min(m, n)) and tuple(lu.shape) == shape,
                    what + ": shapes", "pivots %s, lu %s" % (tuple(piv.shape), tuple(lu.shape)))
                report.check(same(host(info), np.zeros(b, np.int32)),
                             what + ": info 0 for every matrix",
                             "info %s" % short(host(info)))
                if ok and min(m, n) == 0:
                    report.check(same(host(perm), np.tile(np.arange(m, dtype=np.int32), (b, 1))),
                                 what + ": permutation of K = 0 pivots is the identity",
                                 "perm %s" % short(host(perm)))
    for int_t, np_int in (("i32", np.int32), ("i64", np.int64)):
        for b, k, n in ((3, 0, 4), (3, 0, 0), (0, 3, 3), (0, 0, 5)):
            for one_based in (False, True):
                pivots = np.zeros((b, k), dtype=np_int)
                got = perm_call(kernels, pivots, n, one_based)
                report.check(same(got, permutation_reference(pivots, n, one_based)),
                             "perm%s %s B=%d K=%d N=%d" % (" one_based" if one_based else "",
                                                           int_t, b, k, n),
                             "got %s" % short(got))


def pow2_column(rng, count, m):
    """count columns of m entries in (-1, 1) with one +-2 at a random row:
    the pivot is unique and a power of two, so every division by it (or
    multiplication by its reciprocal) is exact."""
    cols = rng.uniform(-1.0, 1.0, size=(count, m)).astype(np.float32).astype(np.float64)
    rows = rng.integers(0, m, size=count)
    cols[np.arange(count), rows] = rng.choice([-2.0, 2.0], size=count)
    return cols


def check_lu_exact(report, what, a_np, got, cublas):
    """Compares (lu, piv, info, perm) with lu_reference. With cuBLAS
    getrfBatched, a matrix with a zero pivot before its last step is only
    held to its info (documented difference); its other differences are
    reported as MEASURED."""
    lu, piv, info, perm = (host(x) for x in got)
    lu_r, piv_r, info_r = lu_reference(a_np)
    m = a_np.shape[1]
    k = min(a_np.shape[1], a_np.shape[2])
    perm_r = permutation_reference(piv.astype(np.int64), m)
    report.check(same(info, info_r), what + ": info", first_difference(info, info_r))
    report.check(same(perm, perm_r), what + ": permutation of its own pivots",
                 first_difference(perm, perm_r))
    loose = np.zeros(a_np.shape[0], dtype=bool)
    if cublas:
        loose = (info_r != 0) & (info_r < k)
    strict = ~loose
    report.check(same(piv[strict], piv_r[strict]), what + ": pivots",
                 first_difference(piv[strict], piv_r[strict]))
    report.check(same(lu[strict], lu_r[strict].astype(lu.dtype)), what + ": factors (exact)",
                 first_difference(lu[strict], lu_r[strict].astype(lu.dtype)))
    if loose.any():
        differ = [i for i in np.nonzero(loose)[0]
                  if not (same(piv[i], piv_r[i]) and same(lu[i], lu_r[i].astype(lu.dtype)))]
        report.measured(what + ": cuBLAS getrfBatched after a zero pivot before the last step",
                        "%d of %d such matrices differ from LAPACK's factors/pivots"
                        % (len(differ), int(loose.sum())), not differ)


def group_n1(kernels, report, scale):
    rng = np.random.default_rng(6)
    for t in ("f32", "f64"):
        np_t = TYPES[t][0]
        for m in (1, 2, 7, 300):
            cols = pow2_column(rng, 64, m).astype(np_t)
            a = cols[:, :, None]
            if m > 1:
                a[5, :, 0] = 0  # a zero column: info 1
            for strategy in ["auto", "cusolver"] + (["batched"] if m == 1 else []):
                what = "lu %s %s column [64, %d, 1]" % (strategy, t, m)
                check_lu_exact(report, what, a, lu_perm(kernels, strategy, t, dev(a)),
                               uses_cublas_batched(strategy, t, 64, m, 1))
        for n in (2, 9, 300):
            rows = rng.standard_normal((64, 1, n)).astype(np_t)
            rows[::7, 0, 0] = 0  # zero pivots: info 1
            for strategy in ("auto", "cusolver"):
                what = "lu %s %s row [64, 1, %d]" % (strategy, t, n)
                check_lu_exact(report, what, rows, lu_perm(kernels, strategy, t, dev(rows)), False)
        ones = (2.0 ** rng.integers(-60, 60, size=(100000, 1, 1))
                * rng.choice([-1.0, 1.0], size=(100000, 1, 1))).astype(np_t)
        ones[::1000] = 0
        for strategy in ("auto", "cusolver", "batched"):
            what = "lu %s %s [100000, 1, 1]" % (strategy, t)
            check_lu_exact(report, what, ones, lu_perm(kernels, strategy, t, dev(ones)),
                           uses_cublas_batched(strategy, t, 100000, 1, 1))


def bits64(*values):
    return np.array(values, dtype=np.uint64).view(np.float64)


def bits32(*values):
    return np.array(values, dtype=np.uint32).view(np.float32)


NAN, INF = float("nan"), float("inf")


def special_cases():
    """(name, type, matrix, kind): kind 'contract' must match the CPU
    lowering (exact), 'measure' is vendor-defined (NaN/Inf/subnormal pivots,
    ties). The matrices are those of Extreme/special-values.mlir."""
    cases = [
        ("nan_below", "f64", [[1.0, 2.0], [NAN, 3.0]], "measure"),
        ("nan_diagonal", "f64", [[NAN, 2.0], [5.0, 3.0]], "measure"),
        ("nan_later", "f64", [[4.0, 0.0, 0.0], [2.0, 1.0, 0.0], [1.0, NAN, 1.0]], "measure"),
        ("nan_all", "f64", [[NAN, NAN], [NAN, NAN]], "measure"),
        ("inf_pivot", "f64", [[1.0, 2.0], [INF, 3.0]], "measure"),
        ("inf_tie", "f64", [[-INF, 1.0], [INF, 2.0]], "measure"),
        ("inf_in_row", "f64", [[4.0, INF], [2.0, 1.0]], "measure"),
        ("zero_pivot_inf_row", "f64", [[0.0, INF], [0.0, 1.0]], "measure"),
        ("subnormal_pivot_f64", "f64",
         np.array([[bits64(2)[0], 1.0], [bits64(1)[0], 1.0]]), "measure"),
        ("subnormal_results_f64", "f64",
         np.array([[2.0, bits64(0x0010000000000000)[0], 0.0], [1.0, 0.0, 1.0],
                   [bits64(2)[0], 0.0, 1.0]]), "measure"),
        ("subnormal_pivot_f32", "f32",
         np.array([[bits32(2)[0], 1.0], [bits32(1)[0], 1.0]], dtype=np.float32), "measure"),
        ("singular_negative_zero", "f64", [[-0.0, 1.0, 2.0], [0.0, 4.0, 4.0], [0.0, 2.0, 3.0]],
         "contract"),
        ("singular_two_zero_pivots", "f64", [[0.0, 1.0, 2.0], [0.0, 4.0, 4.0], [0.0, 2.0, 2.0]],
         "contract"),
        ("nearly_singular", "f64", [[2.0, 1.0], [1.0, float.fromhex("0x1.0000000000001p-1")]],
         "contract"),
        ("column_n1_tie", "f64", [[1.0], [-4.0], [2.0], [4.0]], "measure"),
        ("row_m1_zero", "f64", [[0.0, 5.0, 6.0]], "contract"),
        ("one_by_one_nan", "f64", [[NAN]], "measure"),
        ("one_by_one_negative_zero", "f64", [[-0.0]], "contract"),
        ("one_by_one_subnormal", "f64", bits64(1).reshape(1, 1), "measure"),
    ]
    for n in (24, 129):  # Wilkinson's growth matrix (ties in every column)
        w = np.tril(-np.ones((n, n)), -1) + np.eye(n)
        w[:, -1] = 1.0
        cases.append(("growth_%d_f32" % n, "f32", w.astype(np.float32), "measure"))
    return [(name, t, np.asarray(mat, dtype=TYPES[t][0]), kind) for name, t, mat, kind in cases]


def describe_lu(lu, piv, info):
    m, n = lu.shape
    if m * n <= 9:
        values = short(lu, 9)
    else:
        values = "U(n-1,n-1) = %r, max |U| = %r" % (
            lu[min(m, n) - 1, min(m, n) - 1].item(), float(np.nanmax(np.abs(np.triu(lu)))))
    return "pivots %s, info %d, lu %s" % (short(piv), int(info), values)


def group_special_values(kernels, report, scale):
    for name, t, mat, kind in special_cases():
        m, n = mat.shape
        a = np.stack([mat, mat])  # a batch of 2: auto would pick cuBLAS
        lu_r, piv_r, info_r = lu_reference(a)
        for strategy in ["cusolver"] + (["batched"] if m == n else []):
            what = "%s %s %s" % (name, strategy, t)
            lu, piv, info, perm = (host(x) for x in lu_perm(kernels, strategy, t, dev(a)))
            perm_ok = same(perm, permutation_reference(piv.astype(np.int64), m))
            report.check(perm_ok, what + ": permutation of its own pivots",
                         "perm %s, pivots %s" % (short(perm), short(piv)))
            agrees = (same(lu, lu_r.astype(lu.dtype)) and same(piv, piv_r)
                      and same(info, info_r))
            outcome = describe_lu(lu[0], piv[0], info[0])
            cpu = describe_lu(lu_r[0], piv_r[0], info_r[0])
            if kind == "contract" and strategy == "batched" and 0 < info_r[0] < min(m, n):
                # cuBLAS: only info is the contract after a zero pivot.
                report.check(same(info, info_r), what + ": info", "info %s, expected %s"
                             % (short(info), short(info_r)))
                report.measured(what, outcome + "; CPU: " + cpu, agrees)
            elif kind == "contract":
                report.check(agrees, what + ": as the CPU lowering (exact)",
                             "%s; CPU: %s" % (outcome, cpu))
            else:
                report.measured(what, outcome + "; CPU: " + cpu, agrees)


def group_perm_values(kernels, report, scale):
    i32min, i32max = -(1 << 31), (1 << 31) - 1
    i64min, i64max = -(1 << 63), (1 << 63) - 1
    cases = [
        ("out_of_range_i32", np.array([[-1, 5, i32min, i32max, 0]], np.int32), 5),
        ("out_of_range_i64", np.array([[(1 << 32) + 1, -(1 << 32) + 1, i64min, i64max, 2]],
                                      np.int64), 5),
        ("k0", np.zeros((2, 0), np.int32), 3),
        ("k_above_n", np.array([[2, 0, 1, 0]], np.int32), 3),
        ("n1", np.array([[0], [1], [-1]], np.int32), 1),
    ]
    t = np.arange(100000, dtype=np.int64)[:, None]
    k = np.arange(4, dtype=np.int64)[None, :]
    cases.append(("formula_100000x4_to_5", ((31 * t + 17 * k) % 11 - 3).astype(np.int32), 5))
    rng = np.random.default_rng(24843)
    cases.append(("random_70000x8_to_8_i64",
                  rng.integers(-3, 11, size=(70000, 8)).astype(np.int64), 8))
    for name, pivots, n in cases:
        for one_based in (False, True):
            got = perm_call(kernels, pivots, n, one_based)
            want = permutation_reference(pivots, n, one_based)
            report.check(same(got, want), "%s%s" % (name, " one_based" if one_based else ""),
                         first_difference(got, want))


def group_big_batch(kernels, report, scale):
    for batch, n, t in ((70000, 3, "f64"), (100000, 4, "f32")):
        a_np = entries(np.arange(batch), n).astype(TYPES[t][0])
        a = dev(a_np)
        for strategy in ("auto", "cusolver", "batched"):
            what = "lu %s %s [%d, %d, %d]" % (strategy, t, batch, n, n)
            got = lu_perm(kernels, strategy, t, a)
            check_lu_exact(report, what, a_np, got,
                           uses_cublas_batched(strategy, t, batch, n, n))
            # The matrices around the old 65535 grid limit, named.
            lu = host(got[0])
            lu_r = lu_reference(a_np[65534:65538])[0].astype(lu.dtype)
            report.check(same(lu[65534:65538], lu_r), what + ": matrices 65534..65537",
                         first_difference(lu[65534:65538], lu_r))
            del got
        del a


def chunked_identity_check(report, what, perm, moved, chunk):
    """perm [B, N] (device): every position not in `moved` ({(b, j): value})
    holds j, and the moved ones their values."""
    b, n = (int(x) for x in perm.shape)
    ok = True
    for (row, j), value in sorted(moved.items()):
        got = int(perm[row, j].item())
        ok &= report.check(got == value, "%s: perm[%d, %d]" % (what, row, j),
                           "%d, expected %d" % (got, value))
    bad = 0
    for row in range(b):
        for lo in range(0, n, chunk):
            hi = min(n, lo + chunk)
            expect = torch.arange(lo, hi, dtype=perm.dtype, device="cuda")
            for (r, j), value in moved.items():
                if r == row and lo <= j < hi:
                    expect[j - lo] = value
            bad += int((perm[row, lo:hi] != expect).sum().item())
            del expect
    report.check(bad == 0, "%s: every other position is the identity (%d x %d)"
                 % (what, b, n), "%d wrong positions" % bad)


def group_huge_perm(kernels, report, scale):
    s = SCALES[scale]
    chunk = s["chunk"]
    # i32, two vectors of N = 2^30 + 1 (B*N > 2^31).
    n = s["perm_i32_n"]
    what = "perm_i32 [2, %d]" % n
    if enough_memory(report, what, 2 * n * 4 + chunk * 8):
        mid = n - 1
        pivots = np.array([[1, mid, -1], [mid, n, 0]], dtype=np.int32)
        dperm = torch.full((2, n), -7, dtype=torch.int32, device="cuda")
        kernels.call("perm_i32", dev(pivots), dperm)
        moved = {(0, 0): 1, (0, 1): mid, (0, 2): 2, (0, mid): 0,
                 (1, 0): 2, (1, 2): mid, (1, mid): 0}
        chunked_identity_check(report, what, dperm, moved, chunk)
        del dperm
        torch.cuda.empty_cache()
    # i64, one vector of N = 2^31 + 2: pivots and positions past 2^31.
    n = s["perm_i64_n"]
    what = "perm_i64 [1, %d]" % n
    if enough_memory(report, what, n * 8 + chunk * 8):
        big = n - 2
        pivots = np.array([[big + 1, big, 5, -1, n]], dtype=np.int64)
        moved = {(0, 0): big + 1, (0, big + 1): 0, (0, 1): big, (0, big): 1,
                 (0, 2): 5, (0, 5): 2}
        dperm = torch.full((1, n), -7, dtype=torch.int64, device="cuda")
        kernels.call("perm_i64", dev(pivots), dperm)
        chunked_identity_check(report, what, dperm, moved, chunk)
        dperm.fill_(-7)
        kernels.call("perm_one_based_i64", dev(pivots + 1), dperm)
        chunked_identity_check(report, what + " one_based", dperm, moved, chunk)
        del dperm
        torch.cuda.empty_cache()
    # i32 at N = 2^31 exactly: every value fits; the range check once wrapped
    # (docs/reliability.md), now fixed.
    n = s["perm_bug_n"]
    if n is None:
        report.skip("perm_i32 [1, 2^31]", "only meaningful at --scale full")
        return
    what = "perm_i32 [1, 2^31]: pivot 5 applied"
    if enough_memory(report, what, n * 4):
        dperm = torch.full((1, n), -7, dtype=torch.int32, device="cuda")
        kernels.call("perm_i32", dev(np.array([[5]], dtype=np.int32)), dperm)
        head = host(dperm[0, :6])
        report.check(same(head, np.array([5, 1, 2, 3, 4, 0], np.int32)), what,
                     "got %s (the range check must compare in index arithmetic: "
                     "N = 2^31 does not fit i32)" % short(head))
        del dperm
        torch.cuda.empty_cache()


def group_huge_lu(kernels, report, scale):
    s = SCALES[scale]
    batch, n, t, chunk = s["huge_lu_batch"], 4, "f32", s["chunk"]
    what = "lu_perm auto f32 [%d, 4, 4] (%d elements)" % (batch, batch * 16)
    # a, lu, workspace (f32), pivots, vendor pivots, perm (i32), info x2,
    # cuBLAS pointer array, comparison temporaries.
    needed = batch * (3 * 64 + 3 * 16 + 2 * 4 + 8) + chunk * 200
    if not enough_memory(report, what, needed):
        return
    table = entries(np.arange(TABLE), n).astype(np.float32)
    last = entries([batch + 5], n).astype(np.float32)
    lu_t, piv_t, info_t = lu_reference(table)
    perm_t = permutation_reference(piv_t, n)
    lu_l, piv_l, info_l = lu_reference(last)
    perm_l = permutation_reference(piv_l, n)
    cublas = uses_cublas_batched("auto", t, batch, n, n)
    safe_t = ~((info_t != 0) & (info_t < n)) if cublas else np.ones(TABLE, bool)

    a = torch.empty((batch, n, n), dtype=torch.float32, device="cuda")
    d_table = dev(table)
    regular = batch - 1
    for lo in range(0, regular, chunk):
        hi = min(regular, lo + chunk)
        idx = torch.arange(lo, hi, dtype=torch.int64, device="cuda") % TABLE
        a[lo:hi] = d_table[idx]
        del idx
    a[regular:batch] = dev(last)
    start = time.time()
    lu, piv, info, perm = lu_perm(kernels, "auto", t, a)
    report.line("PASS", what + ": ran (%s) in %.2f s"
                % ("cuBLAS getrfBatched" if cublas else "the generated register kernel",
                   time.time() - start))
    del a
    torch.cuda.empty_cache()

    d_lu_t, d_piv_t, d_info_t, d_perm_t = (dev(x) for x in (
        lu_t, piv_t.astype(np.int32), info_t.astype(np.int32), perm_t.astype(np.int32)))
    d_safe = dev(safe_t)
    bad = {"lu": 0, "pivots": 0, "info": 0, "perm": 0}
    for lo in range(0, regular, chunk):
        hi = min(regular, lo + chunk)
        idx = torch.arange(lo, hi, dtype=torch.int64, device="cuda") % TABLE
        strict = d_safe[idx]
        bad["info"] += int((info[lo:hi] != d_info_t[idx]).sum().item())
        bad["pivots"] += int(((piv[lo:hi] != d_piv_t[idx]).any(1) & strict).sum().item())
        bad["perm"] += int(((perm[lo:hi] != d_perm_t[idx]).any(1) & strict).sum().item())
        bad["lu"] += int((((lu[lo:hi] != d_lu_t[idx]).view(hi - lo, n * n)).any(1)
                          & strict).sum().item())
        del idx, strict
    for item, count in sorted(bad.items()):
        report.check(count == 0, "%s: %s of matrices 0..B-2 (exact)" % (what, item),
                     "%d matrices differ" % count)
    last_got = [host(x[regular:batch]) for x in (lu, piv, info, perm)]
    for item, got, want in zip(("lu", "pivots", "info", "perm"), last_got,
                               (lu_l, piv_l, info_l, perm_l)):
        report.check(same(got, want.astype(got.dtype)),
                     "%s: %s of the last matrix (elements past 2^31)" % (what, item),
                     first_difference(got, want.astype(got.dtype)))


def group_huge_single(kernels, report, scale):
    n = SCALES[scale]["single_n"]
    what = "lu_perm cusolver f32 [1, %d, %d] (%d elements)" % (n, n, n * n)
    # a, lu, workspace, cuSOLVER's workspace (small), one f64 column block.
    block = SCALES[scale]["single_block"]
    needed = 3 * n * n * 4 + n * block * 8 * 2 + 64 * n * 8
    if not enough_memory(report, what, needed):
        return
    torch.backends.cuda.matmul.allow_tf32 = False
    gen = torch.Generator(device="cuda")
    gen.manual_seed(24843)
    a = torch.randn((1, n, n), generator=gen, dtype=torch.float32, device="cuda")
    start = time.time()
    lu, piv, info, perm = lu_perm(kernels, "cusolver", "f32", a)
    report.line("PASS", what + ": ran in %.2f s" % (time.time() - start))
    piv_h = host(piv)[0].astype(np.int64)
    report.check(int(host(info)[0]) == 0, what + ": info 0", "info %d" % int(host(info)[0]))
    in_range = bool(((piv_h >= np.arange(n)) & (piv_h < n)).all())
    report.check(in_range, what + ": pivots[i] in [i, N)", "pivots %s" % short(piv_h))
    perm_h = host(perm)[0].astype(np.int64)
    report.check(same(np.sort(perm_h), np.arange(n)) and
                 same(perm_h, permutation_reference(piv_h[None, :], n)[0]),
                 what + ": permutation of its pivots", short(perm_h))
    # Backward error of sampled rows r (the last ones lie past 2^31):
    # (L U)[r, :] = sum_{k <= min(r, j)} L[r, k] U[k, j] against A[perm[r], :].
    rng = np.random.default_rng(5880)
    rows = sorted(set([0, 1, n // 2, n - 2, n - 1] + [int(r) for r in rng.integers(0, n, 27)]))
    rows_t = torch.tensor(rows, dtype=torch.int64, device="cuda")
    lrows = lu[0][rows_t].double()  # [R, n]: L left of the diagonal
    cols = torch.arange(n, device="cuda")
    below = cols[None, :] < rows_t[:, None]
    diag = cols[None, :] == rows_t[:, None]
    lrows = torch.where(below, lrows, torch.zeros_like(lrows)) + diag.double()
    product = torch.empty((len(rows), n), dtype=torch.float64, device="cuda")
    for lo in range(0, n, block):
        hi = min(n, lo + block)
        # U[:, lo:hi]: column lo + c of row i is kept when lo + c >= i.
        upper = torch.triu(lu[0][:, lo:hi].double(), diagonal=-lo)
        product[:, lo:hi] = lrows @ upper
        del upper
    perm_rows = torch.tensor(perm_h[rows], dtype=torch.int64, device="cuda")
    original = a[0][perm_rows].double()
    residual = torch.linalg.vector_norm(original - product, dim=1)
    scale_ = torch.linalg.vector_norm(original, dim=1)
    ratio = float((residual / scale_).max().item())
    bound = 10.0 * n * float(np.finfo(np.float32).eps)
    report.check(ratio <= bound, what + ": backward error of %d sampled rows <= 10 n eps "
                 "(%.2e)" % (len(rows), ratio), "%.3e > %.3e" % (ratio, bound))


GROUP_FUNCTIONS = {
    "zero-sizes": group_zero_sizes,
    "n1": group_n1,
    "special-values": group_special_values,
    "perm-values": group_perm_values,
    "big-batch": group_big_batch,
    "huge-perm": group_huge_perm,
    "huge-lu": group_huge_lu,
    "huge-single": group_huge_single,
}

DONE = "GROUP-DONE"


def run_child(args):
    """One group, in this process."""
    global torch
    import torch as torch_module
    torch = torch_module
    report = Report(args.child)
    if not torch.cuda.is_available():
        report.line("FAIL", "setup", "torch sees no CUDA device")
        return 1
    try:
        kernels = Kernels(args.pack)
        GROUP_FUNCTIONS[args.child](kernels, report, args.scale)
    except Exception:  # reported as a failure of the group, with the trace
        report.line("FAIL", "exception", traceback.format_exc().strip().replace("\n", " | "))
        return 1
    print("%s %s" % (DONE, args.child), flush=True)
    return 0


# --------------------------------------------------------------------------
# The parent: one child per group, counts, summary
# --------------------------------------------------------------------------


def run_group(args, group, counts, timeout):
    command = [sys.executable, os.path.abspath(__file__), "--pack", args.pack,
               "--scale", args.scale, "--child", group]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    print("== %s" % group, flush=True)
    start = time.time()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env=env, universal_newlines=True, bufsize=1)
    timed_out = []

    def kill():
        timed_out.append(True)
        proc.kill()

    timer = threading.Timer(timeout, kill)
    timer.start()
    done = False
    tail = []
    try:
        for line in proc.stdout:
            line = line.rstrip("\n")
            status = line.split(" ", 1)[0]
            if line == "%s %s" % (DONE, group):
                done = True
                continue
            if status in Report.STATUSES:
                counts[status] += 1
                print(line, flush=True)
            else:
                tail = (tail + [line])[-8:]
                print("  | " + line, flush=True)
        proc.wait()
    finally:
        timer.cancel()
    if timed_out:
        counts["FAIL"] += 1
        print("FAIL %s: timed out after %d s (--timeout, --budget)" % (group, timeout),
              flush=True)
    elif proc.returncode != 0 or not done:
        counts["FAIL"] += 1
        print("FAIL %s: the child process exited with status %s before finishing the group"
              "%s" % (group, proc.returncode,
                      " (last output: %s)" % " | ".join(tail) if tail else ""), flush=True)
    print("   %s: %.1f s" % (group, time.time() - start), flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__)
    parser.add_argument("--pack", help="the pack of scripts/pack-gpu.sh (its lib/ holds "
                        "liblinalgx_gpu_kernels.so)")
    parser.add_argument("--only", help="comma-separated groups (default: all)")
    parser.add_argument("--scale", choices=sorted(SCALES), default="full")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per group")
    parser.add_argument("--budget", type=int, default=1500,
                        help="seconds for all the groups: a group is given at most what "
                        "is left, and groups that would start after it are skipped")
    parser.add_argument("--list", action="store_true", help="list the groups and exit")
    parser.add_argument("--child", choices=GROUPS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(GROUPS))
        return 0
    if not args.pack:
        parser.error("--pack is required")
    args.pack = os.path.abspath(args.pack)
    if args.child:
        return run_child(args)
    groups = GROUPS
    if args.only:
        groups = [g.strip() for g in args.only.split(",") if g.strip()]
        unknown = [g for g in groups if g not in GROUPS]
        if unknown:
            parser.error("unknown group(s) %s; --list shows them" % ", ".join(unknown))
    library = os.path.join(args.pack, "lib", "liblinalgx_gpu_kernels.so")
    if not os.path.exists(library):
        print("FAIL setup: %s does not exist (run scripts/pack-gpu.sh)" % library)
        return 1
    counts = {status: 0 for status in Report.STATUSES}
    start = time.time()
    for group in groups:
        left = args.budget - (time.time() - start)
        if left < 1:
            counts["SKIP"] += 1
            print("SKIP %s: the --budget of %d s is spent" % (group, args.budget), flush=True)
            continue
        run_group(args, group, counts, min(args.timeout, max(1, int(round(left)))))
    total = sum(counts.values())
    print("extreme-gpu: %d checks, %d passed, %d failed (%d xfail, %d xpass, %d measured, "
          "%d skipped) in %.1f s" % (total, counts["PASS"], counts["FAIL"], counts["XFAIL"],
                                     counts["XPASS"], counts["MEASURED"], counts["SKIP"],
                                     time.time() - start))
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main())
