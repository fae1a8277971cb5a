"""linalgx for PyTorch CUDA tensors: drop-ins for torch.linalg's LU
factorization (lu_factor, lu_factor_ex, lu) and for the solves,
determinants and inverses made from it (lu_solve, solve, solve_ex, det,
slogdet, inv, inv_ex), computed by linalgx's GPU kernels (compiled ahead of
time, run on the tensor's device and PyTorch's current stream of that
device, no host synchronization).

    import linalgx.torch
    LU, pivots = linalgx.torch.lu_factor(A)         # as torch.linalg.lu_factor
    LU, pivots, info = linalgx.torch.lu_factor_ex(A)
    P, L, U = linalgx.torch.lu(A)                   # as torch.linalg.lu
    X = linalgx.torch.lu_solve(LU, pivots, B)       # as torch.linalg.lu_solve
    X = linalgx.torch.solve(A, B)                   # as torch.linalg.solve
    X, info = linalgx.torch.solve_ex(A, B)          # as torch.linalg.solve_ex
    d = linalgx.torch.det(A)                        # as torch.linalg.det
    sign, logabsdet = linalgx.torch.slogdet(A)      # as torch.linalg.slogdet
    A_inv = linalgx.torch.inv(A)                    # as torch.linalg.inv

Contract (PyTorch's, not linalgx.lu's): `pivots` are int32 and **1-based**
(LAPACK's; torch.lu_unpack and lu_solve take them), `info` int32 (0, or
i + 1 for the first exactly zero U[i, i]; nothing is checked or raised, as
lu_factor_ex(check_errors=False)), P the [..., M, M] permutation matrix with
A = P @ L @ U. The solves take torch.linalg's shapes: batch dimensions
broadcast, `left=False` solves X A = B, lu_solve's `adjoint=True` solves
with A^H, and solve's B may be a vector ([N], or A's shape without its last
dimension). Arguments share one dtype (float32, float64, complex64,
complex128) and one CUDA device; a mismatch raises an error that names the
argument.

Singular matrices are not errors here, where torch.linalg.solve and inv
raise (that needs a host synchronization): solve and inv give what
LAPACK's getrs gives on such factors (infinities or NaN) and solve_ex /
inv_ex an info > 0 (with check_errors=True they raise
torch.linalg.LinAlgError, after a synchronization, as PyTorch's do); det
is exactly 0 and slogdet (0, -inf), as PyTorch's.

They go through linalgx's PyTorch operator library (python/linalgx/csrc,
`torch.ops.linalgx.lu`, `lu_factor_ex`, `linalg_lu`,
`pivots_to_permutation`, `lu_unpack`, `lu_solve`, `solve`, `det`,
`slogdet`, `inv_ex`): C++ operators with CUDA
and Meta kernels, so they work under `torch.compile(fullgraph=True)` and
CUDA graph capture, and with autograd (PyTorch's own derivative formulas,
in C++ beside the operators, differentiable again). Where the library is
not built for this PyTorch (or was built before an operator existed), the
functions fall back to calling the kernels through ctypes (no autograd, no
torch.compile), with a warning that says so.
"""

import collections
import glob
import math
import os
import threading
import warnings

import torch

from . import _native, cuda
from .errors import LinalgXError

_TYPES = (torch.float32, torch.float64, torch.complex64, torch.complex128)
# The kernels' names of the dtypes (linalgx.cuda's entry tables).
_KERNEL_TYPES = {torch.float32: "f32", torch.float64: "f64", torch.complex64: "c32",
                 torch.complex128: "c64"}
OPERATOR_LIBRARY = "_linalgx_torch_ops"
OPERATORS = ("lu", "lu_factor_ex", "linalg_lu", "pivots_to_permutation", "lu_unpack",
             "lu_solve", "solve", "det", "slogdet", "inv_ex")

_operators = None
_operators_error = None
_missing_operators = frozenset()
_operators_lock = threading.Lock()

SlogdetResult = collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
SlogdetResult.__doc__ = "linalgx.torch.slogdet's result, as torch.linalg.slogdet's."
SolveExResult = collections.namedtuple("SolveExResult", ["result", "info"])
SolveExResult.__doc__ = "linalgx.torch.solve_ex's result, as torch.linalg.solve_ex's."
InvExResult = collections.namedtuple("InvExResult", ["inverse", "info"])
InvExResult.__doc__ = "linalgx.torch.inv_ex's result, as torch.linalg.inv_ex's."


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
    global _operators, _operators_error, _missing_operators
    if _operators is not None or _operators_error is not None:
        return _operators
    with _operators_lock:
        if _operators is None and _operators_error is None:
            try:
                if not hasattr(torch.ops.linalgx, "lu"):
                    torch.ops.load_library(_find_operator_library())
                # A library built before an operator was added lacks it:
                # that operator's functions take the ctypes path.
                _missing_operators = frozenset(
                    name for name in OPERATORS if not hasattr(torch.ops.linalgx, name))
                _operators = torch.ops.linalgx
            except (LinalgXError, OSError, RuntimeError) as error:
                _operators_error = error
    return _operators


