"""linalgx from Python: LU factorization and pivot permutations on NumPy
arrays, JIT-compiled by linalgx's own MLIR pipelines through its C API.

    import linalgx
    lu, pivots, permutation = linalgx.lu(a)          # as jax.lax.linalg.lu
    perm = linalgx.pivots_to_permutation(pivots, n)
    x = linalgx.lu_solve((lu, pivots), b)            # as scipy.linalg.lu_solve
    x = linalgx.solve(a, b)                          # as numpy.linalg.solve
    d = linalgx.det(a)                               # numpy.linalg.det, slogdet, inv
    sign, logabsdet = linalgx.slogdet(a)
    a_inv = linalgx.inv(a)
    module = linalgx.compile(mlir_text)              # the lower-level API
    outputs = module["main"](*arrays)

See docs/python.md.
"""

from .errors import CompilationError, EntryPointError, LinalgXError, LinalgXWarning
from .jit import CompiledModule, Function, compilation_count, compile
from .ops import SlogdetResult, det, inv, lu, lu_solve, pivots_to_permutation, slogdet, solve

__all__ = [
    "CompilationError", "CompiledModule", "EntryPointError", "Function", "LinalgXError",
    "LinalgXWarning", "SlogdetResult", "compilation_count", "compile", "det", "inv", "lu",
    "lu_solve", "pivots_to_permutation", "slogdet", "solve",
]
