"""linalgx as a JAX operation: `linalgx.jax.lu(x)`, a drop-in for
`jax.lax.linalg.lu` on JAX's CPU and CUDA backends.

It is an XLA FFI custom call (`jax.ffi.ffi_call`, target `linalgx_lu`) with
one handler per platform:

* cpu: `LinalgxLuCpu` in liblinalgx_jax_ffi.so (runtime/jax) factors with
  the linalgx CPU runtime -- the library linalgx's own CPU lowering calls;
* CUDA: `LinalgxLuCuda` in liblinalgx_jax_cuda_ffi.so runs linalgx's GPU
  lowering compiled ahead of time (liblinalgx_cuda_kernels.so) on XLA's
  stream, without host synchronization.

So it works under `jax.jit`, on any batch rank and under `jax.vmap` (a
vmapped call becomes one call with more batch dimensions), and it is
differentiable: a JVP rule (the one `jax.lax.linalg.lu` has: the tangent of
the factors from two triangular solves with L and U) gives `jax.jvp`,
`jax.jacfwd` and, since that tangent is linear in the input's, `jax.grad`
and `jax.jacrev`; pivots, permutation and info have zero tangents. Returns
`(lu, pivots, permutation)` as `jax.lax.linalg.lu` does: 0-based int32
pivots `[..., min(M, N)]` and the int32 row permutation `[..., M]`;
`lu_with_info` also returns int32 `info` `[...]`.
"""

import jax
import jax.numpy as jnp
import numpy as np

from ._native import load_library

from .errors import LinalgXError

LIBRARY_NAME = "liblinalgx_jax_ffi.so"
CUDA_LIBRARY_NAME = "liblinalgx_jax_cuda_ffi.so"
TARGET_NAME = "linalgx_lu"

_registered = False
# Why a platform's handler is not registered, if it is not: only an error for
# calls that run on that platform (lu_with_info).
_cpu_error = None
_cuda_error = None


def _has_gpu_backend():
    try:
        return len(jax.devices("gpu")) > 0
    except RuntimeError:  # no GPU backend in this JAX
        return False


def _register():
    """Loads the handler libraries and registers the FFI targets, once: the
    CPU one, and the CUDA one where JAX has a GPU backend. Each is optional
    for the other platform (a GPU machine may lack the CPU runtime's
    OpenBLAS, a CPU build the CUDA kernels)."""
    global _registered, _cpu_error, _cuda_error
    if _registered:
        return
    try:
        library, _ = load_library(
            LIBRARY_NAME, ": it is built when the Python that configured linalgx "
            "has JAX (runtime/jax/CMakeLists.txt)")
        jax.ffi.register_ffi_target(
            TARGET_NAME, jax.ffi.pycapsule(library.LinalgxLuCpu), platform="cpu")
    except LinalgXError as error:
        _cpu_error = error
    if _has_gpu_backend():
        try:
            cuda_library, _ = load_library(
                CUDA_LIBRARY_NAME, ": it is built with liblinalgx_cuda_kernels.so "
                "where the configuring Python has JAX (runtime/jax/CMakeLists.txt)")
            jax.ffi.register_ffi_target(
                TARGET_NAME, jax.ffi.pycapsule(cuda_library.LinalgxLuCuda), platform="CUDA")
        except LinalgXError as error:
            _cuda_error = error
    else:
        _cuda_error = LinalgXError("JAX has no GPU backend")
    _registered = True


_TYPES = (jnp.float32, jnp.float64, jnp.complex64, jnp.complex128)


def lu_with_info(x):
    """`(lu, pivots, permutation, info)` of `x` `[..., M, N]`."""
    x = jnp.asarray(x)
    if x.ndim < 2:
        raise ValueError("linalgx.jax.lu: expected an array of rank >= 2 "
                         "([..., M, N]), got shape %s" % (x.shape,))
    if x.dtype not in [jnp.dtype(t) for t in _TYPES]:
        raise TypeError("linalgx.jax.lu: expected float32, float64, complex64 "
                        "or complex128, got %s" % x.dtype)
    _register()
    on_gpu = _runs_on_gpu(x)
    error = _cuda_error if on_gpu else _cpu_error
    if error is not None:
        raise LinalgXError("linalgx.jax.lu on the %s: %s" % ("GPU" if on_gpu else "CPU", error))
    return _lu_call(x)


@jax.custom_jvp
def _lu_call(x):
    *batch, m, n = x.shape
    batch = tuple(batch)
    out_types = (
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        jax.ShapeDtypeStruct(batch + (min(m, n),), jnp.int32),
        jax.ShapeDtypeStruct(batch + (m,), jnp.int32),
        jax.ShapeDtypeStruct(batch, jnp.int32),
    )
    # The handler takes any batch rank: a vmapped call is one call with the
    # mapped dimension broadcast to the front of the operand.
    call = jax.ffi.ffi_call(TARGET_NAME, out_types, vmap_method="broadcast_all")
    return call(x)


@_lu_call.defjvp
def _lu_call_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    outputs = _lu_call(x)
    lu_factors, _, permutation, _ = outputs
    integer_tangents = tuple(np.zeros(v.shape, jax.dtypes.float0) for v in outputs[1:])
    return outputs, (_lu_factors_tangent(lu_factors, permutation, x_dot),) + integer_tangents


def _lu_factors_tangent(lu_factors, permutation, x_dot):
    """The tangent of the packed factors: with P·A = L·U, the permuted
    tangent X = P·dA splits as dL·U + L·dU, so L⁻¹·X·U⁻¹ = L⁻¹dL + dU·U⁻¹ is
    strictly lower (L⁻¹dL, unit diagonal) plus upper (dU·U⁻¹):
    dL = L·tril(L⁻¹XU⁻¹, -1), dU = triu(L⁻¹XU⁻¹)·U. For rectangular
    matrices L is padded to M x M and U to N x N with an identity block."""
    *batch, m, n = lu_factors.shape
    k = min(m, n)
    no_pad = [(0, 0)] * len(batch)
    dtype = lu_factors.dtype
    x = jnp.take_along_axis(x_dot, permutation[..., :, None], axis=-2)
    l = jnp.pad(jnp.tril(lu_factors[..., :, :k], -1), no_pad + [(0, 0), (0, m - k)])
    l = l + jnp.eye(m, dtype=dtype)
    u = jnp.pad(jnp.triu(lu_factors[..., :k, :]), no_pad + [(0, n - k), (0, 0)])
    u = u + jnp.pad(jnp.eye(n - k, dtype=dtype), ((k, 0), (k, 0)))
    la = jax.lax.linalg.triangular_solve(l, x, left_side=True, lower=True,
                                         unit_diagonal=True)
    lau = jax.lax.linalg.triangular_solve(u, la, left_side=False, lower=False)
    with jax.default_matmul_precision("highest"):
        return l @ jnp.tril(lau, -1) + jnp.triu(lau) @ u


def _runs_on_gpu(x):
    """Whether a call on `x` will be lowered for the GPU: x's devices when it
    is a concrete array, JAX's default backend for a tracer."""
    try:
        return any(d.platform == "gpu" for d in x.devices())
    except Exception:  # a tracer: placement is decided by the default backend
        return jax.default_backend() == "gpu"


def lu(x):
    """`(lu, pivots, permutation)`, as `jax.lax.linalg.lu(x)`."""
    lu_factors, pivots, permutation, _ = lu_with_info(x)
    return lu_factors, pivots, permutation
