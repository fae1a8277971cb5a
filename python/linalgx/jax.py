"""linalgx as a JAX operation: `linalgx.jax.lu(x)`, a drop-in for
`jax.lax.linalg.lu` on JAX's CPU and CUDA backends.

It is an XLA FFI custom call (target `linalgx_lu`) with one handler per
platform:

* cpu: `LinalgxLuCpu` in liblinalgx_jax_ffi.so (runtime/jax) factors with
  the linalgx CPU runtime -- the library linalgx's own CPU lowering calls;
* CUDA: `LinalgxLuCuda` in liblinalgx_jax_cuda_ffi.so runs linalgx's GPU
  lowering compiled ahead of time (liblinalgx_cuda_kernels.so) on XLA's
  stream, without host synchronization.

So it works under `jax.jit`, on any batch rank, under `jax.vmap` (a
vmapped call becomes one call with more batch dimensions) and on a batch
sharded over devices (`NamedSharding`, `shard_map`: each device factors its
own shard, docs/scale.md), and it is differentiable: a JVP rule (the one
`jax.lax.linalg.lu` has: the tangent of the factors from two triangular
solves with L and U) gives `jax.jvp`, `jax.jacfwd` and, since that tangent
is linear in the input's, `jax.grad` and `jax.jacrev`; pivots, permutation
and info have zero tangents. Returns `(lu, pivots, permutation)` as
`jax.lax.linalg.lu` does: 0-based int32 pivots `[..., min(M, N)]` and the
int32 row permutation `[..., M]`; `lu_with_info` also returns int32 `info`
`[...]`.

`lu_solve`, `solve`, `det`, `slogdet` and `inv` are drop-ins for
`jax.scipy.linalg.lu_solve` and `jax.numpy.linalg.*` built on that call:
the factorization is linalgx's, the triangular solves and the reductions
over U's diagonal are XLA's (fused by it around the call). Under `jax.jit`
and `jax.vmap` they stay one linalgx call (one a device, on a sharded
batch). On CUDA, `solve` and `inv` call `linalgx.solve` itself instead
(target `linalgx_solve`, handler `LinalgxSolveCuda`): small systems are
factored and solved in one kernel that writes no factors. Their
derivatives (dX = A⁻¹(dB − dA·X)) go through the factorization and
`jax.lax.custom_linear_solve`, so gradients reuse the factors;
`det`/`slogdet` have JAX's JVP rules (d det = det · tr(A⁻¹ dA)).
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Primitive
from jax.extend.mlir.dialects import sdy
from jax.interpreters import batching, mlir, xla
from jax.sharding import PartitionSpec

from ._native import load_library
from .ops import SlogdetResult

from .errors import LinalgXError

LIBRARY_NAME = "liblinalgx_jax_ffi.so"
CUDA_LIBRARY_NAME = "liblinalgx_jax_cuda_ffi.so"
TARGET_NAME = "linalgx_lu"
SOLVE_TARGET_NAME = "linalgx_solve"

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
            jax.ffi.register_ffi_target(
                SOLVE_TARGET_NAME, jax.ffi.pycapsule(cuda_library.LinalgxSolveCuda),
                platform="CUDA")
        except (LinalgXError, AttributeError) as error:
            _cuda_error = error
    else:
        _cuda_error = LinalgXError("JAX has no GPU backend")
    # Lets XLA's partitioner split a call along its batch dimensions (the
    # lowering says how many), so a sharded batch is factored where it lies.
    for target in (TARGET_NAME, SOLVE_TARGET_NAME):
        jax.ffi.register_ffi_target_as_batch_partitionable(target)
    _registered = True


# ---------------------------------------------------------------------------
# The FFI calls, as primitives that keep a sharded batch split
# ---------------------------------------------------------------------------
#
# `jax.ffi.ffi_call` lowers to a custom call that XLA's partitioner does not
# split: a batch sharded over devices would be gathered onto every device.
# These primitives lower to the same custom call with what the partitioner
# needs to split it along the batch instead -- the number of batch
# dimensions (a frontend attribute XLA reads for targets registered as batch
# partitionable) and Shardy's sharding rule -- as JAX lowers its own LAPACK
# and cuSOLVER calls. Each device then runs one call on its own shard.

def _batched_ffi_primitive(target_name, what, result_types):
    """A primitive for the FFI target `target_name` (`what` names it in
    errors), whose operands `[..., M, N]` share their batch dimensions `...`
    and whose results, `result_types(*operands)` (shapes and dtypes), start
    with them too. Bind it with `_bind`."""
    primitive = Primitive(target_name)
    primitive.multiple_results = True
    primitive.def_impl(functools.partial(xla.apply_primitive, primitive))
    primitive.def_abstract_eval(functools.partial(_abstract_eval, what, result_types))
    batching.primitive_batchers[primitive] = functools.partial(_batch_as_one_call, primitive)
    mlir.register_lowering(primitive, functools.partial(_batch_partitionable_lowering,
                                                        target_name))
    return primitive


def _bind(primitive, *operands):
    """`primitive` on `operands`, made to agree on their devices first."""
    return primitive.bind(*_laid_out_alike(operands[0].ndim - 2, *operands))


def _laid_out_alike(batch_rank, *operands):
    """Operands with the same `batch_rank` leading dimensions laid out alike
    over the devices, as JAX's own operations of several operands require:
    inside `shard_map`, varying over the same mesh axes; with explicit
    sharding types, with the batch sharded as by the first operand that
    shards it. So a right-hand side broadcast to the batch (the same on
    every device) follows the matrices."""
    varying = [jax.typeof(x).manual_axis_type.varying for x in operands]
    every = frozenset().union(*varying)
    operands = [jax.lax.pcast(x, tuple(every - v), to="varying")
                for x, v in zip(operands, varying)]
    batch_specs = [_spec(jax.typeof(x))[:batch_rank] for x in operands]
    sharded = [i for i, s in enumerate(batch_specs) if any(s)]
    if not sharded:
        return operands
    batch_spec = batch_specs[sharded[0]]
    sharding = jax.typeof(operands[sharded[0]]).sharding
    return [x if s == batch_spec else
            jax.sharding.reshard(x, sharding.update(spec=_padded(batch_spec, x.ndim)))
            for x, s in zip(operands, batch_specs)]


def _spec(aval):
    """The sharding of each dimension of `aval` (None: replicated); only
    explicit mesh axes are in it."""
    return tuple(_padded(aval.sharding.spec, aval.ndim))


def _padded(spec, rank):
    return PartitionSpec(*spec, *(None,) * (rank - len(spec)))


def _abstract_eval(what, result_types, *operands):
    """The results, with the operands' batch sharding (_bind made it one)
    and replicated over their other dimensions."""
    for x in operands:
        if any(_spec(x)[-2:]):
            raise ValueError(
                "%s: the matrix dimensions (the last two) cannot be sharded, got %s; shard "
                "only the batch dimensions (jax.sharding.reshard the operand to %s)"
                % (what, _padded(_spec(x), x.ndim), _padded(_spec(x)[:-2], x.ndim)))
    first = operands[0]
    batch_spec = _spec(first)[:-2]
    return [first.update(shape=r.shape, dtype=r.dtype, weak_type=False,
                         sharding=first.sharding.update(spec=_padded(batch_spec, len(r.shape))))
            for r in result_types(*operands)]


def _batch_as_one_call(primitive, operands, dims):
    """vmap: the mapped dimension moved to the front of each operand
    (broadcast where one is not mapped), one call with one more batch
    dimension -- `ffi_call`'s vmap_method="broadcast_all"."""
    size = next(x.shape[d] for x, d in zip(operands, dims) if d is not None)
    operands = [jnp.broadcast_to(x, (size,) + x.shape) if d is None
                else jnp.moveaxis(x, d, 0) for x, d in zip(operands, dims)]
    results = _bind(primitive, *operands)
    return results, [0] * len(results)


