#!/usr/bin/env python3
"""Reference output of the extreme-size integration tests, from NumPy.

Prints, in the exact format of linalgx-runner's exact printers
(`linalgx.memref <type> <rank> <sizes>` then the elements, floats as C99
`%a`), what a test program of this directory must print, so that the CHECK
lines of that program can be checked against an independent computation:

  extreme_reference.py big-batch   # big-batch.mlir
  extreme_reference.py huge-lu     # Huge/huge-lu-f32.mlir (cheap here:
                                   # a table of 1021 matrices and counts)

The matrices are those of the programs' @entry function (see big-batch.mlir);
the factorization is an emulation of the CPU lowering (unblocked getf2, pivot
= first index of the largest |a|, a strict `>` that never selects a NaN, no
work after a zero pivot) in the precision of the element type, vectorized
over the batch. Every factorization is also compared with SciPy's LAPACK
?getrf (pivots, info and factors must be identical: the values are exact);
a difference is reported on stderr and makes the exit status 1.
"""

import argparse
import math
import sys

import numpy as np

try:
    import scipy.linalg.lapack as lapack
except ImportError:  # the comparison with LAPACK is then skipped
    lapack = None


# --------------------------------------------------------------------------
# Printing in the runner's format
# --------------------------------------------------------------------------


def c_hex(value):
    """C99 printf("%a") of a float as glibc prints it (0x1.8p+1, 0x0p+0)."""
    value = float(value)
    if math.isnan(value):
        return "-nan" if math.copysign(1.0, value) < 0 else "nan"
    if math.isinf(value):
        return "-inf" if value < 0 else "inf"
    text = value.hex()  # e.g. -0x1.8000000000000p+1, 0x0.0p+0
    sign = "-" if text.startswith("-") else ""
    mantissa, exponent = text.lstrip("-")[2:].split("p")
    whole, _, fraction = mantissa.partition(".")
    fraction = fraction.rstrip("0")
    return "%s0x%s%sp%s" % (sign, whole, "." + fraction if fraction else "", exponent)


def print_memref(type_name, array):
    array = np.asarray(array)
    print("linalgx.memref %s %d%s" % (type_name, array.ndim,
                                      "".join(" %d" % d for d in array.shape)))
    flat = array.reshape(-1)
    if type_name in ("f32", "f64"):
        print(" ".join(c_hex(x) for x in flat))
    else:
        print(" ".join(str(int(x)) for x in flat))


# --------------------------------------------------------------------------
# The generated matrices and the reference factorization
# --------------------------------------------------------------------------


