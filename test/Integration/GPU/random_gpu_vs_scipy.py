#!/usr/bin/env python3
"""Randomized check of linalgx on an NVIDIA GPU against SciPy, NumPy and JAX.

Calls the GPU entry points compiled ahead of time by scripts/pack-gpu.sh
(liblinalgx_gpu_kernels.so: `lu_perm_<strategy>_<type>`, `perm_<int>`, ...)
through their MLIR C interface, on device buffers owned by PyTorch, and checks
the contract of docs/design.md ("The contract"):
  - pivots identical to LAPACK's (scipy.linalg.lu_factor) on tie-free input,
  - backward error ||A[perm] - L U||_F / ||A||_F <= 10 n eps,
  - info identical to LAPACK's (singular matrices included),
  - the permutation equal to jax.lax.linalg.lu_pivots_to_permutation and,
    on tie-free input, to the one jax.lax.linalg.lu returns,
  - pivots_to_permutation against a NumPy reference on random pivots with
    out-of-range entries, one_based, i64, batches over 65535 and N = 1e5.
Prints one line per failure and a summary; exits 1 on any failure.

  python3 random_gpu_vs_scipy.py --pack PACK_DIR [--seed S] [--cases N]
"""

import argparse
import ctypes
import sys
import time

import numpy as np
import scipy.linalg
import torch

TYPES = {
    "f32": (np.float32, torch.float32, np.finfo(np.float32).eps),
    "f64": (np.float64, torch.float64, np.finfo(np.float64).eps),
    "c32": (np.complex64, torch.complex64, np.finfo(np.float32).eps),
    "c64": (np.complex128, torch.complex128, np.finfo(np.float64).eps),
}


def memref_type(rank):
    class MemRef(ctypes.Structure):
        _fields_ = [("base", ctypes.c_void_p), ("data", ctypes.c_void_p),
                    ("offset", ctypes.c_int64),
                    ("sizes", ctypes.c_int64 * rank),
                    ("strides", ctypes.c_int64 * rank)]
    return MemRef


MEMREFS = {rank: memref_type(rank) for rank in (1, 2, 3)}


def descriptor(tensor):
    """An MLIR memref descriptor of a contiguous CUDA tensor."""
    assert tensor.is_cuda and tensor.is_contiguous()
    rank = tensor.dim()
    d = MEMREFS[rank]()
    d.base = d.data = tensor.data_ptr() if tensor.numel() else 0
    d.offset = 0
    for i in range(rank):
        d.sizes[i] = tensor.shape[i]
        d.strides[i] = tensor.stride(i)
    return d


class Kernels:
    def __init__(self, pack):
        self.lib = ctypes.CDLL(f"{pack}/lib/liblinalgx_gpu_kernels.so")

    def call(self, name, *tensors):
        torch.cuda.synchronize()
        descs = [descriptor(t) for t in tensors]
        fn = getattr(self.lib, f"_mlir_ciface_{name}")
        fn.restype = None
        fn(*[ctypes.byref(d) for d in descs])


def random_matrices(rng, dtype, b, m, n):
    a = rng.standard_normal((b, m, n))
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal((b, m, n))
    return a.astype(dtype)


def reference_permutation(pivots, n, one_based=False):
    """docs/design.md's contract, vectorized over the batch."""
    batch = pivots.shape[0]
    perm = np.tile(np.arange(n, dtype=pivots.dtype), (batch, 1))
    rows = np.arange(batch)
    for i in range(min(pivots.shape[1], n)):
        j = pivots[:, i].astype(np.int64) - (1 if one_based else 0)
        ok = (j >= 0) & (j < n)
        r, jj = rows[ok], j[ok]
        a, c = perm[r, i].copy(), perm[r, jj].copy()
        perm[r, i], perm[r, jj] = c, a
    return perm


def magnitude(x):
    return np.abs(x.real) + np.abs(x.imag) if np.iscomplexobj(x) else np.abs(x)


