"""linalgx.lu and linalgx.pivots_to_permutation on NumPy arrays (CPU), and
on CUDA arrays through linalgx.cuda (ahead-of-time compiled GPU kernels).

Each call flattens the batch dimensions (a free reshape of a C-contiguous
array), so one compiled function per operation, element type and pipeline
serves every batch rank and every shape: the generated MLIR is
dynamically shaped (`memref<?x?x?xT>`). The functions are compiled on first
use and cached.
"""

import collections
import math
import threading

import numpy as np

from . import cuda, jit
from .jit import reject_device_array

LU_DTYPES = {
    np.dtype(np.float32): "f32",
    np.dtype(np.float64): "f64",
    np.dtype(np.complex64): "complex<f32>",
    np.dtype(np.complex128): "complex<f64>",
}
PIVOT_DTYPES = {np.dtype(np.int32): "i32", np.dtype(np.int64): "i64"}
INT32_MAX = 2**31 - 1

# In place: `lu` holds a copy of the input and is factored where it is; the
# permutation is the op's own optional output (what linalgx-fuse-lu-permutation
# would form from lu + pivots_to_permutation).
_LU_SOURCE = """
func.func @lu(%lu: memref<?x?x?x{T}>, %pivots: memref<?x?xi32>, %info: memref<?xi32>,
              %permutation: memref<?x?xi32>) {{
  linalgx.lu ins(%lu : memref<?x?x?x{T}>)
      outs(%lu, %pivots, %info : memref<?x?x?x{T}>, memref<?x?xi32>, memref<?xi32>)
      permutation(%permutation : memref<?x?xi32>)
  return
}}
"""

_PIVOTS_TO_PERMUTATION_SOURCE = """
func.func @pivots_to_permutation(%pivots: memref<?x?x{I}>, %permutation: memref<?x?x{I}>) {{
  linalgx.pivots_to_permutation ins(%pivots : memref<?x?x{I}>)
      outs(%permutation : memref<?x?x{I}>)
  return
}}
"""

# In place: `solution` holds a copy of the right-hand sides.
_LU_SOLVE_SOURCE = """
func.func @lu_solve(%lu: memref<?x?x?x{T}>, %pivots: memref<?x?x{I}>,
                    %solution: memref<?x?x?x{T}>) {{
  linalgx.lu_solve {trans}ins(%lu, %pivots, %solution : memref<?x?x?x{T}>, memref<?x?x{I}>,
                                                    memref<?x?x?x{T}>)
      outs(%solution : memref<?x?x?x{T}>)
  return
}}
"""

# linalgx.solve: `a` is only read (the lowering factors each matrix where it
# likes: one right-hand side of small real matrices never leaves a core's
# cache), the solution in place in a copy of `b`.
_SOLVE_SOURCE = """
func.func @solve(%a: memref<?x?x?x{T}>, %info: memref<?xi32>,
                 %solution: memref<?x?x?x{T}>) {{
  linalgx.solve ins(%a, %solution : memref<?x?x?x{T}>, memref<?x?x?x{T}>)
      outs(%solution, %info : memref<?x?x?x{T}>, memref<?xi32>)
  return
}}
"""

# The factorization (in place in a copy of `a`) and the determinants from it.
_DET_SOURCE = """
func.func @det(%a: memref<?x?x?x{T}>, %pivots: memref<?x?xi32>, %info: memref<?xi32>,
               %det: memref<?x{T}>) {{
  linalgx.lu ins(%a : memref<?x?x?x{T}>)
      outs(%a, %pivots, %info : memref<?x?x?x{T}>, memref<?x?xi32>, memref<?xi32>)
  linalgx.lu_det ins(%a, %pivots : memref<?x?x?x{T}>, memref<?x?xi32>)
      outs(%det : memref<?x{T}>)
  return
}}
"""

_SLOGDET_SOURCE = """
func.func @slogdet(%a: memref<?x?x?x{T}>, %pivots: memref<?x?xi32>, %info: memref<?xi32>,
                   %sign: memref<?x{T}>, %logabsdet: memref<?x{R}>) {{
  linalgx.lu ins(%a : memref<?x?x?x{T}>)
      outs(%a, %pivots, %info : memref<?x?x?x{T}>, memref<?x?xi32>, memref<?xi32>)
  linalgx.lu_slogdet ins(%a, %pivots : memref<?x?x?x{T}>, memref<?x?xi32>)
      outs(%sign, %logabsdet : memref<?x{T}>, memref<?x{R}>)
  return
}}
"""

