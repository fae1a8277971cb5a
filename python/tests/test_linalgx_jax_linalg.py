"""linalgx.jax.lu_solve, solve, det, slogdet and inv on JAX's CPU backend
against jax.scipy.linalg.lu_solve and jax.numpy.linalg: values, gradients
(jax.grad, jax.jvp, jax.jacfwd; 1e-10 relative in float64), jit, vmap (one
linalgx call), broadcasting, singular input, bad input. Skipped where JAX
or liblinalgx_jax_ffi.so is missing, as test_linalgx_jax.py."""

import os

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402
import jax.scipy.linalg  # noqa: E402

import linalgx  # noqa: E402
from linalgx import _native  # noqa: E402

if not any(os.path.isfile(os.path.join(d, "liblinalgx_jax_ffi.so"))
           for d in _native.candidate_library_dirs()):
    pytest.skip("liblinalgx_jax_ffi.so is not built (configure with a Python "
                "that has JAX)", allow_module_level=True)

import linalgx.jax as lxj  # noqa: E402
from test_linalgx_lu import random_matrix  # noqa: E402

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]



def tolerance(dtype, n):
    single = dtype in (np.float32, np.complex64)
    return 100 * max(n, 1) * np.finfo(np.float32 if single else np.float64).eps


def close(x, y, rtol):
    x, y = np.asarray(x), np.asarray(y)
    return float(np.max(np.abs(x - y), initial=0)) <= rtol * max(float(np.max(np.abs(y), initial=0)), 1e-300)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("a_shape, b_shape", [((5, 5), (5,)), ((3, 4, 4), (3, 4, 2)),
                                              ((2, 1, 6, 6), (3, 6, 1)), ((1, 1), (1, 3))])
def test_solve_and_inv_match_jax(dtype, a_shape, b_shape):
    rng = np.random.default_rng(sum(a_shape) + 7 * len(b_shape))
    a = random_matrix(rng, a_shape, dtype) + 3 * np.eye(a_shape[-1], dtype=dtype)
    b = random_matrix(rng, b_shape, dtype)
    x = jax.jit(lxj.solve)(a, b)
    expected = jnp.linalg.solve(a, b)
    assert x.shape == expected.shape and x.dtype == expected.dtype
    assert close(x, expected, tolerance(dtype, a_shape[-1]))
    assert close(lxj.inv(a), jnp.linalg.inv(a), tolerance(dtype, a_shape[-1]))


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("trans", [0, 1, 2])
def test_lu_solve_matches_jax_scipy(dtype, trans):
    rng = np.random.default_rng(11 + trans)
    a = random_matrix(rng, (2, 6, 6), dtype)
    b = random_matrix(rng, (2, 6, 3), dtype)
    lu_and_piv = jax.scipy.linalg.lu_factor(a)
    x = lxj.lu_solve(lu_and_piv, b, trans=trans)
    assert close(x, jax.scipy.linalg.lu_solve(lu_and_piv, b, trans=trans), tolerance(dtype, 6))
    vector = lxj.lu_solve((lu_and_piv[0][0], lu_and_piv[1][0]), b[0, :, 0], trans=trans)
    assert vector.shape == (6,)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("shape", [(4, 4), (3, 2, 7, 7), (1, 1)])
def test_det_and_slogdet_match_jax(dtype, shape):
    rng = np.random.default_rng(sum(shape))
    a = random_matrix(rng, shape, dtype)
    tol = tolerance(dtype, shape[-1])
    assert close(jax.jit(lxj.det)(a), jnp.linalg.det(a), tol)
    sign, logabsdet = lxj.slogdet(a)
    expected = jnp.linalg.slogdet(a)
    assert close(sign, expected.sign, tol) and close(logabsdet, expected.logabsdet, tol)
    assert isinstance(lxj.slogdet(a), linalgx.SlogdetResult)


def test_singular():
    a = jnp.array([[[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1e300]]] * 5)
    assert np.all(np.asarray(lxj.det(a)) == 0)
    sign, logabsdet = lxj.slogdet(a)
    assert np.all(np.asarray(sign) == 0) and np.all(np.asarray(logabsdet) == -np.inf)


@pytest.mark.parametrize("dtype", [np.float64, np.complex128], ids=lambda t: np.dtype(t).name)
def test_gradients_match_jax(dtype):
    """jax.grad / jvp / jacfwd of every function equal JAX's own to 1e-10
    relative (complex: gradients of the real part of the sum)."""
    rng = np.random.default_rng(5)
    a = random_matrix(rng, (3, 5, 5), dtype) + 2 * np.eye(5, dtype=dtype)
    b = random_matrix(rng, (3, 5, 2), dtype)
    da = random_matrix(rng, (3, 5, 5), dtype)
    pairs = [
        (lambda x: lxj.solve(x, b), lambda x: jnp.linalg.solve(x, b)),
        (lxj.inv, jnp.linalg.inv),
        (lxj.det, jnp.linalg.det),
        (lambda x: lxj.slogdet(x)[1], lambda x: jnp.linalg.slogdet(x)[1]),
        (lambda x: lxj.slogdet(x)[0], lambda x: jnp.linalg.slogdet(x)[0]),
    ]
    for ours, theirs in pairs:
        scalar = lambda f: (lambda x: jnp.real(jnp.sum(f(x))))  # noqa: E731
        assert close(jax.grad(scalar(ours))(a), jax.grad(scalar(theirs))(a), 1e-10)
        assert close(jax.jvp(ours, (a,), (da,))[1], jax.jvp(theirs, (a,), (da,))[1], 1e-10)
    assert close(jax.jacfwd(lxj.det)(a[0].real), jax.jacfwd(jnp.linalg.det)(a[0].real), 1e-10)
    solve_b = jax.grad(lambda y: jnp.real(jnp.sum(lxj.solve(a, y))))(b)
    assert close(solve_b, jax.grad(lambda y: jnp.real(jnp.sum(jnp.linalg.solve(a, y))))(b), 1e-10)


def test_vmap_is_one_call():
    rng = np.random.default_rng(9)
    a = random_matrix(rng, (4, 3, 6, 6), np.float64)
    b = random_matrix(rng, (4, 3, 6, 2), np.float64)
    for f, args in [(lxj.solve, (a, b)), (lxj.det, (a,)), (lxj.inv, (a,))]:
        mapped = jax.vmap(f)
        text = jax.make_jaxpr(mapped)(*args).pretty_print()
        assert text.count("linalgx_lu") == 1, text
        expected = jnp.stack([f(*(x[i] for x in args)) for i in range(4)])
        assert close(mapped(*args), expected, 1e-12)


@pytest.mark.parametrize("call, kind, message", [
    (lambda: lxj.solve(np.ones((3, 4)), np.ones(3)), ValueError, "square"),
    (lambda: lxj.solve(np.eye(3), np.ones(4)), ValueError, "b must have shape"),
    (lambda: lxj.det(np.ones(3)), ValueError, "square"),
    (lambda: lxj.lu_solve((np.eye(3), np.zeros(3, np.int32)), np.ones(3), trans=3),
     ValueError, "trans"),
])
def test_bad_input(call, kind, message):
    with pytest.raises(kind, match=message):
        call()
