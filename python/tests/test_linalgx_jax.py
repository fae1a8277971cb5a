"""linalgx.jax.lu, the XLA FFI custom call backed by the linalgx CPU
runtime, against jax.lax.linalg.lu on JAX's CPU backend: under jax.jit and
jax.vmap, every dtype, batched and rectangular shapes, singular input, bad
input. Skipped where JAX is not installed (CI installs NumPy, SciPy and
pytest only) or liblinalgx_jax_ffi.so was not built (it is built when the
configuring Python has JAX)."""

import os
import zlib

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402

import linalgx  # noqa: E402
from linalgx import _native  # noqa: E402

if not any(os.path.isfile(os.path.join(d, "liblinalgx_jax_ffi.so"))
           for d in _native.candidate_library_dirs()):
    pytest.skip("liblinalgx_jax_ffi.so is not built (configure with a Python "
                "that has JAX)", allow_module_level=True)

import linalgx.jax as lxj  # noqa: E402
from test_linalgx_lu import random_matrix  # noqa: E402

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
SHAPES = [(5, 5), (3, 4, 4), (2, 3, 6, 6), (6, 4), (4, 6), (64, 75, 75)]


def eps(dtype):
    return np.finfo(np.float32 if dtype in (np.float32, np.complex64) else np.float64).eps


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_jit_matches_jax(dtype, shape):
    # A seed per case that does not change between runs (str hashes do).
    rng = np.random.default_rng(zlib.crc32(repr((shape, np.dtype(dtype).name)).encode()))
    a = random_matrix(rng, shape, dtype)
    lu, piv, perm = jax.jit(lxj.lu)(a)
    jlu, jpiv, jperm = jax.lax.linalg.lu(a)
    assert lu.dtype == a.dtype and piv.dtype == np.int32 and perm.dtype == np.int32
    # Random input has no ties: the pivots are LAPACK's on both sides.
    np.testing.assert_array_equal(np.asarray(piv), np.asarray(jpiv))
    np.testing.assert_array_equal(np.asarray(perm), np.asarray(jperm))
    m, n = shape[-2:]
    k = min(m, n)
    lu = np.asarray(lu).astype(np.complex128)
    l = np.tril(lu, -1)[..., :, :k] + np.eye(m, k)
    u = np.triu(lu)[..., :k, :]
    permuted = np.take_along_axis(a.astype(np.complex128),
                                  np.asarray(perm)[..., :, None].astype(np.int64), -2)
    error = np.linalg.norm((permuted - l @ u).reshape(-1, m * n), axis=1)
    bound = 10 * max(m, n) * eps(dtype) * np.linalg.norm(a.reshape(-1, m * n), axis=1)
    assert np.all(error <= bound)


def test_vmap_is_a_batched_call():
    rng = np.random.default_rng(7)
    a = random_matrix(rng, (8, 5, 5), np.float64)
    mapped = jax.vmap(lxj.lu)(a)
    batched = lxj.lu(a)
    for x, y in zip(mapped, batched):
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y))


def test_info_on_singular_input():
    a = np.array([[[1.0, 2.0], [2.0, 4.0]], [[0.0, 1.0], [2.0, 3.0]]])
    lu, piv, perm, info = jax.jit(lxj.lu_with_info)(a)
    np.testing.assert_array_equal(np.asarray(info), [2, 0])
    np.testing.assert_array_equal(np.asarray(perm), [[1, 0], [1, 0]])


def test_bad_input():
    with pytest.raises(ValueError, match="rank >= 2"):
        lxj.lu(np.ones(3))
    with pytest.raises(TypeError, match="float32, float64, complex64 or complex128"):
        lxj.lu(np.ones((2, 2), dtype=np.int32))