SlogdetResult = collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
SlogdetResult.__doc__ = "linalgx.slogdet's result, as numpy.linalg.slogdet's."

_functions = {}
_functions_lock = threading.Lock()


def _compiled(operation, template, element, pipeline, read_only=(), **fields):
    """The compiled `operation` of `template` for `element` (and the template's
    other `fields`), compiled on first use and cached (the source is only
    formatted then)."""
    key = (operation, element, pipeline) + tuple(sorted(fields.items()))
    function = _functions.get(key)  # the steady state: no lock
    if function is not None:
        return function
    with _functions_lock:
        if key not in _functions:
            source = template.format(**{"T": element, "I": element, **fields})
            _functions[key] = jit.CompiledModule(source, pipeline).function(
                operation, read_only=read_only)
        return _functions[key]


def _check_default_pipeline(pipeline, what,
                            runs="CUDA arrays run linalgx's GPU code compiled ahead of "
                                 "time (liblinalgx_cuda_kernels.so)"):
    if pipeline != jit.DEFAULT_PIPELINE:
        raise ValueError("%s: pipeline=%r applies to the CPU path on NumPy arrays; %s"
                         % (what, pipeline, runs))


def _as_host_array(value, what):
    reject_device_array(value, what)
    try:
        return np.asarray(value)
    except Exception as error:  # e.g. a tensor type NumPy cannot convert
        raise TypeError("%s: cannot be converted to a NumPy array: %s" % (what, error)) from None


def _is_jax_value(value):
    """A JAX array or tracer, recognized without importing JAX."""
    return type(value).__module__.split(".")[0] in ("jax", "jaxlib")


def lu(a, *, return_info=False, pipeline=jit.DEFAULT_PIPELINE):
    """LU factorization with partial pivoting, P·A = L·U, of `a` [..., M, N].

    Returns (lu, pivots, permutation), or (lu, pivots, permutation, info)
    with return_info=True, as jax.lax.linalg.lu (plus info, as
    docs/design.md): lu [..., M, N] of a's dtype (L below the diagonal with a
    unit diagonal, U on and above), pivots [..., min(M, N)] int32 0-based
    (row i was swapped with row pivots[i] at step i), permutation [..., M]
    int32 with a[..., permutation, :] == L @ U, info [...] int32 (0, or i + 1
    for the first exactly zero U[i, i]; the factorization still completes).

    `a`: float32, float64, complex64 or complex128, rank >= 2. Any strides
    are accepted: the input is copied (the copy is what gets factored, in
    place), so `a` is never modified.

    A JAX array (on the CPU or a GPU) or a JAX tracer (under jax.jit or
    jax.vmap) goes through linalgx.jax.lu, the XLA custom call: the results
    are JAX values. A CUDA array (PyTorch, CuPy, any __cuda_array_interface__
    object) is factored on its GPU by linalgx.cuda, with results of the same
    kind on the same device, queued on that library's current stream
    (`pipeline` is then not used: the GPU code is compiled ahead of time).
    """
    if type(a) is np.ndarray:  # the common case first: no framework checks
        pass
    elif _is_jax_value(a):
        # JAX arrays on any device, and tracers under jax.jit / jax.vmap:
        # the XLA custom call, so that the result stays a JAX value.
        _check_default_pipeline(pipeline, "linalgx.lu",
                                "JAX values run the XLA custom call of linalgx.jax, "
                                "whose code is compiled ahead of time")
        from . import jax as linalgx_jax
        result = linalgx_jax.lu_with_info(a)
        return result if return_info else result[:3]
    elif cuda.is_cuda_array(a):
        _check_default_pipeline(pipeline, "linalgx.lu")
        return cuda.lu(a, return_info=return_info)
    else:
        a = _as_host_array(a, "linalgx.lu: a")
    element = LU_DTYPES.get(np.dtype(a.dtype.type))
    if element is None:
        raise TypeError("linalgx.lu: dtype %s is not supported; use float32, float64, complex64 "
                        "or complex128 (e.g. a.astype(numpy.float64))" % a.dtype)
    if a.ndim < 2:
        raise ValueError("linalgx.lu: a must have rank >= 2 ([..., M, N]), got shape %s"
                         % (a.shape,))
    *batch, m, n = a.shape
    if m > INT32_MAX or n > INT32_MAX:
        raise ValueError("linalgx.lu: %d x %d matrices cannot be indexed by int32 pivots"
                         % (m, n))
    k = min(m, n)
    # A C-contiguous, native-byte-order copy: the buffer the op factors in place.
    factors = np.array(a, dtype=np.dtype(a.dtype.type), order="C", copy=True)
    pivots = np.empty(tuple(batch) + (k,), dtype=np.int32)
    info = np.empty(tuple(batch), dtype=np.int32)
    permutation = np.empty(tuple(batch) + (m,), dtype=np.int32)
    function = _compiled("lu", _LU_SOURCE, element, pipeline)
    b = math.prod(batch)
    function.call_arrays(factors.reshape(b, m, n), pivots.reshape(b, k), info.reshape(b),
                         permutation.reshape(b, m))
    if return_info:
        return factors, pivots, permutation, info
    return factors, pivots, permutation


