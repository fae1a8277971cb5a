#!/usr/bin/env python3
"""Writes the MLIR module of entry points that the GPU benchmark and the GPU
randomized test call through the C interface: `lu_<strategy>_<type>`,
`lu_perm_<strategy>_<type>`, `perm_<int>` and `noop_kernel` on
dynamically shaped device memrefs, and `lu_static_<type>_<shape>`. One module per LU strategy, since the strategy is a
pipeline option (`--strategy auto|generated|cusolver|cublas-batched`, and
`nocyclic|cyclic` for auto with `lu-cyclic-max-batch` 0 or 2^40).
`lu_perm_*` is the lu with its permutation output (what
linalgx-fuse-lu-permutation forms from lu + pivots_to_permutation).

`--python` writes instead the entry points of liblinalgx_cuda_kernels.so,
which the Python package (linalgx.cuda, linalgx.torch) and the JAX CUDA
handler (runtime/jax) call: `linalgx_lu_<type>` (lu with the permutation,
from `a` into separate outputs), `linalgx_lu_factor_<type>` (1-based pivots
and no permutation: torch.linalg.lu_factor_ex's results),
`linalgx_lu_solve_<type>_<none|transpose|adjoint>` (and
`linalgx_lu_solve_one_based_<type>_<trans>`, from lu_factor's 1-based
pivots), `linalgx_solve_<type>`
(linalgx.solve), `linalgx_det_<type>` and `linalgx_slogdet_<type>` (lu and
lu_det / lu_slogdet), `linalgx_fused_det_<type>` and
`linalgx_fused_slogdet_<type>` (linalgx.det / linalgx.slogdet, one kernel
that writes no factors for matrices up to 4 x 4) and
`linalgx_pivots_to_permutation_<int>`, with the CPU path's argument order
(python/linalgx/ops.py)."""

import argparse
import re
import builtins
import sys

TYPES = {"f32": "f32", "f64": "f64", "c32": "complex<f32>", "c64": "complex<f64>"}
REAL_TYPES = {"f32": "f32", "f64": "f64", "c32": "f32", "c64": "f64"}

# The lu named `name` (lu_<strategy>_<type> here), `one_based` or not.
LU = """
func.func @{name}(%a: memref<?x?x?x{e}>, %lu: memref<?x?x?x{e}>,
                  %piv: memref<?x?xi32>, %info: memref<?xi32>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.lu {one_based}ins(%a : memref<?x?x?x{e}>)
      outs(%lu, %piv, %info : memref<?x?x?x{e}>, memref<?x?xi32>, memref<?xi32>)
  return
}}
"""

# The lu with its permutation output, named `name` (lu_perm_<strategy>_<type>
# here, linalgx_lu_<type> in liblinalgx_cuda_kernels.so).
LU_PERM = """
func.func @{name}(%a: memref<?x?x?x{e}>, %lu: memref<?x?x?x{e}>,
                  %piv: memref<?x?xi32>, %info: memref<?xi32>,
                  %perm: memref<?x?xi32>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.lu ins(%a : memref<?x?x?x{e}>)
      outs(%lu, %piv, %info : memref<?x?x?x{e}>, memref<?x?xi32>, memref<?xi32>)
      permutation(%perm : memref<?x?xi32>)
  return
}}
"""

# lu_solve named `name` for the system `trans`, 1-based pivots or not.
LU_SOLVE = """
func.func @{name}(%lu: memref<?x?x?x{e}>, %piv: memref<?x?xi32>,
                  %b: memref<?x?x?x{e}>, %x: memref<?x?x?x{e}>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.lu_solve {trans}{one_based}ins(%lu, %piv, %b : memref<?x?x?x{e}>, memref<?x?xi32>,
                                           memref<?x?x?x{e}>)
      outs(%x : memref<?x?x?x{e}>)
  return
}}
"""

# numpy.linalg.solve's work, named `name`: linalgx.solve, which factors and
# solves matrices of at most 4 x 4 in one kernel that writes no factors and
# larger ones as lu + lu_solve on scratch.
SOLVE = """
func.func @{name}(%a: memref<?x?x?x{e}>, %b: memref<?x?x?x{e}>,
                  %x: memref<?x?x?x{e}>, %info: memref<?xi32>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.solve ins(%a, %b : memref<?x?x?x{e}>, memref<?x?x?x{e}>)
      outs(%x, %info : memref<?x?x?x{e}>, memref<?xi32>)
  return
}}
"""

