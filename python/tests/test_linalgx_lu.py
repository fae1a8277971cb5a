"""linalgx.lu and linalgx.pivots_to_permutation on the CPU against SciPy
(docs/design.md, "The contract"): pivots equal to LAPACK's on tie-free
input, backward error ||A[perm] - L U||_F <= 10 max(M, N) eps ||A||_F,
info on singular input, batches of any rank, the four element types."""

import zlib

import numpy as np
import pytest
import scipy.linalg
import scipy.linalg.lapack

import linalgx
from linalgx import jit

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
SHAPES = [(1, 1), (2, 2), (5, 5), (16, 16), (37, 37), (4, 7), (7, 4)]


def random_matrix(rng, shape, dtype):
    a = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def unpack(lu):
    """L (unit lower trapezoidal, M x K) and U (upper trapezoidal, K x N)."""
    m, n = lu.shape[-2:]
    k = min(m, n)
    lower = np.tril(lu[..., :, :k], -1) + np.eye(m, k, dtype=lu.dtype)
    upper = np.triu(lu[..., :k, :])
    return lower, upper


def backward_error_ok(a, lu, permutation):
    """||a[perm] - L U||_F <= 10 max(M, N) eps ||a||_F, computed in double
    (or complex double) so the check itself adds no rounding of a's type."""
    lower, upper = unpack(lu.astype(np.complex128))
    residual = np.linalg.norm(a.astype(np.complex128)[permutation] - lower @ upper)
    bound = 10 * max(a.shape) * np.finfo(a.dtype).eps * np.linalg.norm(a.astype(np.complex128))
    return residual <= bound, residual, bound


def reference_permutation(pivots, n):
    """docs/design.md's contract literally: swaps in order, out-of-range
    entries skipped."""
    permutation = np.arange(n, dtype=pivots.dtype)
    for i, j in enumerate(pivots):
        if 0 <= j < n:
            permutation[i], permutation[j] = permutation[j], permutation[i]
    return permutation


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "%dx%d" % s)
def test_lu_matches_scipy(dtype, shape):
    rng = np.random.default_rng(hash((np.dtype(dtype).name, shape)) % 2**32)
    a = random_matrix(rng, shape, dtype)
    original = a.copy()
    lu, pivots, permutation, info = linalgx.lu(a, return_info=True)

    assert lu.dtype == a.dtype and lu.shape == a.shape
    assert pivots.dtype == np.int32 and pivots.shape == (min(shape),)
    assert permutation.dtype == np.int32 and permutation.shape == (shape[0],)
    assert info.dtype == np.int32 and info.shape == () and info == 0
    np.testing.assert_array_equal(a, original)  # the input is not touched

    _, scipy_pivots = scipy.linalg.lu_factor(a, check_finite=False)
    np.testing.assert_array_equal(pivots, scipy_pivots)
    np.testing.assert_array_equal(permutation, reference_permutation(pivots, shape[0]))
    ok, residual, bound = backward_error_ok(a, lu, permutation)
    assert ok, "backward error %g > %g" % (residual, bound)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("batch", [(3,), (2, 3), (2, 1, 2)], ids=str)