def _batch_partitionable_lowering(target_name, ctx, *operands):
    return jax.ffi.ffi_lowering(target_name, extra_attributes=_partitioning_attributes(ctx))(
        ctx, *operands)


def _partitioning_attributes(ctx):
    """The custom call's attributes that let XLA split it along the batch;
    none for symbolic shapes (`jax.export`), whose rule would need the
    sizes: such a call is not partitioned, as JAX's own are not."""
    values = (*ctx.avals_in, *ctx.avals_out)
    if not all(isinstance(d, int) for v in values for d in v.shape):
        return None
    batch_rank = ctx.avals_in[0].ndim - 2
    attributes = {"mhlo.frontend_attributes":
                  mlir.ir_attribute({"num_batch_dims": str(batch_rank)})}
    if jax.config.jax_use_shardy_partitioner:
        attributes["sdy.sharding_rule"] = _sharding_rule(ctx.avals_in, ctx.avals_out, batch_rank)
    return attributes


def _sharding_rule(operands, results, batch_rank):
    """Shardy's rule: one factor per batch dimension, common to every
    operand and result; every other dimension a factor of its own that
    must be replicated."""
    sizes = list(operands[0].shape[:batch_rank])
    matrix_factors = []

    def mapping(value):
        dims = [[i] for i in range(batch_rank)]
        for size in value.shape[batch_rank:]:
            matrix_factors.append(len(sizes))
            dims.append([len(sizes)])
            sizes.append(size)
        return sdy.TensorMappingAttr.get(
            dim_mappings=[sdy.DimMappingAttr.get(factor_indices=d) for d in dims])

    operand_mappings = [mapping(v) for v in operands]
    result_mappings = [mapping(v) for v in results]
    return sdy.OpShardingRuleAttr.get(
        factor_sizes=sizes, operand_mappings=operand_mappings, result_mappings=result_mappings,
        need_replication_factors=matrix_factors, is_custom=True)