# A = LU (1-based pivots, the kernels of lu_factor) and the determinants
# from the factors, named `name`: numpy.linalg.det's work in one call.
DET = """
func.func @{name}(%a: memref<?x?x?x{e}>, %lu: memref<?x?x?x{e}>,
                  %piv: memref<?x?xi32>, %info: memref<?xi32>,
                  %det: memref<?x{e}>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.lu one_based ins(%a : memref<?x?x?x{e}>)
      outs(%lu, %piv, %info : memref<?x?x?x{e}>, memref<?x?xi32>, memref<?xi32>)
  linalgx.lu_det one_based ins(%lu, %piv : memref<?x?x?x{e}>, memref<?x?xi32>)
      outs(%det : memref<?x{e}>)
  return
}}
"""

# The same for numpy.linalg.slogdet: signs of the element type, logarithms of
# its real type `r`.
SLOGDET = """
func.func @{name}(%a: memref<?x?x?x{e}>, %lu: memref<?x?x?x{e}>,
                  %piv: memref<?x?xi32>, %info: memref<?xi32>,
                  %sign: memref<?x{e}>, %logabsdet: memref<?x{r}>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.lu one_based ins(%a : memref<?x?x?x{e}>)
      outs(%lu, %piv, %info : memref<?x?x?x{e}>, memref<?x?xi32>, memref<?xi32>)
  linalgx.lu_slogdet one_based ins(%lu, %piv : memref<?x?x?x{e}>, memref<?x?xi32>)
      outs(%sign, %logabsdet : memref<?x{e}>, memref<?x{r}>)
  return
}}
"""

# numpy.linalg.det's and slogdet's work without the factors as results:
# linalgx.det and linalgx.slogdet, which factor matrices of at most 4 x 4 in
# the kernel that writes the determinants (larger ones take lu and lu_det on
# device scratch allocated per call: callers use DET and SLOGDET for them).
FUSED_DET = """
func.func @{name}(%a: memref<?x?x?x{e}>, %det: memref<?x{e}>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.det ins(%a : memref<?x?x?x{e}>) outs(%det : memref<?x{e}>)
  return
}}
"""

FUSED_SLOGDET = """
func.func @{name}(%a: memref<?x?x?x{e}>, %sign: memref<?x{e}>,
                  %logabsdet: memref<?x{r}>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.slogdet ins(%a : memref<?x?x?x{e}>)
      outs(%sign, %logabsdet : memref<?x{e}>, memref<?x{r}>)
  return
}}
"""

# pivots_to_permutation named `name`, `one_based` or not.
PERM = """
func.func @{name}(%piv: memref<?x?x{i}>, %perm: memref<?x?x{i}>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.pivots_to_permutation {one_based}ins(%piv : memref<?x?x{i}>)
      outs(%perm : memref<?x?x{i}>)
  return
}}
"""

# Statically shaped lu entry points, `lu_static_<type>_<B>x<M>x<N>` (with the
# permutation): static shapes get kernels of their exact size (the block
# register kernel unrolled for M x N, rather than the dynamic shapes' size
# buckets); generated_lu_gpu.py checks them against LAPACK, and
# `bench_linalgx --op lu_perm --strategy static` times them (the benchmark
# table's (75,75) and (64,75,75) cases, the smoke test's shapes).
STATIC_CASES = [("f32", 5, 20, 20), ("f64", 3, 20, 10), ("f32", 7, 33, 33),
                ("f64", 4, 50, 50), ("f64", 1, 75, 75), ("f64", 64, 75, 75), ("f64", 300, 64, 64), ("f64", 2, 96, 96),
                ("f32", 3, 128, 128), ("f32", 5, 100, 40), ("f64", 5, 40, 100),
                ("f32", 9, 75, 75), ("f64", 270, 75, 75), ("f32", 1, 128, 40),
                ("f64", 1, 33, 128), ("f64", 3, 128, 128), ("f32", 2, 1, 40),
                ("f32", 1, 75, 75), ("f32", 64, 75, 75), ("f32", 2, 40, 40),
                ("f64", 3, 40, 75), ("f32", 2, 75, 40)]

STATIC = """
func.func @lu_static_{t}_{b}x{m}x{n}(%a: memref<{b}x{m}x{n}x{e}>,
    %lu: memref<{b}x{m}x{n}x{e}>, %piv: memref<{b}x{k}xi32>,
    %info: memref<{b}xi32>, %perm: memref<{b}x{m}xi32>)
    attributes {{llvm.emit_c_interface}} {{
  linalgx.lu ins(%a : memref<{b}x{m}x{n}x{e}>)
      outs(%lu, %piv, %info : memref<{b}x{m}x{n}x{e}>, memref<{b}x{k}xi32>,
                              memref<{b}xi32>)
      permutation(%perm : memref<{b}x{m}xi32>)
  return
}}
"""

# An empty kernel, launched and waited for like the lowering's launches: the
# floor that the permutation kernel is compared with.
NOOP = """
func.func @noop_kernel() attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %t0 = gpu.wait async
  %t1 = gpu.launch_func async [%t0] @noop_kernels::@noop
      blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
  gpu.wait [%t1]
  return
}
gpu.module @noop_kernels {
  gpu.func @noop() kernel {
    gpu.return
  }
}
"""