def test_linalgx_lu_takes_jax_values():
    """linalgx.lu itself on a JAX array and under jax.jit: the custom call,
    JAX values out, the same factorization as linalgx.jax.lu."""
    x = jax.numpy.asarray(random_matrix(np.random.default_rng(7), (3, 6, 6), np.float64))
    expected = lxj.lu(x)
    for got in (linalgx.lu(x), jax.jit(linalgx.lu)(x)):
        assert all(isinstance(g, jax.Array) for g in got)
        for g, e in zip(got, expected):
            np.testing.assert_array_equal(np.asarray(g), np.asarray(e))
    lu_factors, pivots, permutation, info = jax.jit(
        lambda a: linalgx.lu(a, return_info=True))(x)
    assert info.shape == (3,) and permutation.shape == (3, 6)
    with pytest.raises(ValueError, match="pipeline"):
        linalgx.lu(x, pipeline="linalgx-cpu-pipeline{lu-strategy=loops}")


# Differentiation: the tangents and gradients of linalgx.jax.lu equal those
# of jax.lax.linalg.lu (the same rule, so to rounding) in f64.
DIFF_SHAPES = [(5, 5), (3, 4, 4), (6, 4), (4, 6), (2, 3, 7, 7)]


def close(x, y, rtol=1e-10):
    x, y = np.asarray(x), np.asarray(y)
    scale = max(np.max(np.abs(y)), 1.0)
    np.testing.assert_allclose(x, y, rtol=rtol, atol=rtol * scale)


@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
@pytest.mark.parametrize("shape", DIFF_SHAPES, ids=str)
def test_jvp_matches_jax(dtype, shape):
    rng = np.random.default_rng(zlib.crc32(repr((shape, "jvp")).encode()))
    a = random_matrix(rng, shape, dtype)
    a_dot = random_matrix(rng, shape, dtype)
    primals, tangents = jax.jit(lambda x, t: jax.jvp(lxj.lu, (x,), (t,)))(a, a_dot)
    expected_primals, expected_tangents = jax.jvp(jax.lax.linalg.lu, (a,), (a_dot,))
    close(primals[0], expected_primals[0])
    close(tangents[0], expected_tangents[0])
    for integer in tangents[1:]:
        assert integer.dtype == jax.dtypes.float0


@pytest.mark.parametrize("shape", DIFF_SHAPES, ids=str)
def test_grad_matches_jax(shape):
    rng = np.random.default_rng(zlib.crc32(repr((shape, "grad")).encode()))
    a = random_matrix(rng, shape, np.float64)
    weights = random_matrix(rng, shape, np.float64)

    def loss(factor):
        return lambda x: jnp.sum(jnp.sin(factor(x)[0]) * weights)

    close(jax.jit(jax.grad(loss(lxj.lu)))(a), jax.grad(loss(jax.lax.linalg.lu))(a))


@pytest.mark.parametrize("transform", ["jacfwd", "jacrev"])
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5)], ids=str)
def test_jacobians_match_jax(transform, shape):
    rng = np.random.default_rng(zlib.crc32(repr((shape, transform)).encode()))
    a = random_matrix(rng, shape, np.float64)
    jac = getattr(jax, transform)
    close(jac(lambda x: lxj.lu(x)[0])(a), jac(lambda x: jax.lax.linalg.lu(x)[0])(a))


def test_gradient_checks_numerically():
    # Against finite differences, independently of JAX's rule.
    from jax.test_util import check_grads
    a = random_matrix(np.random.default_rng(5), (2, 5, 5), np.float64)
    check_grads(lambda x: lxj.lu(x)[0], (a,), order=2, modes=["fwd", "rev"])


def test_vmap_of_jvp_is_one_call():
    # Batched tangents: one custom call for the whole batch, even under jvp.
    rng = np.random.default_rng(8)
    a = random_matrix(rng, (6, 5, 5), np.float64)
    t = random_matrix(rng, (6, 5, 5), np.float64)
    jvp = jax.vmap(lambda x, d: jax.jvp(lxj.lu, (x,), (d,)))
    text = jax.jit(jvp).lower(a, t).as_text()
    assert text.count("linalgx_lu") == 1, text
    (_, tangents) = jvp(a, t)
    _, expected = jax.jvp(jax.lax.linalg.lu, (a,), (t,))
    close(tangents[0], expected[0])
