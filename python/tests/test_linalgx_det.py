"""linalgx.det, linalgx.slogdet and linalgx.inv on the CPU against NumPy:
the four element types, batches of any rank, a single matrix (scalars, as
NumPy), empty matrices and batches; random, ill-conditioned and scaled input
(slogdet where the product overflows); exactly singular matrices give
det 0 and (0, -inf) whatever the batch, inv raises LinAlgError as NumPy;
every malformed call an error naming the argument."""

import numpy as np
import pytest

import linalgx
from test_linalgx_lu import random_matrix

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]



def tolerance(dtype, n):
    return 50 * max(n, 1) * np.finfo(dtype).eps


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("shape", [(1, 1), (3, 3), (2, 5, 5), (3, 2, 16, 16), (40, 40)])
def test_det_and_slogdet_match_numpy(dtype, shape):
    rng = np.random.default_rng(sum(shape) + DTYPES.index(dtype))
    a = random_matrix(rng, shape, dtype)
    n = shape[-1]
    tol = tolerance(dtype, n)
    d = linalgx.det(a)
    expected = np.linalg.det(a.astype(np.complex128 if np.iscomplexobj(a) else np.float64))
    assert np.shape(d) == shape[:-2] and np.asarray(d).dtype == np.dtype(dtype)
    np.testing.assert_allclose(d, expected, rtol=tol)
    sign, logabsdet = linalgx.slogdet(a)
    expected_sign, expected_log = np.linalg.slogdet(a.astype(np.complex128))
    assert np.asarray(logabsdet).dtype == np.finfo(dtype).dtype
    np.testing.assert_allclose(logabsdet, expected_log, rtol=tol, atol=tol)
    np.testing.assert_allclose(sign, expected_sign.real if not np.iscomplexobj(a)
                               else expected_sign, rtol=tol, atol=tol)


def test_single_matrix_gives_scalars_like_numpy():
    a = np.array([[2.0, -1.0, 0.5, 1.0], [3.0, 2.5, 0.75, 0.5],
                  [4.0, 2.0, -1.0, 1.0], [-1.0, -1.5, 8.75, -2.0]])
    d = linalgx.det(a)
    assert isinstance(d, np.float64) and d == 32.0  # the exact product
    result = linalgx.slogdet(a)
    assert isinstance(result, linalgx.SlogdetResult)
    assert result.sign == 1.0 and result.logabsdet == pytest.approx(np.log(32.0), rel=1e-15)
    sign, logabsdet = result
    assert (sign, logabsdet) == tuple(result)


def test_slogdet_where_the_product_overflows():
    rng = np.random.default_rng(3)
    a = 1e30 * random_matrix(rng, (4, 30, 30), np.float64)
    assert np.all(np.isinf(linalgx.det(a)))
    sign, logabsdet = linalgx.slogdet(a)
    expected_sign, expected_log = np.linalg.slogdet(a)
    np.testing.assert_array_equal(sign, expected_sign)
    np.testing.assert_allclose(logabsdet, expected_log, rtol=1e-13)


def test_ill_conditioned():
    rng = np.random.default_rng(4)
    u, _ = np.linalg.qr(rng.standard_normal((3, 20, 20)))
    v, _ = np.linalg.qr(rng.standard_normal((3, 20, 20)))
    a = u @ (np.logspace(0, -12, 20)[:, None] * v)
    sign, logabsdet = linalgx.slogdet(a)
    expected_sign, expected_log = np.linalg.slogdet(a)
    np.testing.assert_array_equal(sign, expected_sign)
    # A backward-stable LU changes log|det| by up to about n·κ·ε (κ = 1e12).
    np.testing.assert_allclose(logabsdet, expected_log, rtol=0, atol=20 * 1e12 * 2.2e-16)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("batch", [(), (1,), (7,), (1000,)])
def test_singular_is_exactly_zero_whatever_the_batch(dtype, batch):
    """pytorch/pytorch#73622: det of a singular matrix must not depend on
    the batch size; here every size gives exactly 0, and (0, -inf)."""
    a = np.zeros(batch + (3, 3), dtype)
    a[..., 0, :] = [1, 2, 3]
    a[..., 1, :] = [2, 4, 6]  # twice the first row
    a[..., 2, :] = [1e300 if dtype == np.float64 else 1e30, 0, 1]
    assert np.all(linalgx.det(a) == 0)
    sign, logabsdet = linalgx.slogdet(a)
    assert np.all(sign == 0) and np.all(logabsdet == -np.inf)
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        linalgx.inv(a)


def test_nan_propagates():
    a = np.eye(4)
    a[1, 2] = np.nan
    assert np.isnan(linalgx.det(a))
    assert np.isnan(linalgx.slogdet(a).logabsdet)


def test_empty():
    assert linalgx.det(np.zeros((0, 0))) == 1.0
    assert linalgx.slogdet(np.zeros((0, 0))) == (1.0, 0.0)
    assert linalgx.det(np.zeros((0, 3, 3))).shape == (0,)
    assert linalgx.inv(np.zeros((2, 0, 0))).shape == (2, 0, 0)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("shape", [(1, 1), (6, 6), (3, 2, 9, 9), (33, 33)])
def test_inv_matches_numpy(dtype, shape):
    rng = np.random.default_rng(sum(shape) + 10 * DTYPES.index(dtype))
    a = random_matrix(rng, shape, dtype) + 4 * np.eye(shape[-1], dtype=dtype)
    x = linalgx.inv(a)
    assert x.shape == a.shape and x.dtype == np.dtype(dtype)
    n = shape[-1]
    eye = np.broadcast_to(np.eye(n), shape)
    residual = np.linalg.norm(a @ x - eye, axis=(-2, -1))
    bound = 10 * n * np.finfo(dtype).eps * np.linalg.norm(a, axis=(-2, -1)) * \
        np.linalg.norm(x, axis=(-2, -1))
    assert np.all(residual <= bound)
    np.testing.assert_allclose(x, np.linalg.inv(a), rtol=tolerance(dtype, n) * 10,
                               atol=tolerance(dtype, n) * 10)


def test_integers_and_inputs_unchanged():
    a = np.array([[[4, 7], [2, 6]]])
    before = a.copy()
    assert linalgx.det(a).dtype == np.float64
    np.testing.assert_allclose(linalgx.det(a), [10.0])
    np.testing.assert_allclose(linalgx.inv(a), np.linalg.inv(a))
    np.testing.assert_array_equal(a, before)


@pytest.mark.parametrize("call, message", [
    (lambda: linalgx.det(np.zeros((3, 4))), r"linalgx.det: a must be square"),
    (lambda: linalgx.slogdet(np.zeros(3)), r"linalgx.slogdet: a must be square"),
    (lambda: linalgx.inv(np.zeros((2, 3))), r"linalgx.inv: a must be square"),
    (lambda: linalgx.det(np.zeros((2, 2), np.longdouble)), r"linalgx.det: a must hold"),
    (lambda: linalgx.det(np.array([["a"]])), r"linalgx.det: a must hold"),
])
def test_errors_name_the_argument(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()
