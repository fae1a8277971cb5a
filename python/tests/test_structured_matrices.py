"""The structured matrices of the GPU tests of large matrices
(test/Integration/GPU/structured_matrices.py) are what they claim: checked
here, without a GPU, against LAPACK and NumPy, so that a failure on the GPU
is the factorization's and not the test's."""

import os
import sys

import numpy as np
import pytest
import scipy.linalg

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "test",
                                "Integration", "GPU"))
import structured_matrices as sm  # noqa: E402


@pytest.mark.parametrize("np_t, n", [(np.float64, 60), (np.float64, 300),
                                     (np.float32, 120)])
def test_wilkinson_factors_are_lapacks(np_t, n):
    a, exact = sm.wilkinson(np_t, 2, n)
    assert a.shape == (2, n, n) and a.dtype == np_t
    getrf = scipy.linalg.lapack.dgetrf if np_t == np.float64 else scipy.linalg.lapack.sgetrf
    lu, piv, info = getrf(a[0])
    assert info == 0
    assert np.array_equal(piv, np.arange(n))       # every step a tie, the first wins
    assert np.array_equal(lu, exact)
    assert exact[-1, -1] == 2.0 ** (n - 1)


def test_conditioned_has_its_condition_number():
    a = sm.conditioned(np.random.default_rng(0), np.float64, 2, 200, 1e12)
    assert a.shape == (2, 200, 200)
    for m in a:
        assert 0.5e12 < np.linalg.cond(m) < 2e12


def test_graded_rows_span_their_decades():
    a = sm.graded(np.random.default_rng(1), np.float64, 1, 400, 50, 8)
    row_norms = np.linalg.norm(a[0], axis=1)
    assert row_norms.max() / row_norms.min() > 1e15
    assert not np.all(np.diff(row_norms) > 0)        # shuffled, not sorted


def test_signs_are_plus_and_minus_one():
    a = sm.signs(np.random.default_rng(2), np.float32, 3, 20, 30)
    assert a.dtype == np.float32 and set(np.unique(a)) == {-1.0, 1.0}