def operators_error():
    operators()
    return _operators_error


def _operator(name):
    """torch.ops.linalgx.<name>, or None where the library is not built or
    predates that operator."""
    ops = operators()
    if ops is None or name in _missing_operators:
        return None
    return getattr(ops, name)


# ---------------------------------------------------------------------------
# The drop-ins
# ---------------------------------------------------------------------------

_LU_ON_THE_CPU = "torch.linalg.lu_factor, or linalgx.lu(A.numpy())"


def _check(A, what, name="A", rank=2, on_the_cpu=_LU_ON_THE_CPU, dtypes=_TYPES):
    """The checks of one argument before any GPU work (also under
    torch.compile: they read only static properties); the operators check
    how the arguments fit together."""
    if not isinstance(A, torch.Tensor):
        raise TypeError("%s: expected a torch.Tensor for %s, got %s"
                        % (what, name, type(A).__name__))
    if not A.is_cuda:
        raise ValueError("%s: %s is on %s; linalgx.torch runs on CUDA tensors (use %s on the "
                         "CPU)" % (what, name, A.device, on_the_cpu))
    if dtypes is not None and A.dtype not in dtypes:
        raise TypeError("%s: %s has dtype %s, which is not supported; use float32, float64, "
                        "complex64 or complex128" % (what, name, A.dtype))
    if A.dim() < rank:
        raise ValueError("%s: %s must have rank >= %d, got shape %s"
                         % (what, name, rank, tuple(A.shape)))


_warned = False


