"""linalgx.lu_solve on the CPU against scipy.linalg.lu_solve: the three
systems (A, Aᵀ, Aᴴ), the four element types, int32 and int64 pivots,
batches, one or several right-hand sides; residual
||op(A)·X - B|| <= 10 n eps ||op(A)|| ||X||; singular factors as LAPACK's
getrs; every malformed call an error naming the argument."""

import numpy as np
import pytest
import scipy.linalg

import linalgx

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def random_matrix(rng, shape, dtype):
    a = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def system(a, trans):
    return {0: a, 1: np.swapaxes(a, -1, -2), 2: np.swapaxes(a, -1, -2).conj()}[trans]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("trans", [0, 1, 2])
# 70 and 33 right-hand sides span several vector tiles of the CPU loops
# (32 f64 or 64 f32 lanes), the last one masked; n = 3, 4, 5, 8, 21, 37, 40
# put rows in and out of the loops' blocks of four.
@pytest.mark.parametrize("n, rhs", [(1, 1), (5, 3), (16, None), (37, 2), (21, 70), (40, 33),
                                     (3, 5), (4, 9), (8, 2)])
def test_matches_scipy(dtype, trans, n, rhs):
    rng = np.random.default_rng(1000 * n + 10 * trans + DTYPES.index(dtype))
    a = random_matrix(rng, (n, n), dtype)
    b = random_matrix(rng, (n,) if rhs is None else (n, rhs), dtype)
    lu, piv = scipy.linalg.lu_factor(a)
    x = linalgx.lu_solve((lu, piv), b, trans=trans)
    expected = scipy.linalg.lu_solve((lu, piv), b, trans=trans)
    assert x.shape == b.shape and x.dtype == np.dtype(dtype)
    eps = np.finfo(dtype).eps
    op = system(a.astype(np.complex128), trans)
    residual = np.linalg.norm(op @ x.astype(np.complex128) - b)
    bound = 10 * n * eps * np.linalg.norm(op) * np.linalg.norm(x.astype(np.complex128))
    assert residual <= bound
    np.testing.assert_allclose(x, expected, rtol=200 * n * eps, atol=200 * n * eps)


@pytest.mark.parametrize("pivot_dtype", [np.int32, np.int64])
@pytest.mark.parametrize("trans", ["N", "T", "C"])
def test_batch_from_linalgx_lu(pivot_dtype, trans):
    """linalgx.lu's factors and pivots, a batch of rank 2, several sides."""
    rng = np.random.default_rng(7)
    a = random_matrix(rng, (2, 3, 8, 8), np.complex128)
    b = random_matrix(rng, (2, 3, 8, 4), np.complex128)
    lu, piv, _ = linalgx.lu(a)
    x = linalgx.lu_solve((lu, piv.astype(pivot_dtype)), b, trans=trans)
    number = {"N": 0, "T": 1, "C": 2}[trans]
    np.testing.assert_allclose(system(a, number) @ x, b, rtol=1e-11, atol=1e-11)
    for index in np.ndindex(2, 3):
        expected = scipy.linalg.lu_solve((lu[index], piv[index]), b[index], trans=number)
        np.testing.assert_allclose(x[index], expected, rtol=1e-12, atol=1e-12)


def test_vector_batch_and_mixed_types():
    """[..., N] right-hand sides; float32 factors with a float64 b promote."""
    rng = np.random.default_rng(3)
    a = random_matrix(rng, (4, 6, 6), np.float32)
    b = random_matrix(rng, (4, 6), np.float64)
    lu, piv, _ = linalgx.lu(a)
    x = linalgx.lu_solve((lu, piv), b)
    assert x.shape == (4, 6) and x.dtype == np.float64
    np.testing.assert_allclose(np.einsum("bij,bj->bi", a.astype(np.float64), x), b,
                               rtol=1e-4, atol=1e-4)


def test_singular_factors_give_infinities_like_getrs():
    a = np.array([[1.0, 2.0], [2.0, 4.0]])
    with pytest.warns(scipy.linalg.LinAlgWarning):  # U[1, 1] == 0
        lu, piv = scipy.linalg.lu_factor(a)
    b = np.array([1.0, 1.0])
    x = linalgx.lu_solve((lu, piv), b)
    expected = scipy.linalg.lu_solve((lu, piv), b)
    np.testing.assert_array_equal(np.isfinite(x), np.isfinite(expected))
    assert not np.all(np.isfinite(x))


def test_inputs_are_not_modified():
    rng = np.random.default_rng(5)
    a = random_matrix(rng, (5, 5), np.float64)
    lu, piv = scipy.linalg.lu_factor(a)
    b = random_matrix(rng, (5, 2), np.float64)
    copies = (lu.copy(), piv.copy(), b.copy())
    linalgx.lu_solve((lu, piv), b, trans=1)
    for before, after in zip(copies, (lu, piv, b)):
        np.testing.assert_array_equal(before, after)


