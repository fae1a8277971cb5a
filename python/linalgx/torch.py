"""linalgx for PyTorch CUDA tensors: drop-ins for torch.linalg.lu_factor,
torch.linalg.lu_factor_ex and torch.linalg.lu that factor with linalgx's
GPU kernels (compiled ahead of time, run on the tensor's device and
PyTorch's current stream of that device, no host synchronization).

    import linalgx.torch
    LU, pivots = linalgx.torch.lu_factor(A)         # as torch.linalg.lu_factor
    LU, pivots, info = linalgx.torch.lu_factor_ex(A)
    P, L, U = linalgx.torch.lu(A)                   # as torch.linalg.lu

Contract (PyTorch's, not linalgx.lu's): `pivots` are int32 and **1-based**
(LAPACK's; torch.lu_unpack takes them), `info` int32 (0, or i + 1 for the
first exactly zero U[i, i]; nothing is checked or raised, as
lu_factor_ex(check_errors=False)), P the [..., M, M] permutation matrix with
A = P @ L @ U.

They go through linalgx's PyTorch operator library (python/linalgx/csrc,
`torch.ops.linalgx.lu`, `lu_factor_ex`, `pivots_to_permutation`): C++
operators with CUDA and Meta kernels, so they work under
`torch.compile(fullgraph=True)` and CUDA graph capture, and with autograd
(PyTorch's own LU backward, in C++ beside the operators). Where the library
is not built for this PyTorch, the functions fall back to calling the kernels
through ctypes (no autograd, no torch.compile), with a warning that says so.
"""

import glob
import os
import threading
import warnings

import torch

from . import _native, cuda
from .errors import LinalgXError

_TYPES = (torch.float32, torch.float64, torch.complex64, torch.complex128)
OPERATOR_LIBRARY = "_linalgx_torch_ops"

_operators = None
_operators_error = None
_operators_lock = threading.Lock()


def _find_operator_library():
    directories = [os.path.dirname(os.path.abspath(__file__))] + _native.candidate_library_dirs()
    for directory in directories:
        for path in sorted(glob.glob(os.path.join(directory, OPERATOR_LIBRARY + "*.so"))):
            return path
    raise LinalgXError(
        "the PyTorch operator library (%s*.so) is not built: `pip install ./python` builds "
        "it where PyTorch and the CUDA kernels are (searched %s)"
        % (OPERATOR_LIBRARY, ", ".join(directories)))


def operators():
    """torch.ops.linalgx, loaded on first use;
    None where the library is not built, `operators_error()` saying why."""
    global _operators, _operators_error
    if _operators is not None or _operators_error is not None:
        return _operators
    with _operators_lock:
        if _operators is None and _operators_error is None:
            try:
                if not hasattr(torch.ops.linalgx, "lu"):
                    torch.ops.load_library(_find_operator_library())
                _operators = torch.ops.linalgx
            except (LinalgXError, OSError, RuntimeError) as error:
                _operators_error = error
    return _operators


def operators_error():
    operators()
    return _operators_error


# ---------------------------------------------------------------------------
# The drop-ins
# ---------------------------------------------------------------------------

def _check(A, what):
    """The argument checks, before any GPU work (also under torch.compile:
    they read only static properties)."""
    if not isinstance(A, torch.Tensor):
        raise TypeError("%s: expected a torch.Tensor, got %s" % (what, type(A).__name__))
    if not A.is_cuda:
        raise ValueError("%s: A is on %s; linalgx.torch runs on CUDA tensors (use "
                         "torch.linalg.lu_factor, or linalgx.lu(A.numpy()) on the CPU)"
                         % (what, A.device))
    if A.dtype not in _TYPES:
        raise TypeError("%s: dtype %s is not supported; use float32, float64, complex64 or "
                        "complex128" % (what, A.dtype))
    if A.dim() < 2:
        raise ValueError("%s: A must have rank >= 2 ([..., M, N]), got shape %s"
                         % (what, tuple(A.shape)))


_warned = False


def _ctypes_fallback(what):
    global _warned
    if not _warned:
        warnings.warn("%s: %s; calling the kernels through ctypes instead (no autograd, no "
                      "torch.compile)" % (what, operators_error()), RuntimeWarning, stacklevel=3)
        _warned = True


def lu_with_permutation(A, what="linalgx.torch"):
    """(LU, pivots 0-based, permutation, info): linalgx.lu's contract."""
    _check(A, what)
    ops = operators()
    if ops is not None:
        return ops.lu(A)
    _ctypes_fallback(what)
    return cuda.lu(A.detach(), return_info=True)


def lu_factor_ex(A, *, pivot=True):
    """(LU, pivots, info) of a CUDA tensor A [..., M, N], as
    torch.linalg.lu_factor_ex(A, check_errors=False): pivots int32 1-based."""
    if not pivot:
        raise NotImplementedError("linalgx.torch.lu_factor_ex: only pivot=True")
    what = "linalgx.torch.lu_factor_ex"
    _check(A, what)
    ops = operators()
    if ops is not None:
        return ops.lu_factor_ex(A)
    _ctypes_fallback(what)
    factors, pivots, _, info = cuda.lu(A.detach(), return_info=True)
    return factors, pivots.add_(1), info


def lu_factor(A, *, pivot=True):
    """(LU, pivots) of a CUDA tensor A [..., M, N], as torch.linalg.lu_factor:
    pivots int32, 1-based."""
    if not pivot:
        raise NotImplementedError("linalgx.torch.lu_factor: only pivot=True")
    factors, pivots, _ = lu_factor_ex(A)
    return factors, pivots


def lu(A, *, pivot=True):
    """(P, L, U) of a CUDA tensor A [..., M, N], as torch.linalg.lu:
    A = P @ L @ U, P [..., M, M], L [..., M, K] unit lower triangular,
    U [..., K, N] upper triangular, K = min(M, N). P comes from linalgx's
    permutation output (no pivot loop), L and U from the factors (and their
    gradients flow back through the factors)."""
    if not pivot:
        raise NotImplementedError("linalgx.torch.lu: only pivot=True")
    factors, _, permutation, _ = lu_with_permutation(A, "linalgx.torch.lu")
    m, n = A.shape[-2], A.shape[-1]
    k = min(m, n)
    L = factors[..., :, :k].tril(-1) + torch.eye(m, k, dtype=A.dtype, device=A.device)
    U = factors[..., :k, :].triu()
    # A[perm] = L @ U, so A = P @ L @ U with P[perm[i], i] = 1: the one-hot
    # rows of perm, transposed. (Not zeros().scatter_(..., 1): Inductor made
    # that a long buffer and failed its matmul.)
    P = torch.nn.functional.one_hot(permutation.long(), m).mT.to(A.dtype)
    return P, L, U
