"""linalgx as a JAX operation: `linalgx.jax.lu(x)`, a drop-in for
`jax.lax.linalg.lu` on the CPU backend.

It is an XLA FFI custom call (`jax.ffi.ffi_call`) whose handler,
`LinalgxLuCpu` in liblinalgx_jax_ffi.so (runtime/jax), factors with the
linalgx CPU runtime -- the library linalgx's own CPU lowering calls -- so it
works under `jax.jit`, on any batch rank and under `jax.vmap` (a vmapped
call becomes one call with more batch dimensions). Returns
`(lu, pivots, permutation)` as `jax.lax.linalg.lu` does: 0-based int32
pivots `[..., min(M, N)]` and the int32 row permutation `[..., M]`;
`lu_with_info` also returns int32 `info` `[...]`.

The GPU entry point is not built yet (docs/python.md).
"""

import jax
import jax.numpy as jnp

from ._native import load_library

LIBRARY_NAME = "liblinalgx_jax_ffi.so"
TARGET_NAME = "linalgx_lu"

_registered = False


def _register():
    """Loads the handler library and registers the FFI target, once."""
    global _registered
    if _registered:
        return
    library, _ = load_library(
        LIBRARY_NAME, ": it is built when the Python that configured linalgx "
        "has JAX (runtime/jax/CMakeLists.txt)")
    jax.ffi.register_ffi_target(
        TARGET_NAME, jax.ffi.pycapsule(library.LinalgxLuCpu), platform="cpu")
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


def lu(x):
    """`(lu, pivots, permutation)`, as `jax.lax.linalg.lu(x)`."""
    lu_factors, pivots, permutation, _ = lu_with_info(x)
    return lu_factors, pivots, permutation