def near_tie(a, piv, rel):
    """Whether some step's two largest pivot candidates are within `rel`,
    replaying the factorization with the given pivots in float64."""
    w = a.astype(np.complex128 if np.iscomplexobj(a) else np.float64).copy()
    m, n = w.shape
    for k in range(min(m, n)):
        mags = magnitude(w[k:, k])
        if mags.size > 1:
            top = np.sort(mags)[-2:]
            if top[1] > 0 and (top[1] - top[0]) <= rel * top[1]:
                return True
        p = piv[k]
        w[[k, p]] = w[[p, k]]
        if w[k, k] != 0:
            w[k + 1:, k] /= w[k, k]
            w[k + 1:, k + 1:] -= np.outer(w[k + 1:, k], w[k, k + 1:])
    return False


class Checker:
    def __init__(self):
        self.passed = self.failed = self.skipped_pivots = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {what}", flush=True)


def lu_case(kernels, checker, rng, strategy, t, b, m, n, singular=False, jax=None):
    np_t, torch_t, eps = TYPES[t]
    a = random_matrices(rng, np_t, b, m, n)
    if singular and b and min(m, n) > 1:
        a[:, :, min(m, n) // 2] = 0          # a zero column: info = k + 1
    k = min(m, n)
    dev = lambda x: torch.from_numpy(np.ascontiguousarray(x)).cuda()
    da = dev(a)
    dlu = torch.full_like(da, float("nan"))
    dpiv = torch.full((b, k), -7, dtype=torch.int32, device="cuda")
    dinfo = torch.full((b,), -7, dtype=torch.int32, device="cuda")
    dperm = torch.full((b, m), -7, dtype=torch.int32, device="cuda")
    kernels.call(f"lu_perm_{strategy}_{t}", da, dlu, dpiv, dinfo, dperm)
    lu, piv, info, perm = (x.cpu().numpy() for x in (dlu, dpiv, dinfo, dperm))
    tag = f"lu {strategy} {t} b={b} m={m} n={n}{' singular' if singular else ''}"
    checker.check(np.array_equal(perm, reference_permutation(piv, m)),
                  f"{tag}: permutation differs from the pivots' permutation")
    tie_rel = 1e-3 if eps > 1e-10 else 1e-6
    for i in range(min(b, 8)):
        ai = a[i].astype(np.complex128 if np.iscomplexobj(a) else np.float64)
        lu_ref, piv_ref, info_ref = scipy.linalg.lapack.zgetrf(ai) if np.iscomplexobj(ai) \
            else scipy.linalg.lapack.dgetrf(ai)
        checker.check(int(info[i]) == int(info_ref),
                      f"{tag} [{i}]: info {info[i]} != LAPACK {info_ref}")
        if info_ref == 0 and not near_tie(a[i], piv_ref, tie_rel):
            checker.check(np.array_equal(piv[i], piv_ref),
                          f"{tag} [{i}]: pivots differ from LAPACK: "
                          f"{np.nonzero(piv[i] != piv_ref)[0][:5]}")
        else:
            checker.skipped_pivots += 1
        if info_ref == 0:
            l = np.tril(lu[i], -1)[:, :k] + np.eye(m, k)
            u = np.triu(lu[i])[:k, :]
            err = np.linalg.norm(ai[perm[i]] - l.astype(ai.dtype) @ u.astype(ai.dtype))
            bound = 10 * max(m, n) * eps * max(np.linalg.norm(ai), 1e-300)
            checker.check(err <= bound, f"{tag} [{i}]: backward error {err:.3e} > {bound:.3e}")
    if jax is not None and b and m and n and info.max(initial=0) == 0:
        jperm = np.asarray(jax.lax.linalg.lu_pivots_to_permutation(
            jax.numpy.asarray(piv), m))
        checker.check(np.array_equal(jperm, perm),
                      f"{tag}: permutation differs from jax lu_pivots_to_permutation")
        # JAX's batched complex LU pivots by |z| (cuBLAS), not LAPACK's
        # |re| + |im|, so only real permutations are comparable.
        if m == n and strategy == "auto" and t in ("f32", "f64"):
            _, _, jlu_perm = jax.lax.linalg.lu(jax.numpy.asarray(a))
            jlu_perm = np.asarray(jlu_perm)
            same = [np.array_equal(jlu_perm[i], perm[i]) for i in range(b)]
            # JAX's own factorization may break near-ties differently.
            checker.check(np.mean(same) >= 0.9,
                          f"{tag}: permutation differs from jax.lax.linalg.lu "
                          f"on {b - sum(same)} of {b} matrices")


def perm_case(kernels, checker, rng, b, k, n, int_t="i32", one_based=False):
    np_int = np.int32 if int_t == "i32" else np.int64
    piv = rng.integers(-3, n + 3, size=(b, k)).astype(np_int)
    dpiv = torch.from_numpy(piv).cuda()
    dperm = torch.full((b, n), -7, dtype=dpiv.dtype, device="cuda")
    name = f"perm_{'one_based_' if one_based else ''}{int_t}"
    kernels.call(name, dpiv, dperm)
    ok = np.array_equal(dperm.cpu().numpy(), reference_permutation(piv, n, one_based))
    checker.check(ok, f"{name} b={b} k={k} n={n}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pack", required=True)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cases", type=int, default=60)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    kernels = Kernels(args.pack)
    try:
        import jax
        jax.config.update("jax_enable_x64", True)
    except Exception as error:  # JAX comparisons are skipped without JAX
        print(f"note: no JAX ({error}); JAX comparisons skipped")
        jax = None
    checker = Checker()
    start = time.time()

    for case in range(args.cases):
        t = list(TYPES)[case % 4]
        b = int(rng.choice([1, 1, 2, 7, 64, 300]))
        n = int(rng.integers(1, 301 if b <= 7 else 129))
        m = n if case % 3 else int(rng.integers(1, 301 if b <= 7 else 129))
        lu_case(kernels, checker, rng, "auto", t, b, m, n, jax=jax)
        lu_case(kernels, checker, rng, "cusolver", t, b, m, n)
        if m == n and t in ("f32", "f64"):
            lu_case(kernels, checker, rng, "batched", t, b, m, n)
    for t in TYPES:
        lu_case(kernels, checker, rng, "auto", t, 5, 40, 40, singular=True)
        lu_case(kernels, checker, rng, "cusolver", t, 3, 30, 20, singular=True)
        lu_case(kernels, checker, rng, "auto", t, 0, 4, 4)          # empty batch
        lu_case(kernels, checker, rng, "auto", t, 2, 1, 1)
        lu_case(kernels, checker, rng, "auto", t, 4096, 8, 8)       # many small
    # Both kernel paths and their edges: grouped (N <= 256: N = 1, 16, 75,
    # 255, 256; K < N, K > N; more matrices than one grid covers, 16896
    # blocks of floor(256 / N): (20000, 200, 200), (17000, 256, 256)) and
    # flat (N = 257, 100000).
    for b, k, n in [(1, 75, 75), (64, 75, 75), (3, 5, 9), (70000, 4, 4),
                    (100000, 3, 6), (1, 100000, 100000), (2, 0, 5), (0, 3, 3),
                    (1, 1, 1), (5, 1, 1), (16384, 16, 16), (1000, 40, 33),
                    (3, 300, 255), (2, 256, 256), (2, 257, 257), (7, 129, 128),
                    (20000, 180, 200), (17000, 256, 256), (9, 3, 300)]:
        for int_t in ("i32", "i64"):
            for one_based in (False, True):
                perm_case(kernels, checker, rng, b, k, n, int_t, one_based)

    print(f"random-gpu-vs-scipy: {checker.passed + checker.failed} checks, "
          f"{checker.passed} passed, {checker.failed} failed "
          f"({checker.skipped_pivots} pivot comparisons skipped for near-ties or "
          f"singular input) in {time.time() - start:.1f} s")
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main())