def _lu_result_types(x):
    batch, (m, n) = x.shape[:-2], x.shape[-2:]
    return (jax.ShapeDtypeStruct(x.shape, x.dtype),
            jax.ShapeDtypeStruct(batch + (min(m, n),), jnp.int32),
            jax.ShapeDtypeStruct(batch + (m,), jnp.int32),
            jax.ShapeDtypeStruct(batch, jnp.int32))


def _solve_result_types(a, b):
    return (jax.ShapeDtypeStruct(b.shape, b.dtype), jax.ShapeDtypeStruct(b.shape[:-2], jnp.int32))


_lu_p = _batched_ffi_primitive(TARGET_NAME, "linalgx.jax.lu", _lu_result_types)
_solve_p = _batched_ffi_primitive(SOLVE_TARGET_NAME, "linalgx.jax.solve", _solve_result_types)


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
    return tuple(_bind(_lu_p, x))


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


# ---------------------------------------------------------------------------
# Solves, determinants and inverses from linalgx's LU
# ---------------------------------------------------------------------------

def _apply_rows(permutation, x):
    """x[..., permutation, :] for a batch of permutations [..., N]."""
    return jnp.take_along_axis(x, permutation[..., :, None], axis=-2)


def _solve_from_factors(lu_factors, permutation, b, trans):
    """op(A)·X = B from P·A = L·U for b [..., N, K]: op = A (trans 0), Aᵀ
    (1) or Aᴴ (2), as getrs orders the steps."""
    triangular = functools.partial(jax.lax.linalg.triangular_solve, lu_factors,
                                   left_side=True)
    if trans == 0:
        x = _apply_rows(permutation, b)
        x = triangular(x, lower=True, unit_diagonal=True)
        return triangular(x, lower=False)
    conjugate = trans == 2
    x = triangular(b, lower=False, transpose_a=True, conjugate_a=conjugate)
    x = triangular(x, lower=True, unit_diagonal=True, transpose_a=True,
                   conjugate_a=conjugate)
    inverse = jnp.argsort(permutation, axis=-1)
    return _apply_rows(inverse, x)


