"""linalgx for PyTorch CUDA tensors: drop-ins for torch.linalg.lu_factor,
torch.linalg.lu_factor_ex and torch.linalg.lu that factor with linalgx's
GPU kernels (linalgx.cuda: compiled ahead of time, run on the tensor's
device and PyTorch's current stream of that device, no host
synchronization).

    import linalgx.torch
    LU, pivots = linalgx.torch.lu_factor(A)         # as torch.linalg.lu_factor
    LU, pivots, info = linalgx.torch.lu_factor_ex(A)
    P, L, U = linalgx.torch.lu(A)                   # as torch.linalg.lu

Contract (PyTorch's, not linalgx.lu's): `pivots` are int32 and **1-based**
(LAPACK's; torch.lu_unpack takes them), `info` int32 (0, or i + 1 for the
first exactly zero U[i, i]; nothing is checked or raised, as
lu_factor_ex(check_errors=False)), P the [..., M, M] permutation matrix with
A = P @ L @ U. Plain Python with ctypes on data_ptr(): no C++ extension, no
autograd (the results do not require grad), no torch.compile registration.
"""

import torch

from . import cuda

_TYPES = (torch.float32, torch.float64, torch.complex64, torch.complex128)


def _factor(A, what):
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
    # Autograd is not implemented: factor the data, not the graph.
    return cuda.lu(A.detach(), return_info=True)


def lu_factor_ex(A, *, pivot=True):
    """(LU, pivots, info) of a CUDA tensor A [..., M, N], as
    torch.linalg.lu_factor_ex(A, check_errors=False): pivots int32 1-based."""
    if not pivot:
        raise NotImplementedError("linalgx.torch.lu_factor_ex: only pivot=True")
    factors, pivots, _, info = _factor(A, "linalgx.torch.lu_factor_ex")
    return factors, pivots.add_(1), info


def lu_factor(A, *, pivot=True):
    """(LU, pivots) of a CUDA tensor A [..., M, N], as torch.linalg.lu_factor:
    pivots int32, 1-based."""
    if not pivot:
        raise NotImplementedError("linalgx.torch.lu_factor: only pivot=True")
    factors, pivots, _, _ = _factor(A, "linalgx.torch.lu_factor")
    return factors, pivots.add_(1)


def lu(A, *, pivot=True):
    """(P, L, U) of a CUDA tensor A [..., M, N], as torch.linalg.lu:
    A = P @ L @ U, P [..., M, M], L [..., M, K] unit lower triangular,
    U [..., K, N] upper triangular, K = min(M, N). P comes from linalgx's
    permutation output (no pivot loop), L and U from the factors."""
    if not pivot:
        raise NotImplementedError("linalgx.torch.lu: only pivot=True")
    factors, _, permutation, _ = _factor(A, "linalgx.torch.lu")
    m, n = A.shape[-2], A.shape[-1]
    k = min(m, n)
    L = torch.tril(factors[..., :, :k], diagonal=-1)
    L.diagonal(dim1=-2, dim2=-1).fill_(1)
    U = torch.triu(factors[..., :k, :])
    # A[perm] = L @ U, so A = P @ L @ U with P[perm[i], i] = 1.
    P = torch.zeros(A.shape[:-2] + (m, m), dtype=A.dtype, device=A.device)
    P.scatter_(-2, permutation.long().unsqueeze(-2), 1)
    return P, L, U