def test_lu_batches(dtype, batch):
    rng = np.random.default_rng(len(batch) * 100 + np.dtype(dtype).num)
    m, n = 6, 5
    a = random_matrix(rng, batch + (m, n), dtype)
    lu, pivots, permutation, info = linalgx.lu(a, return_info=True)
    assert lu.shape == a.shape and pivots.shape == batch + (5,)
    assert permutation.shape == batch + (6,) and info.shape == batch
    for index in np.ndindex(*batch):
        one_lu, one_pivots, one_permutation, one_info = linalgx.lu(a[index], return_info=True)
        np.testing.assert_array_equal(lu[index], one_lu)
        np.testing.assert_array_equal(pivots[index], one_pivots)
        np.testing.assert_array_equal(permutation[index], one_permutation)
        assert info[index] == one_info == 0
        np.testing.assert_array_equal(pivots[index], scipy.linalg.lu_factor(a[index])[1])
        ok, residual, bound = backward_error_ok(a[index], lu[index], permutation[index])
        assert ok, "batch %s: backward error %g > %g" % (index, residual, bound)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_lu_info_on_singular_input(dtype):
    # The second row is twice the first: U(2, 2) is exactly zero after two
    # steps. A zero first column makes U(0, 0) zero. info reports the first
    # exactly zero U(i, i), 1-based, as LAPACK's getrf (compared with SciPy's
    # binding of it), and the factorization still completes.
    a = np.array([[[1, 2, 3], [2, 4, 6], [1, 0, 1]],
                  [[0, 1, 2], [0, 3, 4], [0, 5, 7]],
                  [[2, 1, 0], [1, 3, 1], [0, 1, 4]]], dtype=dtype)
    lu, pivots, permutation, info = linalgx.lu(a, return_info=True)
    np.testing.assert_array_equal(info, [3, 1, 0])
    getrf, = scipy.linalg.lapack.get_lapack_funcs(("getrf",), (a[0],))
    for index in range(3):
        lapack_lu, lapack_pivots, lapack_info = getrf(a[index])
        assert info[index] == lapack_info
        np.testing.assert_array_equal(pivots[index], lapack_pivots)
        first_zero = np.flatnonzero(np.diag(lu[index]) == 0)
        assert (first_zero[0] + 1 if first_zero.size else 0) == info[index]
        ok, residual, bound = backward_error_ok(a[index], lu[index], permutation[index])
        assert ok, "matrix %d: backward error %g > %g" % (index, residual, bound)


def test_lu_without_info_is_jax_shaped():
    result = linalgx.lu(np.eye(3))
    assert len(result) == 3
    np.testing.assert_array_equal(result[1], [0, 1, 2])
    np.testing.assert_array_equal(result[2], [0, 1, 2])


@pytest.mark.parametrize("shape", [(0, 4, 4), (2, 0, 3), (2, 3, 0), (0, 0)], ids=str)
def test_lu_empty(shape):
    a = np.zeros(shape)
    lu, pivots, permutation, info = linalgx.lu(a, return_info=True)
    *batch, m, n = shape
    assert lu.shape == shape and pivots.shape == tuple(batch) + (min(m, n),)
    assert permutation.shape == tuple(batch) + (m,) and info.shape == tuple(batch)
    for index in np.ndindex(*batch):
        np.testing.assert_array_equal(permutation[index], np.arange(m))
        assert info[index] == 0


def test_lu_non_contiguous_input_is_copied():
    rng = np.random.default_rng(5)
    base = rng.standard_normal((2, 9, 12))
    strided = base[:, ::2, 1::2].transpose(0, 2, 1)  # (2, 6, 5), no contiguous axis
    assert not strided.flags.c_contiguous
    expected = linalgx.lu(np.ascontiguousarray(strided), return_info=True)
    actual = linalgx.lu(strided, return_info=True)
    for want, got in zip(expected, actual):
        np.testing.assert_array_equal(got, want)
    big_endian = np.ascontiguousarray(strided).astype(">f8")
    for want, got in zip(expected, linalgx.lu(big_endian, return_info=True)):
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("itype", [np.int32, np.int64])
def test_pivots_to_permutation(itype):
    rng = np.random.default_rng(11)
    batch, k, n = (3, 2), 5, 8
    # Out-of-range entries (negative, >= n) are skipped, as in JAX.
    pivots = rng.integers(-2, n + 2, size=batch + (k,)).astype(itype)
    permutation = linalgx.pivots_to_permutation(pivots, n)
    assert permutation.dtype == itype and permutation.shape == batch + (n,)
    for index in np.ndindex(*batch):
        np.testing.assert_array_equal(permutation[index], reference_permutation(pivots[index], n))


def test_pivots_to_permutation_of_lu_pivots():
    rng = np.random.default_rng(12)
    a = rng.standard_normal((4, 9, 6))
    _, pivots, permutation = linalgx.lu(a)
    np.testing.assert_array_equal(linalgx.pivots_to_permutation(pivots, 9), permutation)


GENERATED = "linalgx-cpu-pipeline{lu-strategy=generated}"


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("batch, m, n", [((300,), 20, 20), ((2, 3), 7, 5), ((1,), 40, 70),
                                         ((0,), 4, 4)], ids=str)