def lu_solve(lu_and_piv, b, trans=0):
    """As `jax.scipy.linalg.lu_solve`: `(lu, piv)` from `lu_factor` (0-based
    LAPACK pivots), `b` `[N]` or `[..., N, K]`; trans 0, 1 or 2 solves
    A·x = b, Aᵀ·x = b or Aᴴ·x = b."""
    lu_factors, pivots = lu_and_piv
    lu_factors, b = jnp.asarray(lu_factors), jnp.asarray(b)
    if trans not in (0, 1, 2):
        raise ValueError("linalgx.jax.lu_solve: trans must be 0, 1 or 2, got %r" % (trans,))
    n = lu_factors.shape[-1]
    if lu_factors.ndim < 2 or lu_factors.shape[-2] != n:
        raise ValueError("linalgx.jax.lu_solve: lu must be square matrices [..., N, N], "
                         "got shape %s" % (lu_factors.shape,))
    permutation = jax.lax.linalg.lu_pivots_to_permutation(pivots, n)
    vector = b.ndim == 1
    b2 = b[:, None] if vector else b
    if b2.shape[-2] != n:
        raise ValueError("linalgx.jax.lu_solve: b must have shape [N] or [..., N, K] with "
                         "N = %d, got %s" % (n, b.shape))
    batch = jnp.broadcast_shapes(lu_factors.shape[:-2], b2.shape[:-2])
    dtype = jnp.result_type(lu_factors, b2)
    x = _solve_from_factors(*_laid_out_alike(
        len(batch),
        jnp.broadcast_to(lu_factors, batch + (n, n)).astype(dtype),
        jnp.broadcast_to(permutation, batch + (n,)),
        jnp.broadcast_to(b2, batch + b2.shape[-2:]).astype(dtype)), trans)
    return x[..., 0] if vector else x