def strategy_name(name):
    """A strategy names C symbols: lower-case letters and digits."""
    if not re.fullmatch(r"[a-z0-9]+", name):
        raise argparse.ArgumentTypeError(
            "%r: a strategy name is lower-case letters and digits" % name)
    return name


def static_case(text):
    """T:BxMxN, e.g. f64:1x75x75, as STATIC_CASES holds it."""
    match = re.fullmatch(r"(f32|f64):(\d+)x(\d+)x(\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(
            "%r: a static case is f32|f64:BxMxN, e.g. f64:1x75x75" % text)
    t, b, m, n = match.groups()
    return t, int(b), int(m), int(n)


def type_list(text):
    """Comma-separated element types of TYPES."""
    types = text.split(",")
    unknown = [t for t in types if t not in TYPES]
    if unknown:
        raise argparse.ArgumentTypeError(
            "%s: the types are %s" % (",".join(unknown), ",".join(TYPES)))
    return types


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--strategy", default="auto", type=strategy_name,
                        help="names the entry points (pack-gpu.sh lowers "
                             "each with its own pipeline options: auto, "
                             "nocyclic, cyclic, cusolver, batched and the "
                             "LINALGX_PACK_VARIANTS)")
    parser.add_argument("--common", action="store_true",
                        help="also emit the permutation entries")
    parser.add_argument("--noop", action="store_true",
                        help="emit only the no-op kernel (plain upstream MLIR, "
                             "for mlir-opt's gpu-lower-to-nvvm-pipeline)")
    parser.add_argument("--python", action="store_true",
                        help="emit the entry points of liblinalgx_cuda_kernels.so "
                             "(lower with lu-strategy=auto)")
    parser.add_argument("--static", action="append", metavar="T:BxMxN",
                        type=static_case,
                        help="emit only this statically shaped entry point "
                             "(repeatable; bench/quick_pack.sh)")
    parser.add_argument("--types", type=type_list,
                        help="only the lu entry points of these element "
                             "types, comma-separated (default: all; with "
                             "--static, none)")
    parser.add_argument("-o", "--output", help="write here instead of stdout")
    args = parser.parse_args()
    if args.output:
        with open(args.output, "w") as out:
            emit(args, out)
    else:
        emit(args, sys.stdout)


def emit(args, out):
    def print(*values):  # the module text goes to `out`
        builtins.print(*values, file=out)

    print("module attributes {gpu.container_module} {")
    if args.python:
        for t, e in TYPES.items():
            print(LU_PERM.format(name="linalgx_lu_" + t, e=e))
            print(LU.format(name="linalgx_lu_factor_" + t, e=e,
                            one_based="one_based "))
            for trans in ("none", "transpose", "adjoint"):
                print(LU_SOLVE.format(name="linalgx_lu_solve_%s_%s" % (t, trans), e=e,
                                      trans="trans = %s " % trans, one_based=""))
                print(LU_SOLVE.format(name="linalgx_lu_solve_one_based_%s_%s" % (t, trans),
                                      e=e, trans="trans = %s " % trans,
                                      one_based="one_based "))
            print(SOLVE.format(name="linalgx_solve_" + t, e=e))
            print(DET.format(name="linalgx_det_" + t, e=e))
            print(SLOGDET.format(name="linalgx_slogdet_" + t, e=e, r=REAL_TYPES[t]))
            print(FUSED_DET.format(name="linalgx_fused_det_" + t, e=e))
            print(FUSED_SLOGDET.format(name="linalgx_fused_slogdet_" + t, e=e,
                                       r=REAL_TYPES[t]))
        for i in ("i32", "i64"):
            print(PERM.format(name="linalgx_pivots_to_permutation_" + i, i=i,
                              one_based=""))
        print("}")
        return
    def emit_static(cases):
        for t, b, m, n in cases:
            print(STATIC.format(t=t, e=TYPES[t], b=b, m=m, n=n, k=min(m, n)))

    def emit_entry_points(types):
        for t in types:
            print(LU.format(name="lu_%s_%s" % (args.strategy, t), e=TYPES[t],
                            one_based=""))
            print(LU_PERM.format(name="lu_perm_%s_%s" % (args.strategy, t),
                                 e=TYPES[t]))

    if args.static:
        emit_static(args.static)
        emit_entry_points(args.types or [])
        print("}")
        return
    if args.noop:
        print(NOOP)
        print("}")
        return
    emit_entry_points(args.types or TYPES)
    if args.common:
        for i in ("i32", "i64"):
            print(PERM.format(name="perm_" + i, i=i, one_based=""))
            print(PERM.format(name="perm_one_based_" + i, i=i,
                              one_based="one_based "))
        emit_static(STATIC_CASES)
    print("}")


if __name__ == "__main__":
    main()