def pivots_to_permutation(pivots, n, *, pipeline=jit.DEFAULT_PIPELINE):
    """The permutation [..., n] that the swaps of `pivots` [..., K] make.

    perm = arange(n); for i in range(K): j = pivots[..., i]; if 0 <= j < n,
    swap perm[i] and perm[j] (an entry outside [0, n) is skipped, as in JAX).
    `pivots` are 0-based, int32 or int64 (the result has the same dtype),
    rank >= 1, and n >= K. CUDA arrays run on their GPU (linalgx.cuda).
    """
    if cuda.is_cuda_array(pivots):
        _check_default_pipeline(pipeline, "linalgx.pivots_to_permutation")
        return cuda.pivots_to_permutation(pivots, n)
    pivots = _as_host_array(pivots, "linalgx.pivots_to_permutation: pivots")
    element = PIVOT_DTYPES.get(np.dtype(pivots.dtype.type))
    if element is None:
        raise TypeError("linalgx.pivots_to_permutation: pivots must be int32 or int64, got %s"
                        % pivots.dtype)
    if pivots.ndim < 1:
        raise ValueError("linalgx.pivots_to_permutation: pivots must have rank >= 1 "
                         "([..., K]), got a scalar")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError("linalgx.pivots_to_permutation: n must be an integer, got %r" % (n,))
    n = int(n)
    *batch, k = pivots.shape
    if n < k:
        raise ValueError("linalgx.pivots_to_permutation: n = %d is smaller than the number of "
                         "pivots K = %d" % (n, k))
    if element == "i32" and n > INT32_MAX:
        raise ValueError("linalgx.pivots_to_permutation: n = %d does not fit int32 pivots" % n)
    pivots = np.ascontiguousarray(pivots, dtype=np.dtype(pivots.dtype.type))
    if not pivots.flags.aligned:  # e.g. np.frombuffer at an odd offset
        pivots = pivots.copy()
    permutation = np.empty(tuple(batch) + (n,), dtype=pivots.dtype)
    # The pivots are only read: read-only arrays (np.frombuffer, a JAX
    # array's host view) are passed without a copy.
    function = _compiled("pivots_to_permutation", _PIVOTS_TO_PERMUTATION_SOURCE, element,
                         pipeline, read_only=(0,))
    b = math.prod(batch)
    function.call_arrays(pivots.reshape(b, k), permutation.reshape(b, n))
    return permutation


_TRANS = {0: "", "N": "", 1: "trans = transpose ", "T": "trans = transpose ",
          2: "trans = adjoint ", "C": "trans = adjoint ", "H": "trans = adjoint "}


