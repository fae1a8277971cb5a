"""Structured matrices that break LU implementations, for the GPU tests of
large matrices (large_lu_gpu.py) and, without a GPU, for their own test
(python/tests/test_structured_matrices.py). NumPy only."""

import numpy as np


def conditioned(rng, np_t, b, n, kappa):
    """U diag(s) V^T, U and V random orthogonal, s from 1 down to 1/kappa."""
    s = np.geomspace(1.0, 1.0 / kappa, n)
    out = []
    for _ in range(b):
        q1, _ = np.linalg.qr(rng.standard_normal((n, n)))
        q2, _ = np.linalg.qr(rng.standard_normal((n, n)))
        out.append((q1 * s) @ q2.T)
    return np.stack(out).astype(np_t)


def graded(rng, np_t, b, m, n, decades):
    """Normal entries, the rows scaled from 10^-decades to 10^decades in a
    random order."""
    scale = np.logspace(-decades, decades, m)
    rng.shuffle(scale)
    return (rng.standard_normal((b, m, n)) * scale[None, :, None]).astype(np_t)


def wilkinson(np_t, b, n):
    """The matrix and its exact factors (no exchange): L its strictly lower
    part, U the identity with 2^i in row i of the last column."""
    a = np.tril(-np.ones((n, n)), -1) + np.eye(n)
    a[:, -1] = 1
    lu = np.tril(a, -1) + np.eye(n)
    lu[:, -1] = 2.0 ** np.arange(n)
    return np.broadcast_to(a, (b, n, n)).astype(np_t), lu.astype(np_t)


def signs(rng, np_t, b, m, n):
    """Entries +1 and -1: every step starts with equal magnitudes."""
    return rng.choice([-1.0, 1.0], size=(b, m, n)).astype(np_t)