def test_lu_generated_in_the_jit(dtype, batch, m, n):
    # lu-strategy=generated through the Python JIT: the batch runs on OpenMP
    # (libomp is loaded with the runtime libraries; 300 x 20 x 20 is enough
    # work to go parallel), and every matrix matches SciPy's pivots and its
    # own single-matrix call on the runtime path.
    rng = np.random.default_rng(7 * m + n + np.dtype(dtype).num)
    a = random_matrix(rng, batch + (m, n), dtype)
    lu, pivots, permutation, info = linalgx.lu(a, return_info=True, pipeline=GENERATED)
    assert lu.shape == a.shape and pivots.shape == batch + (min(m, n),)
    assert info.shape == batch and not info.any()
    for index in np.ndindex(*batch):
        np.testing.assert_array_equal(pivots[index], scipy.linalg.lu_factor(a[index])[1])
        np.testing.assert_array_equal(permutation[index],
                                      reference_permutation(pivots[index], m))
        ok, residual, bound = backward_error_ok(a[index], lu[index], permutation[index])
        assert ok, "batch %s: backward error %g > %g" % (index, residual, bound)


def test_lu_generated_singular_and_nan():
    # info is the first exactly-zero pivot (1-based) and the factorization
    # completes; a NaN below the diagonal is never the pivot.
    a = np.array([[[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]],
                  [[0.0, 1.0, 2.0], [0.0, 3.0, 4.0], [0.0, 5.0, 7.0]],
                  [[1.0, 2.0, 0.0], [np.nan, 1.0, 1.0], [3.0, 1.0, 2.0]]])
    lu, pivots, _, info = linalgx.lu(a, return_info=True, pipeline=GENERATED)
    reference, reference_pivots, _, reference_info = linalgx.lu(
        a, return_info=True, pipeline="linalgx-cpu-pipeline{lu-strategy=loops}")
    np.testing.assert_array_equal(info, reference_info)
    assert list(info) == [3, 1, 0]
    np.testing.assert_array_equal(pivots, reference_pivots)
    assert pivots[2][0] == 2  # |3| > |1|; the NaN row is skipped
    # The same steps, up to rounding: the multipliers come from the pivot's
    # reciprocal here and from a division in the loops. NaNs propagate alike.
    np.testing.assert_allclose(lu, reference, rtol=1e-13, atol=1e-15, equal_nan=True)


LOOPS = "linalgx-cpu-pipeline{lu-strategy=loops}"
# Below and at the sizes from which the default strategy hands a matrix to
# LAPACK (f64 256, f32 192, complex 96), and a LAPACK-only strategy.
NON_FINITE_CASES = [(np.float64, 100), (np.float64, 256), (np.float64, 260),
                    (np.float32, 191), (np.float32, 192),
                    (np.complex128, 95), (np.complex128, 100), (np.complex64, 96)]


@pytest.mark.parametrize("dtype, n", NON_FINITE_CASES,
                         ids=lambda c: np.dtype(c).name if isinstance(c, type) else str(c))
@pytest.mark.parametrize("where", ["nan-diagonal", "nan-below", "inf", "nan-and-inf"])
@pytest.mark.parametrize("pipeline", [jit.DEFAULT_PIPELINE,
                                      "linalgx-cpu-pipeline{lu-strategy=lapack}"],
                         ids=["auto", "lapack"])
def test_non_finite_input_follows_one_rule_at_every_size(dtype, n, where, pipeline):
    # The same op on the same data gives the same pivots, info and NaN
    # pattern whatever the size or strategy: a matrix with a NaN or Inf is
    # never handed to LAPACK (whose NaN pivot choice depends on its vector
    # kernels); the reference is the loops lowering.
    if "lapack" in pipeline and not linalgx_has_lapack():
        pytest.skip("the CPU runtime was built without LAPACK")
    rng = np.random.default_rng(n)
    a = random_matrix(rng, (n, n), dtype)
    if where in ("nan-diagonal", "nan-and-inf"):
        a[0, 0] = np.nan
    if where == "nan-below":
        a[7, 0] = np.nan
    if where in ("inf", "nan-and-inf"):
        a[3, 2] = np.inf
    lu, pivots, permutation, info = linalgx.lu(a, return_info=True, pipeline=pipeline)
    reference, reference_pivots, _, reference_info = linalgx.lu(
        a, return_info=True, pipeline=LOOPS)
    np.testing.assert_array_equal(pivots, reference_pivots)
    np.testing.assert_array_equal(info, reference_info)
    np.testing.assert_array_equal(np.isnan(lu), np.isnan(reference))
    if where == "nan-diagonal":
        assert pivots[0] == 0  # a NaN pivot candidate stays the pivot
    if where == "nan-below":
        assert pivots[0] != 7  # a NaN below the diagonal is never the pivot