def lu_solve(lu_and_piv, b, trans=0, *, pipeline=jit.DEFAULT_PIPELINE):
    """Solves A·x = b from the LU factorization of A, as scipy.linalg.lu_solve.

    `lu_and_piv` is (lu, piv) as linalgx.lu or scipy.linalg.lu_factor give
    them: lu [..., N, N] (L below the diagonal with a unit diagonal, U on and
    above), piv [..., N] int32 or int64, 0-based. `b` is [..., N] (one
    right-hand side per matrix) or [..., N, R], with the batch dimensions of
    `lu`. trans: 0 ('N') solves A·x = b, 1 ('T') Aᵀ·x = b, 2 ('C') Aᴴ·x = b.
    The result has b's shape and the common type of lu and b. As LAPACK's
    getrs (and SciPy), nothing is checked: a zero on U's diagonal gives
    infinities or NaN.
    """
    if not isinstance(lu_and_piv, (tuple, list)) or len(lu_and_piv) != 2:
        raise TypeError("linalgx.lu_solve: lu_and_piv must be the pair (lu, piv)")
    if cuda.is_cuda_array(lu_and_piv[0]):
        _check_default_pipeline(pipeline, "linalgx.lu_solve")
        return cuda.lu_solve(lu_and_piv, b, trans)
    factors = _as_host_array(lu_and_piv[0], "linalgx.lu_solve: lu")
    pivots = _as_host_array(lu_and_piv[1], "linalgx.lu_solve: piv")
    b = _as_host_array(b, "linalgx.lu_solve: b")
    try:
        trans_text = _TRANS[trans]
    except (KeyError, TypeError):
        raise ValueError("linalgx.lu_solve: trans must be 0, 1 or 2 ('N', 'T' or 'C'), got %r"
                         % (trans,)) from None
    dtype = np.promote_types(factors.dtype, b.dtype)
    element = LU_DTYPES.get(dtype)
    if element is None:
        raise TypeError("linalgx.lu_solve: lu and b must be float32, float64, complex64 or "
                        "complex128, got %s and %s" % (factors.dtype, b.dtype))
    index = PIVOT_DTYPES.get(np.dtype(pivots.dtype.type))
    if index is None:
        raise TypeError("linalgx.lu_solve: piv must be int32 or int64, got %s" % pivots.dtype)
    if factors.ndim < 2 or factors.shape[-1] != factors.shape[-2]:
        raise ValueError("linalgx.lu_solve: lu must be square matrices [..., N, N], got shape %s"
                         % (factors.shape,))
    *batch, n, _ = factors.shape
    if pivots.shape != tuple(batch) + (n,):
        raise ValueError("linalgx.lu_solve: piv must have shape %s (lu's batch and N), got %s"
                         % (tuple(batch) + (n,), pivots.shape))
    vector = b.ndim == factors.ndim - 1
    if vector:
        expected = tuple(batch) + (n,)
        matching = b.shape == expected
    else:
        expected = tuple(batch) + (n, "R")
        matching = b.ndim == factors.ndim and b.shape[:-1] == tuple(batch) + (n,)
    if not matching:
        raise ValueError("linalgx.lu_solve: b must have shape [..., N] or [..., N, R] with lu's "
                         "batch %s and N = %d, got %s" % (tuple(batch), n, b.shape))
    factors = np.ascontiguousarray(factors, dtype=dtype)
    pivots = np.ascontiguousarray(pivots, dtype=np.dtype(pivots.dtype.type))
    solution = np.array(b, dtype=dtype, order="C", copy=True)
    r = 1 if vector else b.shape[-1]
    count = math.prod(batch)
    function = _compiled("lu_solve", _LU_SOLVE_SOURCE, element, pipeline, read_only=(0, 1),
                         I=index, trans=trans_text)
    function.call_arrays(factors.reshape(count, n, n), pivots.reshape(count, n),
                         solution.reshape(count, n, r))
    return solution


def solve(a, b, *, pipeline=jit.DEFAULT_PIPELINE):
    """The solution of a·x = b, as numpy.linalg.solve: a [..., N, N]; b [N]
    (one vector) or [..., N, K], the batch dimensions broadcast together
    under NumPy's rules. The result has the common type of a and b (integers
    solve in float64). One compiled call factors (linalgx.lu) and solves
    (linalgx.lu_solve); an exactly singular matrix raises
    numpy.linalg.LinAlgError, as NumPy does.
    """
    if cuda.is_cuda_array(a):
        _check_default_pipeline(pipeline, "linalgx.solve")
        return cuda.solve(a, b)
    a = _as_host_array(a, "linalgx.solve: a")
    b = _as_host_array(b, "linalgx.solve: b")
    dtype = np.result_type(a.dtype, b.dtype, np.float32)
    element = LU_DTYPES.get(dtype)
    if element is None:
        raise TypeError("linalgx.solve: a and b must be real or complex numbers of at most "
                        "double precision, got %s and %s" % (a.dtype, b.dtype))
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError("linalgx.solve: a must be square matrices [..., N, N], got shape %s"
                         % (a.shape,))
    n = a.shape[-1]
    vector = b.ndim == 1
    b_matrix = b[:, None] if vector else b
    if b_matrix.ndim < 2 or b_matrix.shape[-2] != n:
        raise ValueError("linalgx.solve: b must have shape [N] or [..., N, K] with N = %d, got %s"
                         % (n, b.shape))
    try:
        batch = np.broadcast_shapes(a.shape[:-2], b_matrix.shape[:-2])
    except ValueError:
        raise ValueError("linalgx.solve: the batch dimensions of a %s and b %s do not broadcast"
                         % (a.shape[:-2], b_matrix.shape[:-2])) from None
    r = b_matrix.shape[-1]
    # Read only: a copy only where a is not C-ordered in that type (or is
    # broadcast).
    matrices = np.ascontiguousarray(np.broadcast_to(a, batch + (n, n)), dtype=dtype)
    solution = np.array(np.broadcast_to(b_matrix, batch + (n, r)), dtype=dtype, order="C",
                        copy=True)
    count = math.prod(batch)
    info = np.empty((count,), dtype=np.int32)
    function = _compiled("solve", _SOLVE_SOURCE, element, pipeline,
                         read_only=(0,))
    function.call_arrays(matrices.reshape(count, n, n), info,
                         solution.reshape(count, n, r))
    if np.any(info > 0):
        raise np.linalg.LinAlgError("Singular matrix")
    return solution[..., 0] if vector else solution