@pytest.mark.parametrize("call, message", [
    (lambda: linalgx.lu_solve(np.eye(3), np.ones(3)), "lu_and_piv must be the pair"),
    (lambda: linalgx.lu_solve((np.eye(3), np.zeros(3, np.int32)), np.ones(3), trans=3),
     "trans must be 0, 1 or 2"),
    (lambda: linalgx.lu_solve((np.eye(3, dtype=np.int64), np.zeros(3, np.int32)), np.ones(3, np.int64)),
     "lu and b must be float32"),
    (lambda: linalgx.lu_solve((np.eye(3), np.zeros(3, np.float64)), np.ones(3)),
     "piv must be int32 or int64"),
    (lambda: linalgx.lu_solve((np.ones((3, 4)), np.zeros(3, np.int32)), np.ones(3)),
     "lu must be square"),
    (lambda: linalgx.lu_solve((np.eye(3), np.zeros(2, np.int32)), np.ones(3)),
     r"piv must have shape \(3,\)"),
    (lambda: linalgx.lu_solve((np.eye(3), np.zeros(3, np.int32)), np.ones(4)),
     "b must have shape"),
    (lambda: linalgx.lu_solve((np.eye(3), np.zeros(3, np.int32)), np.ones((2, 3, 1))),
     "b must have shape"),
])
def test_errors_name_the_argument(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("a_shape, b_shape", [
    ((5, 5), (5,)), ((5, 5), (5, 3)), ((4, 6, 6), (4, 6, 2)), ((2, 1, 4, 4), (3, 4, 1)),
    ((3, 3), (2, 3, 2)), ((1, 1), (1,))])
def test_solve_matches_numpy(dtype, a_shape, b_shape):
    """numpy.linalg.solve's contract, its broadcasting included."""
    rng = np.random.default_rng(sum(a_shape) * 31 + sum(b_shape) + DTYPES.index(dtype))
    a = random_matrix(rng, a_shape, dtype)
    b = random_matrix(rng, b_shape, dtype)
    x = linalgx.solve(a, b)
    expected = np.linalg.solve(a, b)
    assert x.shape == expected.shape and x.dtype == expected.dtype
    tolerance = 1e-3 if dtype in (np.float32, np.complex64) else 1e-10
    np.testing.assert_allclose(x, expected, rtol=tolerance, atol=tolerance)


def test_solve_integers_and_singular():
    x = linalgx.solve(np.array([[2, 1], [1, 3]]), np.array([3, 5]))
    assert x.dtype == np.float64
    np.testing.assert_allclose(x, np.linalg.solve([[2, 1], [1, 3]], [3, 5]))
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        linalgx.solve(np.array([[1.0, 2.0], [2.0, 4.0]]), np.ones(2))
    with pytest.raises(ValueError, match="do not broadcast"):
        linalgx.solve(np.ones((2, 3, 3)), np.ones((4, 3, 1)))
    with pytest.raises(ValueError, match="a must be square"):
        linalgx.solve(np.ones((3, 4)), np.ones(3))
    with pytest.raises(ValueError, match="b must have shape"):
        linalgx.solve(np.eye(3), np.ones(4))


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("n", [1, 7, 8, 9, 16, 17, 33, 64, 65, 200])
def test_solve_one_right_hand_side_fused(dtype, n):
    """The CPU lowering factors and solves each matrix of a one-column solve
    in one pass (rows of the local buffer in vectors of 8 f64 or 16 f32:
    every chunk boundary), and takes lu + lu_solve for matrices too large
    for it (n = 200 f64): both within numpy.linalg.solve's accuracy, a left
    as it was."""
    rng = np.random.default_rng(n * 7 + (dtype == np.float64))
    a = random_matrix(rng, (9, n, n), dtype)
    b = random_matrix(rng, (9, n, 1), dtype)
    a_before = a.copy()
    x = linalgx.solve(a, b)
    np.testing.assert_array_equal(a, a_before)
    eps = np.finfo(dtype).eps
    residual = np.linalg.norm(a.astype(np.float64) @ x - b, axis=(1, 2))
    bound = 10 * n * eps * np.linalg.norm(a, axis=(1, 2)) * np.linalg.norm(x, axis=(1, 2))
    assert (residual <= bound).all(), (residual / bound).max()


def test_solve_singular_matrix_in_a_batch():
    """A singular matrix anywhere in the batch raises as numpy.linalg.solve
    does; the others' solutions are unaffected by it."""
    rng = np.random.default_rng(3)
    a = random_matrix(rng, (6, 12, 12), np.float64)
    a[4, :, 3] = 0.0
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        linalgx.solve(a, np.ones((6, 12, 1)))