def linalgx_has_lapack():
    import ctypes
    from linalgx import _native
    runtime = next(p for p in _native.library().shared_lib_paths
                   if p.endswith(_native.CPU_RUNTIME_NAME))
    return bool(ctypes.CDLL(runtime).linalgxCpuHasLapack())


@pytest.mark.parametrize("make", ["flag", "frombuffer", "frombuffer-unaligned", "reversed"])
@pytest.mark.parametrize("itype", [np.int32, np.int64])
def test_pivots_to_permutation_reads_read_only_pivots(make, itype):
    # Pivots are only read: read-only arrays (np.frombuffer, a JAX array's
    # host view, an array whose writeable flag is off) are accepted.
    pivots = np.array([[2, 2, 2], [1, 2, 2]], dtype=itype)
    expected = linalgx.pivots_to_permutation(pivots.copy(), 4)
    if make == "flag":
        given = pivots.copy()
        given.flags.writeable = False
    elif make == "frombuffer":
        given = np.frombuffer(pivots.tobytes(), dtype=itype).reshape(2, 3)
    elif make == "frombuffer-unaligned":
        given = np.frombuffer(b"x" + pivots.tobytes(), dtype=itype, offset=1).reshape(2, 3)
    else:
        given = np.frombuffer(pivots[:, ::-1].tobytes(), dtype=itype).reshape(2, 3)[:, ::-1]
    assert not given.flags.writeable
    np.testing.assert_array_equal(linalgx.pivots_to_permutation(given, 4), expected)


def test_lu_reads_a_read_only_input():
    a = np.random.default_rng(3).standard_normal((5, 5))
    expected = linalgx.lu(a)
    a.flags.writeable = False
    for got, want in zip(linalgx.lu(a), expected):
        np.testing.assert_array_equal(got, want)


def test_compiled_memref_arguments_stay_writeable_only():
    # linalgx.compile's memref arguments may be written by the code, so a
    # read-only array is still refused there, with the way out named.
    module = linalgx.compile("""
func.func @perm(%p: memref<?xi32>, %q: memref<?xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<?xi32>) outs(%q : memref<?xi32>)
  return
}""")
    pivots = np.array([1, 1], dtype=np.int32)
    pivots.flags.writeable = False
    with pytest.raises(ValueError, match="read-only .*pass a tensor argument"):
        module["perm"](pivots, np.empty(2, dtype=np.int32))


@pytest.mark.parametrize("dtype, shape", [
    (np.float64, (300, 300)), (np.float64, (520, 257)), (np.float32, (257, 700)),
    (np.float32, (2, 260, 260)), (np.complex64, (150, 150)), (np.complex128, (97, 230)),
    (np.complex128, (230, 97))], ids=str)
def test_large_matrices_match_lapack(dtype, shape):
    # From the LAPACK crossover on, `auto` factors with the runtime's
    # recursive row-major LU over BLAS-3: LAPACK's pivots on tie-free input,
    # a backward error at LAPACK's level, square and rectangular, batched.
    rng = np.random.default_rng(zlib.crc32(repr((shape, np.dtype(dtype).name)).encode()))
    a = random_matrix(rng, shape, dtype)
    lu, pivots, permutation, info = linalgx.lu(a, return_info=True)
    assert not info.any()
    for index in np.ndindex(*shape[:-2]):
        np.testing.assert_array_equal(pivots[index], scipy.linalg.lu_factor(a[index])[1])
        ok, residual, bound = backward_error_ok(a[index], lu[index], permutation[index])
        assert ok, "batch %s: backward error %g > %g" % (index, residual, bound)