def _square_matrices(a, what):
    """`a` as a NumPy array of square matrices [..., N, N] of an LU dtype
    (integers as float64, as NumPy's linalg), and its MLIR element type."""
    a = _as_host_array(a, what + ": a")
    dtype = np.result_type(a.dtype, np.float32)
    element = LU_DTYPES.get(dtype)
    if element is None:
        raise TypeError("%s: a must hold real or complex numbers of at most double "
                        "precision, got %s" % (what, a.dtype))
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError("%s: a must be square matrices [..., N, N], got shape %s"
                         % (what, a.shape))
    return a, dtype, element


def _determinants(a, what, logarithmic, pipeline):
    """The LU of a copy of `a` and the determinants from it, in one compiled
    call: [det] or [sign, logabsdet], each of a's batch shape."""
    a, dtype, element = _square_matrices(a, what)
    batch, n = a.shape[:-2], a.shape[-1]
    count = math.prod(batch)
    factors = np.array(a, dtype=dtype, order="C", copy=True).reshape(count, n, n)
    pivots = np.empty((count, n), dtype=np.int32)
    info = np.empty((count,), dtype=np.int32)
    results = [np.empty((count,), dtype=dtype)]
    if logarithmic:
        results.append(np.empty((count,), dtype=results[0].real.dtype))
        real = LU_DTYPES[results[1].dtype]
        function = _compiled("slogdet", _SLOGDET_SOURCE, element, pipeline, R=real)
    else:
        function = _compiled("det", _DET_SOURCE, element, pipeline)
    function.call_arrays(factors, pivots, info, *results)
    # NumPy gives a single matrix's results as scalars.
    return [result.reshape(batch)[()] for result in results]


def det(a, *, pipeline=jit.DEFAULT_PIPELINE):
    """The determinants of a [..., N, N], as numpy.linalg.det (a scalar for
    one matrix), from linalgx.lu's factors (linalgx.lu_det): the product of
    U's diagonal, exactly 0 for an exactly singular matrix.
    """
    if cuda.is_cuda_array(a):
        _check_default_pipeline(pipeline, "linalgx.det")
        return cuda.det(a)
    return _determinants(a, "linalgx.det", False, pipeline)[0]


def slogdet(a, *, pipeline=jit.DEFAULT_PIPELINE):
    """(sign, logabsdet) of a [..., N, N], as numpy.linalg.slogdet: det(a) =
    sign · exp(logabsdet) without overflow; (0, -inf) for an exactly
    singular matrix.
    """
    if cuda.is_cuda_array(a):
        _check_default_pipeline(pipeline, "linalgx.slogdet")
        return SlogdetResult(*cuda.slogdet(a))
    return SlogdetResult(*_determinants(a, "linalgx.slogdet", True, pipeline))


def inv(a, *, pipeline=jit.DEFAULT_PIPELINE):
    """The inverses of a [..., N, N], as numpy.linalg.inv: linalgx.solve of
    a·x = I, so an exactly singular matrix raises numpy.linalg.LinAlgError.
    """
    if cuda.is_cuda_array(a):
        _check_default_pipeline(pipeline, "linalgx.inv")
        return cuda.inv(a)
    a, dtype, _ = _square_matrices(a, "linalgx.inv")
    identities = np.broadcast_to(np.eye(a.shape[-1], dtype=dtype), a.shape)
    return solve(a, identities, pipeline=pipeline)