def entries(ts, n):
    """The n x n matrices number `ts` of the programs' @entry, in float64."""
    ts = np.asarray(ts, dtype=np.int64)
    count = ts.size
    ks = np.arange(n)
    # L(t, r, k) and U(t, k, j) for every t.
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
    product = lower @ upper  # exact: small dyadic values
    reversed_ = (ts // n) % 2 == 1
    rows = np.where(reversed_[:, None], (n - 1 - ks[None, :] + ts[:, None]) % n,
                    (ks[None, :] + ts[:, None]) % n)
    return product[np.arange(count)[:, None], rows, :]


def lu_reference(a):
    """Vectorized getf2 as the CPU lowering does it; returns lu, piv, info."""
    lu = np.array(a, copy=True)
    batch, m, n = lu.shape
    k = min(m, n)
    piv = np.zeros((batch, k), dtype=np.int64)
    info = np.zeros(batch, dtype=np.int64)
    rows = np.arange(batch)
    for kk in range(k):
        mags = np.abs(lu[:, kk:, kk])
        diag_nan = np.isnan(mags[:, 0])
        best = np.argmax(np.where(np.isnan(mags), -np.inf, mags), axis=1)
        # A strict `>` starting from the diagonal: the first largest, and the
        # diagonal itself when it is NaN (nothing compares greater).
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


def compare_with_lapack(a, lu, piv, info, what):
    """Every matrix against SciPy's ?getrf; returns the number of mismatches."""
    if lapack is None:
        print("note: no SciPy, %s not compared with LAPACK" % what, file=sys.stderr)
        return 0
    routine = lapack.sgetrf if a.dtype == np.float32 else lapack.dgetrf
    bad = 0
    for t in range(a.shape[0]):
        lu_ref, piv_ref, info_ref = routine(a[t])
        same = (np.array_equal(np.asarray(piv_ref, dtype=np.int64), piv[t])
                and int(info_ref) == int(info[t])
                and np.array_equal(lu_ref, lu[t]))
        if not same:
            bad += 1
            if bad <= 5:
                print("MISMATCH %s matrix %d: LAPACK piv %s info %d, reference piv %s info %d"
                      % (what, t, list(piv_ref), info_ref, list(piv[t]), info[t]),
                      file=sys.stderr)
    return bad


# --------------------------------------------------------------------------
# Checksums (as the programs compute them)
# --------------------------------------------------------------------------

POSITION_MODULUS = 1000003


def int_checksums(piv, info, perm, positions=None):
    """[sum piv*(k+1), sum (t mod 1000003)*piv[:,0], sum info, #info != 0,
        sum perm*(j+1), sum (t mod 1000003)*perm[:, N-1]]."""
    piv = piv.astype(np.int64)
    perm = perm.astype(np.int64)
    batch = perm.shape[0]
    t = np.arange(batch, dtype=np.int64) if positions is None else positions
    tm = t % POSITION_MODULUS
    k = piv.shape[1]
    n = perm.shape[1]
    return [
        int((piv * np.arange(1, k + 1)).sum()),
        int((tm * piv[:, 0]).sum()) if k else 0,
        int(info.sum()),
        int(np.count_nonzero(info)),
        int((perm * np.arange(1, n + 1)).sum()),
        int((tm * perm[:, n - 1]).sum()),
    ]


def lu_checksum(lu):
    """sum lu(t,i,j) * ((flat index) mod 7 + 1), exactly (the true sum is a
    float64: every term is a small multiple of a small power of two)."""
    flat = np.arange(lu.size, dtype=np.int64).reshape(lu.shape)
    terms = lu.astype(np.float64) * (flat % 7 + 1)
    return math.fsum(terms.reshape(-1).tolist())


# --------------------------------------------------------------------------
# big-batch.mlir
# --------------------------------------------------------------------------

SHOWN = (0, 1, 65535, 65536)


def big_batch():
    bad = 0
    for label, batch, n, dtype, type_name, itype in (
            ("f64_70000x3x3", 70000, 3, np.float64, "f64", "i32"),
            ("f32_100000x4x4", 100000, 4, np.float32, "f32", "i64")):
        a = entries(np.arange(batch), n).astype(dtype)
        lu, piv, info = lu_reference(a)
        bad += compare_with_lapack(a, lu, piv, info, label)
        perm = permutation_reference(piv, n)
        print(label)
        for t in SHOWN + (batch - 1,):
            print_memref(type_name, lu[t])
            print_memref(itype, piv[t])
            print_memref(itype, info[t:t + 1])
            print_memref(itype, perm[t])
        print("checksums")
        print_memref("i64", int_checksums(piv, info, perm))
        print_memref("f64", [lu_checksum(lu)])
        if dtype == np.float32:
            print_memref("f64", [lu_checksum(a)])

    batch = 100000
    t = np.arange(batch, dtype=np.int64)[:, None]
    k = np.arange(4, dtype=np.int64)[None, :]
    pivots = (31 * t + 17 * k) % 11 - 3
    perm = permutation_reference(pivots, 5, one_based=True)
    print("perm_one_based_100000x4_to_5")
    for t in SHOWN + (batch - 1,):
        print_memref("i32", pivots[t])
        print_memref("i32", perm[t])
    print("checksums")
    print_memref("i64", int_checksums(pivots, np.zeros(batch, np.int64), perm))
    return bad


# --------------------------------------------------------------------------
# Huge/huge-lu-f32.mlir: B = 2^27 + 1 4x4 f32 matrices (B*M*N > 2^31);
# matrix b < B-1 is table entry b mod 1021, the last one is @entry(B + 5).
# --------------------------------------------------------------------------

HUGE_BATCH = (1 << 27) + 1
HUGE_TABLE = 1021
HUGE_N = 4


def residue_counts(count, modulus):
    """How many b in [0, count) have b mod modulus == r, for every r."""
    counts = np.full(modulus, count // modulus, dtype=np.int64)
    counts[:count % modulus] += 1
    return counts


def huge_lu():
    n = HUGE_N
    table = entries(np.arange(HUGE_TABLE), n).astype(np.float32)
    last = entries([HUGE_BATCH + 5], n).astype(np.float32)
    lu_t, piv_t, info_t = lu_reference(table)
    lu_l, piv_l, info_l = lu_reference(last)
    bad = compare_with_lapack(table, lu_t, piv_t, info_t, "huge table")
    bad += compare_with_lapack(last, lu_l, piv_l, info_l, "huge last matrix")

    # Exactness of the f64 checksum: every value a multiple of 2^-15 and
    # |partial sums| < 2^38.
    for values in (lu_t, lu_l):
        scaled = values.astype(np.float64) * 2.0 ** 15
        if not np.array_equal(scaled, np.round(scaled)):
            print("huge-lu: values finer than 2^-15, the checksum may round",
                  file=sys.stderr)
            bad += 1

    regular = HUGE_BATCH - 1  # matrices taken from the table
    # Integer checksums: per table entry times its count, plus the last.
    counts = residue_counts(regular, HUGE_TABLE)
    weights = np.arange(1, n + 1, dtype=np.int64)
    s_piv = int((counts * (piv_t * weights).sum(axis=1)).sum()
                + (piv_l[0] * weights).sum())
    # sum_b b * piv(b, 0): the b = r + 1021 q (q < counts[r]) of residue r
    # add up to counts[r] r + 1021 counts[r] (counts[r] - 1) / 2.
    s_pos = 0
    for r in range(HUGE_TABLE):
        c = int(counts[r])
        s_pos += int(piv_t[r, 0]) * (c * r + HUGE_TABLE * c * (c - 1) // 2)
    s_pos += (HUGE_BATCH - 1) * int(piv_l[0, 0])
    s_info = int((counts * info_t).sum() + info_l[0])
    n_sing = int((counts * (info_t != 0)).sum() + (info_l[0] != 0))
    # LU checksum: the weight of element (b, i, j) is ((16 b + 4 i + j) mod 7)
    # + 1, which depends on b mod 7: group the matrices by b mod (1021 * 7).
    period = HUGE_TABLE * 7
    counts7 = residue_counts(regular, period)
    within = np.arange(n * n, dtype=np.int64).reshape(n, n)
    terms = []
    for residue in range(period):
        if counts7[residue] == 0:
            continue
        w = (n * n * residue + within) % 7 + 1
        value = math.fsum((lu_t[residue % HUGE_TABLE].astype(np.float64) * w)
                          .reshape(-1).tolist())
        terms.append(value * int(counts7[residue]))
    w_last = (n * n * (HUGE_BATCH - 1) + within) % 7 + 1
    terms.append(math.fsum((lu_l[0].astype(np.float64) * w_last).reshape(-1).tolist()))
    s_lu = math.fsum(terms)

    print("huge_lu_f32")
    for b in (0, HUGE_BATCH - 2):
        t = b % HUGE_TABLE
        print_memref("f32", lu_t[t])
        print_memref("i32", piv_t[t])
        print_memref("i32", info_t[t:t + 1])
    print_memref("f32", lu_l[0])
    print_memref("i32", piv_l[0])
    print_memref("i32", info_l[0:1])
    print("checksums")
    print_memref("i64", [s_piv, s_pos, s_info, n_sing])
    print_memref("f64", [s_lu])
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("which", choices=["big-batch", "huge-lu"])
    args = parser.parse_args()
    bad = big_batch() if args.which == "big-batch" else huge_lu()
    sys.stdout.flush()
    if bad:
        print("extreme_reference: %d factorization(s) differ from LAPACK" % bad,
              file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