def _ctypes_fallback(what, operator=None):
    global _warned
    if not _warned:
        reason = operators_error()
        if reason is None:
            reason = ("the operator library has no linalgx::%s (it was built before it "
                      "was added; rebuild it)" % operator)
        warnings.warn("%s: %s; calling the kernels through ctypes instead (no autograd, no "
                      "torch.compile)" % (what, reason), RuntimeWarning, stacklevel=3)
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
    U [..., K, N] upper triangular, K = min(M, N). One operator,
    torch.ops.linalgx.linalg_lu: the LU and its unpacking in one dispatch,
    P from linalgx's permutation output (no pivot loop), L and U from the
    factors (and their gradients flow back through the factors)."""
    if not pivot:
        raise NotImplementedError("linalgx.torch.lu: only pivot=True")
    linalg_lu = _operator("linalg_lu")
    if linalg_lu is not None:
        _check(A, "linalgx.torch.lu")
        return linalg_lu(A)
    factors, _, permutation, _ = lu_with_permutation(A, "linalgx.torch.lu")
    unpack = _operator("lu_unpack")
    if unpack is not None:
        return unpack(factors, permutation)
    m, n = A.shape[-2], A.shape[-1]
    k = min(m, n)
    L = factors[..., :, :k].tril(-1) + torch.eye(m, k, dtype=A.dtype, device=A.device)
    U = factors[..., :k, :].triu()
    # A[perm] = L @ U, so A = P @ L @ U with P[perm[i], i] = 1: the one-hot
    # rows of perm, transposed. (Not zeros().scatter_(..., 1): Inductor made
    # that a long buffer and failed its matmul.)
    P = torch.nn.functional.one_hot(permutation.long(), m).mT.to(A.dtype)
    return P, L, U


# ---------------------------------------------------------------------------
# Solves, determinants, inverses
# ---------------------------------------------------------------------------

def _torch_name(what):
    """torch.linalg's function of linalgx.torch's `what`: what to use on the
    CPU."""
    return "torch.linalg." + what.rsplit(".", 1)[-1]


def lu_solve(LU, pivots, B, *, left=True, adjoint=False):
    """X of A X = B from A's factors (LU, pivots) = torch.linalg.lu_factor(A)
    (or linalgx.torch.lu_factor's), as torch.linalg.lu_solve: LU
    [*, N, N], pivots int32 1-based [*, N], B [*, N, K] (or [*, K, N] with
    left=False, which solves X A = B); adjoint=True solves with A^H. The
    batch dimensions of LU and B broadcast. Nothing is checked: a zero on
    U's diagonal gives infinities or NaN, as LAPACK's getrs does."""
    what = "linalgx.torch.lu_solve"
    _check(LU, what, "LU", on_the_cpu=_torch_name(what))
    _check(pivots, what, "pivots", rank=1, on_the_cpu=_torch_name(what), dtypes=None)
    _check(B, what, "B", on_the_cpu=_torch_name(what))
    op = _operator("lu_solve")
    if op is not None:
        return op(LU, pivots, B, left=left, adjoint=adjoint)
    _ctypes_fallback(what, "lu_solve")
    return _lu_solve_by_ctypes(LU.detach(), pivots, B.detach(), left, adjoint)


def _solve(A, B, left, check_errors, what):
    _check(A, what, "A", on_the_cpu=_torch_name(what))
    _check(B, what, "B", rank=1, on_the_cpu=_torch_name(what))
    op = _operator("solve")
    if op is not None:
        result, info = op(A, B, left=left)
    else:
        _ctypes_fallback(what, "solve")
        result, info = _solve_by_ctypes(A.detach(), B.detach(), left, what)
    if check_errors:
        _raise_if_singular(info, what)
    return SolveExResult(result, info)


def solve_ex(A, B, *, left=True, check_errors=False):
    """(result, info) of A X = B (X A = B with left=False), as
    torch.linalg.solve_ex: A [*, N, N]; B [*, N, K], or a vector [N] or
    [*, N] (when B has A's shape without its last dimension; then X is one
    too); the batch dimensions broadcast. info (A's batch shape, int32) is
    0, or i + 1 for the first exactly zero U[i, i] of A's LU, where `result`
    holds what LAPACK's getrs gives on those factors (infinities or NaN).
    check_errors=True raises torch.linalg.LinAlgError on info > 0 (a host
    synchronization)."""
    return _solve(A, B, left, check_errors, "linalgx.torch.solve_ex")


def solve(A, B, *, left=True):
    """X of A X = B (X A = B with left=False), as torch.linalg.solve, with
    its shapes (see solve_ex), except that a singular A is not an error:
    X then holds infinities or NaN (solve_ex gives info, or raises with
    check_errors=True). One call of the kernels factors and solves; nothing
    waits on the host."""
    return _solve(A, B, left, False, "linalgx.torch.solve")[0]


def det(A):
    """The determinants [*] of A [*, N, N], as torch.linalg.det: the product
    of U's diagonal of A's LU, exactly 0 for a matrix with an exactly zero
    pivot (1 for N = 0)."""
    what = "linalgx.torch.det"
    _check(A, what, "A", on_the_cpu=_torch_name(what))
    op = _operator("det")
    if op is not None:
        return op(A)[0]
    _ctypes_fallback(what, "det")
    return cuda.det(_dense(A.detach()))


def slogdet(A):
    """(sign, logabsdet) of A [*, N, N], as torch.linalg.slogdet: det(A) =
    sign * exp(logabsdet) without overflow, sign of A's dtype, logabsdet of
    its real dtype; (0, -inf) for an exactly singular matrix."""
    what = "linalgx.torch.slogdet"
    _check(A, what, "A", on_the_cpu=_torch_name(what))
    op = _operator("slogdet")
    if op is not None:
        sign, logabsdet, _, _ = op(A)
        return SlogdetResult(sign, logabsdet)
    _ctypes_fallback(what, "slogdet")
    return SlogdetResult(*cuda.slogdet(_dense(A.detach())))


def _inv(A, check_errors, what):
    _check(A, what, "A", on_the_cpu=_torch_name(what))
    op = _operator("inv_ex")
    if op is not None:
        inverse, info = op(A)
    else:
        _ctypes_fallback(what, "inv_ex")
        A = A.detach()
        identities = torch.eye(A.shape[-1], dtype=A.dtype, device=A.device).expand(A.shape)
        inverse, info = _solve_by_ctypes(A, identities, True, what)
    if check_errors:
        _raise_if_singular(info, what)
    return InvExResult(inverse, info)


def inv_ex(A, *, check_errors=False):
    """(inverse, info) of A [*, N, N], as torch.linalg.inv_ex: the solve of
    A X = I (see solve_ex for info and singular matrices)."""
    return _inv(A, check_errors, "linalgx.torch.inv_ex")


def inv(A):
    """The inverses of A [*, N, N], as torch.linalg.inv, except that a
    singular A is not an error: its inverse holds infinities or NaN (see
    inv_ex)."""
    return _inv(A, False, "linalgx.torch.inv")[0]


def _raise_if_singular(info, what):
    """check_errors=True: torch.linalg's LinAlgError for the first singular
    matrix (reading info waits for the GPU)."""
    singular = info > 0
    if bool(singular.any()):
        index = tuple(singular.nonzero()[0].tolist())
        pivot = int(info[index]) - 1
        raise torch.linalg.LinAlgError(
            "%s%s: the matrix is singular: U[%d, %d] of its LU is exactly zero"
            % (what, " (batch element %s)" % (index,) if index else "", pivot, pivot))


# The ctypes path: what the operators do, for a library that is not built.

def _dense(t):
    """`t` as the kernels read it: contiguous, without conjugate or negative
    bits."""
    return t.resolve_conj().resolve_neg().contiguous()


def _call_kernel(entry, device, *buffers):
    """entry(buffers) on PyTorch's current stream of `device`; `buffers` are
    (dense CUDA tensor, shape) pairs."""
    kernels = cuda.kernels()
    with torch.cuda.device(device):
        kernels.call(entry, torch.cuda.current_stream(device).cuda_stream,
                     *[(t.data_ptr(), shape) for t, shape in buffers])


def _system(what, name, A, B, left, vector_allowed):
    """(batch, N, K, vector) of the system A X = B that the operators make
    of a solve (the checks of LinalgxTorchSolve.cpp)."""
    n = A.shape[-1]
    if A.shape[-2] != n:
        raise ValueError("%s: %s must be square matrices [..., N, N], got shape %s"
                         % (what, name, tuple(A.shape)))
    if B.dtype != A.dtype:
        raise TypeError("%s: B must have the dtype of %s (%s), got %s"
                        % (what, name, A.dtype, B.dtype))
    vector = vector_allowed and (B.dim() == 1 or (B.dim() == A.dim() - 1
                                                  and B.shape == A.shape[:-1]))
    if vector and not left:
        raise ValueError("%s: B of shape %s is a vector, which left=False does not take"
                         % (what, tuple(B.shape)))
    if not vector and B.dim() < 2:
        raise ValueError("%s: B must be matrices, got shape %s" % (what, tuple(B.shape)))
    rows = B.shape[-1] if vector or not left else B.shape[-2]
    if rows != n:
        raise ValueError("%s: B of shape %s does not fit %s of shape %s"
                         % (what, tuple(B.shape), name, tuple(A.shape)))
    k = 1 if vector else B.shape[-1] if left else B.shape[-2]
    b_batch = B.shape[:-1] if vector else B.shape[:-2]
    try:
        batch = tuple(torch.broadcast_shapes(A.shape[:-2], b_batch))
    except RuntimeError:
        raise ValueError("%s: the batch dimensions of %s %s and B %s do not broadcast"
                         % (what, name, tuple(A.shape[:-2]), tuple(b_batch))) from None
    return batch, n, k, vector


def _solve_by_ctypes(A, B, left, what="linalgx.torch.solve_ex"):
    batch, n, k, vector = _system(what, "A", A, B, left, True)
    # X A = B is A^T X^T = B^T.
    a = _dense((A if left else A.mT).expand(batch + (n, n)))
    b = B.unsqueeze(-1) if vector else B
    rhs = _dense((b if left else b.mT).expand(batch + (n, k)))
    solution = torch.empty(batch + (n, k), dtype=A.dtype, device=A.device)
    info = torch.zeros(batch, dtype=torch.int32, device=A.device)
    count = math.prod(batch)
    if count and n and k:
        entry = cuda.kernels().solve_entries[_KERNEL_TYPES[A.dtype]]
        _call_kernel(entry, A.device, (a, (count, n, n)), (rhs, (count, n, k)),
                     (solution, (count, n, k)), (info, (count,)))
    # info of A's batch shape, as the operator gives it (the copies of a
    # broadcast A share theirs).
    a_batch = A.shape[:-2]
    if count == 0:
        info = torch.zeros(a_batch, dtype=torch.int32, device=A.device)
    else:
        index = (0,) * (len(batch) - len(a_batch))
        info = info[index + tuple(slice(0, 1) if s == 1 else slice(None) for s in a_batch)]
        info = info.clone()
    if vector:
        return solution.squeeze(-1), info
    return (solution if left else solution.mT.contiguous()), info


def _lu_solve_by_ctypes(LU, pivots, B, left, adjoint):
    what = "linalgx.torch.lu_solve"
    batch, n, k, _ = _system(what, "LU", LU, B, left, False)
    if pivots.dtype != torch.int32 or pivots.shape != LU.shape[:-1]:
        raise ValueError("%s: pivots must be int32 of shape %s, got %s %s"
                         % (what, tuple(LU.shape[:-1]), pivots.dtype, tuple(pivots.shape)))
    # X A = B is A^H X^H = B^H and X A^H = B is A X^H = B^H; the ctypes
    # kernels take 0-based pivots.
    trans = "adjoint" if left == adjoint else "none"
    lu = _dense(LU.expand(batch + (n, n)))
    zero_based = (pivots.expand(batch + (n,)) - 1).contiguous()
    rhs = _dense((B if left else B.mH).expand(batch + (n, k)))
    solution = torch.empty(batch + (n, k), dtype=LU.dtype, device=LU.device)
    count = math.prod(batch)
    if count and n and k:
        entry = cuda.kernels().lu_solve_entries[_KERNEL_TYPES[LU.dtype], trans]
        _call_kernel(entry, LU.device, (lu, (count, n, n)), (zero_based, (count, n)),
                     (rhs, (count, n, k)), (solution, (count, n, k)))
    return solution if left else _dense(solution.mH)