def _matrices(a, what):
    a = jnp.asarray(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError("linalgx.jax.%s: a must be square matrices [..., N, N], got shape %s"
                         % (what, a.shape))
    if not jnp.issubdtype(a.dtype, jnp.inexact):
        a = a.astype(jnp.result_type(a, jnp.float32))
    return a


def solve(a, b):
    """As `jax.numpy.linalg.solve`: `a` `[..., N, N]`, `b` `[N]` or
    `[..., N, K]` with broadcast batch dimensions. Gradients reuse the
    factors (`jax.lax.custom_linear_solve`)."""
    a = _matrices(a, "solve")
    b = jnp.asarray(b)
    dtype = jnp.result_type(a, b)
    a, b = a.astype(dtype), b.astype(dtype)
    n = a.shape[-1]
    vector = b.ndim == 1
    b2 = b[:, None] if vector else b
    if b2.ndim < 2 or b2.shape[-2] != n:
        raise ValueError("linalgx.jax.solve: b must have shape [N] or [..., N, K] with N = %d, "
                         "got %s" % (n, b.shape))
    batch = jnp.broadcast_shapes(a.shape[:-2], b2.shape[:-2])
    a = jnp.broadcast_to(a, batch + (n, n))
    b2 = jnp.broadcast_to(b2, batch + b2.shape[-2:])
    x = _solve_matrices(a, b2)
    return x[..., 0] if vector else x


@jax.custom_jvp
def _solve_matrices(a, b):
    """X of A·X = B for a [..., N, N] and b [..., N, K] of one batch and
    dtype: linalgx.solve's own call where the computation runs on CUDA,
    the factors and XLA's triangular solves elsewhere."""
    _register()
    if _cuda_error is not None or a.size == 0 or b.size == 0:
        return _solve_with_factors(a, b)
    return jax.lax.platform_dependent(a, b, cuda=_fused_solve, default=_solve_with_factors)


@_solve_matrices.defjvp
def _solve_matrices_jvp(primals, tangents):
    (a, b), (a_dot, b_dot) = primals, tangents
    x = _solve_matrices(a, b)
    with jax.default_matmul_precision("highest"):
        rhs = b_dot - a_dot @ x
    # Linear in the tangents through custom_linear_solve: transposable.
    return x, _solve_with_factors(a, rhs)


def _fused_solve(a, b):
    return _bind(_solve_p, a, b)[0]


def _solve_with_factors(a, b):
    """_solve_matrices from linalgx's LU and XLA's triangular solves, a
    `custom_linear_solve` per column, so that its derivatives reuse the
    factors."""
    a, b = _laid_out_alike(a.ndim - 2, a, b)
    lu_factors, _, permutation = lu(jax.lax.stop_gradient(a))

    def one_column(column):  # column [..., N]
        def matvec(x):
            with jax.default_matmul_precision("highest"):
                return (a @ x[..., None])[..., 0]

        def solve_with(trans):
            return lambda _, x: _solve_from_factors(lu_factors, permutation,
                                                    x[..., None], trans)[..., 0]

        return jax.lax.custom_linear_solve(matvec, column, solve=solve_with(0),
                                           transpose_solve=solve_with(1))

    return jax.vmap(one_column, in_axes=-1, out_axes=-1)(b)


def _diagonal_and_parity(a):
    """U's diagonal and whether the pivots exchange an odd number of rows."""
    lu_factors, pivots, _ = lu(a)
    diagonal = jnp.diagonal(lu_factors, axis1=-2, axis2=-1)
    exchanges = jnp.sum(pivots != jnp.arange(pivots.shape[-1], dtype=pivots.dtype), axis=-1)
    return diagonal, exchanges % 2 == 1


def _trace_of_solve(a, tangent):
    """tr(A⁻¹·dA), linear in `tangent` (custom_linear_solve transposes; the
    fused CUDA call would not)."""
    return jnp.trace(_solve_with_factors(a, tangent), axis1=-2, axis2=-1)


@jax.custom_jvp
def _det(a):
    diagonal, odd = _diagonal_and_parity(a)
    product = jnp.prod(diagonal, axis=-1)
    # Exactly 0 for a zero pivot, whatever else the diagonal holds.
    product = jnp.where(jnp.any(diagonal == 0, axis=-1), jnp.zeros_like(product), product)
    return jnp.where(odd, -product, product)


@_det.defjvp
def _det_jvp(primals, tangents):
    (a,), (a_dot,) = primals, tangents
    y = _det(a)
    return y, y * _trace_of_solve(a, a_dot)


def det(a):
    """As `jax.numpy.linalg.det`: the product of linalgx's pivots, exactly 0
    for an exactly singular matrix. Its JVP (det · tr(A⁻¹ dA)) is not
    defined at singular matrices (NaN), unlike JAX's cofactor rule."""
    return _det(_matrices(a, "det"))


@jax.custom_jvp
def _slogdet(a):
    diagonal, odd = _diagonal_and_parity(a)
    magnitude = jnp.abs(diagonal)
    singular = jnp.any(diagonal == 0, axis=-1)
    if jnp.iscomplexobj(diagonal):
        sign = jnp.prod(diagonal / magnitude.astype(diagonal.dtype), axis=-1)
    else:
        sign = jnp.prod(jnp.sign(diagonal), axis=-1)
    sign = jnp.where(odd, -sign, sign)
    logabsdet = jnp.sum(jnp.log(magnitude), axis=-1)
    return (jnp.where(singular, jnp.zeros_like(sign), sign),
            jnp.where(singular, -jnp.inf, logabsdet))


@_slogdet.defjvp
def _slogdet_jvp(primals, tangents):
    (a,), (a_dot,) = primals, tangents
    sign, logabsdet = _slogdet(a)
    z = _trace_of_solve(a, a_dot)
    if jnp.iscomplexobj(a):
        sign_dot = sign * 1j * jnp.imag(z)
    else:
        sign_dot = jnp.zeros_like(sign)
    return (sign, logabsdet), (sign_dot, jnp.real(z))


def slogdet(a):
    """As `jax.numpy.linalg.slogdet`: `(sign, logabsdet)`, (0, -inf) for an
    exactly singular matrix."""
    sign, logabsdet = _slogdet(_matrices(a, "slogdet"))
    return SlogdetResult(sign, logabsdet)


def inv(a):
    """As `jax.numpy.linalg.inv`: the solve of A·X = I (no error for a
    singular matrix: infinities or NaN, as JAX's)."""
    a = _matrices(a, "inv")
    identity = jnp.broadcast_to(jnp.eye(a.shape[-1], dtype=a.dtype), a.shape)
    return solve(a, identity)
