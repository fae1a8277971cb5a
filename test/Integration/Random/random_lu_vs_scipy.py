#!/usr/bin/env python3
"""Randomized reference check of linalgx.lu and linalgx.pivots_to_permutation.

Draws many random problems (shapes M x N with M, N in 1..300, square for
most, batch ranks 0, 1 and 2, the four element types, i32 and i64 pivots;
kinds: random Gaussian, a zero column, a zero row, duplicated rows, rank
deficient products X*Y (rank 0..K-1, 0 being the zero matrix), small integers
full of exact ties, and 1x1), embeds them bit-exactly as hex dense constants
in MLIR modules, runs the modules with linalgx-runner on the CPU and compares
what the exact printers print with SciPy's LAPACK `?getrf`. Several problems
share a module to amortize the JIT; most of them call one function on
dynamic shapes per element/pivot type and batch rank, the others are
compiled with static shapes. A small process pool runs the modules.

Checks, per matrix of a batch (docs/design.md, "The contract"):

  (a) pivots equal LAPACK's. Where two pivot candidates are nearly equal the
      choice depends on rounding, which differs between our loops and LAPACK's
      blocked/recursive code. So the candidate magnitudes of every step are
      recomputed along *our* factorization (step k: |U(k,k)| against
      |L(i,k)*U(k,k)|, i > k; |re|+|im| for complex) and the pivots are
      compared only up to the first step whose largest and second largest
      candidates are within a relative 1e-6 (f64, complex<f64>) or 1e-3 (f32,
      complex<f32>). Step 0 sees the exact input, so it is always compared.
      Such truncated comparisons are counted as "skipped for near-ties".
      For inputs that are exactly singular in a way rounding can blur
      (duplicated rows, rank-deficient products, small integers) the
      comparison also stops at the first step whose largest candidate is
      rounding noise (<= 10*n*eps*||A||_F), and for a product of rank r after
      r steps; these are counted separately.
  (b) ||A[perm] - L*U||_F / ||A||_F <= 10 * max(M, N) * eps(element type),
      with `perm` the result of linalgx.pivots_to_permutation, which must also
      equal the permutation numpy computes from our pivots; pivots[i] must lie
      in [i, M).
  (c) info equals LAPACK's info, and is consistent with our own U (the first
      exactly zero diagonal entry, 1-based, or 0). Zero columns, zero rows and
      zero matrices are exactly singular under any rounding and are checked
      strictly. For duplicated rows and rank-deficient products whether a
      pivot comes out *exactly* zero depends on rounding (LAPACK multiplies
      by the reciprocal of the pivot, we divide), so a different info is
      accepted there only when the other factorization's pivot at that step
      is at rounding-noise level (<= 10*n*eps*||A||_F); these are counted.
  (d) linalgx.pivots_to_permutation (with and without `one_based`) on random
      pivot vectors including out-of-range, negative and extreme entries
      equals a numpy reference of docs/design.md's contract.

Prints one line per failing case, then a summary

  random-vs-scipy: N cases, N passed, N failed (N pivot checks skipped for near-ties)

and exits non-zero on any failure. A case is one linalgx op in the module
(one batch of matrices, or one batch of pivot vectors). Reproduce a failure
with the same --seed/--cases/--max-n (or --quick) plus --only ID
--keep DIR, which keeps the generated MLIR.
"""

import os

# One BLAS thread per process: the pool already uses the cores, and a
# single-threaded LAPACK is deterministic.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import concurrent.futures
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np
import scipy.linalg
import scipy.linalg.lapack as lapack

# name: numpy dtype, MLIR element type, printer suffix, LAPACK routine,
# relative near-tie tolerance.
ELEMENT_TYPES = {
    "f32": (np.float32, "f32", "F32", "sgetrf", 1e-3),
    "f64": (np.float64, "f64", "F64", "dgetrf", 1e-6),
    "c64": (np.complex64, "complex<f32>", "C32", "cgetrf", 1e-3),
    "c128": (np.complex128, "complex<f64>", "C64", "zgetrf", 1e-6),
}
INDEX_TYPES = {"i32": (np.int32, "I32"), "i64": (np.int64, "I64")}

# Kinds of matrices, and those whose zero pivots (info) are exactly zero
# under any rounding, so that info is compared with LAPACK's strictly.
LU_KINDS = ("random", "zerocol", "zerorow", "duprows", "rankdef", "ties", "1x1")
EXACT_INFO_KINDS = ("random", "zerocol", "zerorow", "1x1")

DEFAULT_SEED = 20240531
DEFAULT_CASES = 1000
QUICK_CASES = 150
DEFAULT_MAX_N = 300
QUICK_MAX_N = 160

# Most problems call a function on dynamic shapes shared by the problems of
# the same types in a module (compiled once); the others are compiled with
# their static shapes (about 12 ms of JIT each).
DYNAMIC_RATE = 0.75

# Elements of one problem (all its batch) and of one module.
MAX_PROBLEM_ELEMENTS = 90000
MAX_PROBLEM_NS = 6.0e8  # see Problem.cost
MODULE_COST_BUDGET = 6.0e8  # ns: modules of about 0.6 s


# --------------------------------------------------------------------------
# Problem generation
# --------------------------------------------------------------------------


class Problem:
    """One linalgx op of the generated modules, with its inputs."""

    def __init__(self, case_id, op, **fields):
        self.case_id = case_id
        self.op = op  # "lu" or "perm"
        self.__dict__.update(fields)

    def describe(self):
        batch = "x".join(str(d) for d in self.batch) if self.batch else "-"
        shapes = "dynamic" if self.dynamic else "static"
        if self.op == "lu":
            return "case %d [lu %s %s batch=%s %dx%d kind=%s %s]" % (
                self.case_id, self.etype, self.itype, batch, self.m, self.n,
                self.kind, shapes)
        return "case %d [pivots_to_permutation %s%s batch=%s K=%d N=%d %s]" % (
            self.case_id, self.itype, " one_based" if self.one_based else "",
            batch, self.k, self.n, shapes)

    def cost(self):
        """A rough cost in ns (JIT + run time) to balance the modules."""
        count = int(np.prod(self.batch)) if self.batch else 1
        compile_ns = 1.0e6 if self.dynamic else 1.2e7
        if self.op == "perm":
            return compile_ns + 20.0 * count * self.n
        # Complex arithmetic (with C99 inf/NaN handling) is ~15x slower.
        factor = 18.0 if self.etype in ("c64", "c128") else 1.2
        k = min(self.m, self.n)
        return compile_ns + count * (factor * self.m * self.n * k + 50.0 * self.m * self.n)


def draw_dim(rng, max_n):
    """A matrix size in 1..max_n: small, medium and large ones in turn."""
    bucket = rng.random()
    if bucket < 0.35:
        hi = 8
    elif bucket < 0.70:
        hi = 64
    else:
        hi = max_n
    hi = max(1, min(hi, max_n))
    return int(rng.integers(1, hi, endpoint=True))


def draw_batch(rng, per_matrix, max_count=None):
    rank = int(rng.integers(0, 3))
    dims = [int(rng.integers(1, 4, endpoint=True)) for _ in range(rank)]
    limit = MAX_PROBLEM_ELEMENTS // max(per_matrix, 1)
    if max_count is not None:
        limit = min(limit, max_count)
    # Shrink the batch (keeping its rank) until the problem stays small.
    while dims and int(np.prod(dims)) > limit:
        i = int(np.argmax(dims))
        if dims[i] == 1:
            break
        dims[i] -= 1
    return tuple(dims)


def random_entries(rng, dtype, shape):
    if np.issubdtype(dtype, np.complexfloating):
        values = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    else:
        values = rng.standard_normal(shape)
    return values.astype(dtype)


def make_matrix(rng, kind, dtype, m, n):
    """One M x N matrix of `kind`; returns (matrix, rank or None)."""
    a = random_entries(rng, dtype, (m, n))
    rank = None
    if kind == "zerocol":
        a[:, int(rng.integers(0, n))] = 0
    elif kind == "zerorow":
        a[int(rng.integers(0, m)), :] = 0
    elif kind == "duprows" and m >= 2:
        src, dst = rng.choice(m, size=2, replace=False)
        a[dst, :] = a[src, :]
    elif kind == "rankdef":
        k = min(m, n)
        rank = int(rng.integers(0, k))  # 0 .. K-1; 0 is the zero matrix
        wide = np.complex128 if np.issubdtype(dtype, np.complexfloating) else np.float64
        x = random_entries(rng, wide, (m, rank))
        y = random_entries(rng, wide, (rank, n))
        a = (x @ y).astype(dtype)
    elif kind == "ties":
        # Small integers: many exact ties, which LAPACK and we must break
        # the same way (first index) at step 0.
        a = rng.integers(-2, 3, size=(m, n)).astype(dtype)
        if np.issubdtype(dtype, np.complexfloating):
            a = a + 1j * rng.integers(-1, 2, size=(m, n)).astype(dtype)
    elif kind == "1x1":
        if rng.random() < 0.2:
            a[...] = 0
    return a, rank


def generate_problems(seed, cases, max_n):
    rng = np.random.default_rng(seed)
    problems = []
    for case_id in range(cases):
        itype = "i32" if rng.random() < 0.6 else "i64"
        if rng.random() < 0.2:
            problems.append(make_permutation_problem(rng, case_id, itype, max_n))
            continue
        etype = ("f32", "f64", "c64", "c128")[int(rng.integers(0, 4))]
        dtype = ELEMENT_TYPES[etype][0]
        roll = rng.random()
        kind = ("random" if roll < 0.52 else "zerocol" if roll < 0.62 else
                "zerorow" if roll < 0.67 else "duprows" if roll < 0.76 else
                "rankdef" if roll < 0.87 else "ties" if roll < 0.93 else "1x1")
        if kind == "1x1":
            m = n = 1
        elif rng.random() < 0.7:
            m = n = draw_dim(rng, max_n)
        else:
            m, n = draw_dim(rng, max_n), draw_dim(rng, max_n)
        flops_ns = (18.0 if etype in ("c64", "c128") else 1.2) * m * n * min(m, n)
        batch = draw_batch(rng, m * n, int(MAX_PROBLEM_NS // max(flops_ns, 1.0)))
        count = int(np.prod(batch)) if batch else 1
        mats, ranks = [], []
        for _ in range(count):
            a, rank = make_matrix(rng, kind, dtype, m, n)
            mats.append(a)
            ranks.append(rank)
        data = np.stack(mats).reshape(batch + (m, n))
        problems.append(Problem(case_id, "lu", etype=etype, itype=itype,
                                kind=kind, batch=batch, m=m, n=n, data=data,
                                ranks=ranks, dynamic=bool(rng.random() < DYNAMIC_RATE)))
    return problems


def make_permutation_problem(rng, case_id, itype, max_n):
    np_itype = INDEX_TYPES[itype][0]
    info = np.iinfo(np_itype)
    n = draw_dim(rng, max_n)
    k = int(rng.integers(0, n, endpoint=True)) if rng.random() < 0.2 else min(
        n, draw_dim(rng, n))
    one_based = bool(rng.random() < 0.5)
    batch = draw_batch(rng, max(n, 1) * 4)
    count = int(np.prod(batch)) if batch else 1
    shift = 1 if one_based else 0
    vectors = np.zeros((count, k), dtype=np.int64)
    # Mostly LU-like pivots (i <= p < N), some anywhere in range, some out of
    # range on either side, some at the extremes of the integer type.
    style = rng.random()
    bad_rate = 0.0 if style < 0.3 else 0.1 if style < 0.7 else 0.5
    for b in range(count):
        for i in range(k):
            roll = rng.random()
            if roll >= bad_rate:
                if rng.random() < 0.7:
                    value = int(rng.integers(i, n)) + shift
                else:
                    value = int(rng.integers(0, n)) + shift
            else:
                which = int(rng.integers(0, 6))
                value = [
                    -1 + shift,                                # just below
                    n + shift,                                 # just above
                    -int(rng.integers(1, 1000)),               # negative
                    n + shift + int(rng.integers(0, 1000)),    # above
                    int(info.min),
                    int(info.max),
                ][which]
                value = min(max(value, int(info.min)), int(info.max))
            vectors[b, i] = value
    data = vectors.astype(np_itype).reshape(batch + (k,))
    return Problem(case_id, "perm", itype=itype, batch=batch, k=k, n=n,
                   one_based=one_based, data=data,
                   dynamic=bool(rng.random() < DYNAMIC_RATE))


# --------------------------------------------------------------------------
# MLIR emission and output parsing
# --------------------------------------------------------------------------


def tensor_type(shape, element):
    return "tensor<%s>" % "x".join([str(d) for d in shape] + [element])


def dense_constant(array, little_endian_dtype):
    if array.size == 0:
        return "dense<>"
    raw = np.ascontiguousarray(array).astype(little_endian_dtype).tobytes()
    return 'dense<"0x%s">' % raw.hex().upper()


class Emitter:
    def __init__(self):
        self.lines = []
        self.counter = 0

    def fresh(self, stem):
        self.counter += 1
        return "%%%s%d" % (stem, self.counter)

    def emit(self, text):
        self.lines.append("  " + text)

    def print_tensor(self, value, shape, element, printer):
        ttype = tensor_type(shape, element)
        mtype = ttype.replace("tensor<", "memref<", 1)
        utype = "memref<*x%s>" % element
        buf, unranked = self.fresh("buf"), self.fresh("u")
        self.emit("%s = bufferization.to_buffer %s : %s to %s" % (buf, value, ttype, mtype))
        self.emit("%s = memref.cast %s : %s to %s" % (unranked, buf, mtype, utype))
        self.emit("call @printMemrefExact%s(%s) : (%s) -> ()" % (printer, unranked, utype))

    def function(self, signature):
        body = "\n".join(self.lines)
        return "func.func %s {\n%s\n  return\n}\n" % (signature, body)


def emit_lu(e, batch, m, n, etype, itype, a):
    """The lu and pivots_to_permutation ops on `a` and the prints of their
    results; `batch`, `m` and `n` are sizes or SSA values of dynamic ones."""
    _, element, printer, _, _ = ELEMENT_TYPES[etype]
    iprinter = INDEX_TYPES[itype][1]
    dynamic = [d for d in list(batch) + [m, n] if isinstance(d, str)]
    size = lambda d: "?" if isinstance(d, str) else d  # noqa: E731
    if isinstance(m, str):
        k = e.fresh("k")
        e.emit("%s = arith.minui %s, %s : index" % (k, m, n))
    else:
        k = min(m, n)
    batch_sizes = tuple(size(d) for d in batch)
    ashape = batch_sizes + (size(m), size(n))
    pshape, ishape, qshape = batch_sizes + (size(k),), batch_sizes, batch_sizes + (size(m),)
    at = tensor_type(ashape, element)
    pt, it, qt = (tensor_type(s, itype) for s in (pshape, ishape, qshape))

    def empty(name, dims, ttype):
        operands = ", ".join(d for d in dims if isinstance(d, str))
        e.emit("%s = tensor.empty(%s) : %s" % (name, operands, ttype))

    empty("%lu0", dynamic, at)
    empty("%p0", list(batch) + [k], pt)
    empty("%i0", list(batch), it)
    e.emit("%%lu, %%piv, %%info = linalgx.lu ins(%s : %s) outs(%%lu0, %%p0, %%i0 : "
           "%s, %s, %s) -> %s, %s, %s" % (a, at, at, pt, it, at, pt, it))
    empty("%q0", list(batch) + [m], qt)
    e.emit("%%perm = linalgx.pivots_to_permutation ins(%%piv : %s) outs(%%q0 : %s) -> %s"
           % (pt, qt, qt))
    e.print_tensor("%lu", ashape, element, printer)
    e.print_tensor("%piv", pshape, itype, iprinter)
    e.print_tensor("%info", ishape, itype, iprinter)
    e.print_tensor("%perm", qshape, itype, iprinter)


def emit_permutation(e, batch, n, itype, one_based, pivots, pshape):
    iprinter = INDEX_TYPES[itype][1]
    size = lambda d: "?" if isinstance(d, str) else d  # noqa: E731
    qshape = tuple(size(d) for d in batch) + (size(n),)
    pt, qt = tensor_type(pshape, itype), tensor_type(qshape, itype)
    operands = ", ".join(d for d in list(batch) + [n] if isinstance(d, str))
    e.emit("%%q0 = tensor.empty(%s) : %s" % (operands, qt))
    e.emit("%%perm = linalgx.pivots_to_permutation%s ins(%s : %s) outs(%%q0 : %s) -> %s"
           % (" one_based" if one_based else "", pivots, pt, qt, qt))
    e.print_tensor("%perm", qshape, itype, iprinter)


def shared_name(p):
    """The dynamically shaped function a problem calls (p.dynamic)."""
    if p.op == "lu":
        return "lu_%s_%s_rank%d" % (p.etype, p.itype, len(p.batch))
    return "perm_%s_rank%d%s" % (p.itype, len(p.batch), "_one_based" if p.one_based else "")


def emit_shared(p):
    """One function, on dynamic shapes, shared by all problems of p's
    element types and batch rank: the JIT compiles it once per module."""
    e = Emitter()
    rank = len(p.batch)
    if p.op == "lu":
        element = ELEMENT_TYPES[p.etype][1]
        at = tensor_type(("?",) * (rank + 2), element)
        dims = []
        for d in range(rank + 2):
            c, v = e.fresh("c"), e.fresh("d")
            e.emit("%s = arith.constant %d : index" % (c, d))
            e.emit("%s = tensor.dim %%a, %s : %s" % (v, c, at))
            dims.append(v)
        emit_lu(e, dims[:rank], dims[rank], dims[rank + 1], p.etype, p.itype, "%a")
        return e.function("@%s(%%a: %s)" % (shared_name(p), at))
    pt = tensor_type(("?",) * (rank + 1), p.itype)
    dims = []
    for d in range(rank):
        c, v = e.fresh("c"), e.fresh("d")
        e.emit("%s = arith.constant %d : index" % (c, d))
        e.emit("%s = tensor.dim %%p, %s : %s" % (v, c, pt))
        dims.append(v)
    emit_permutation(e, dims, "%n", p.itype, p.one_based, "%p", ("?",) * (rank + 1))
    return e.function("@%s(%%p: %s, %%n: index)" % (shared_name(p), pt))


def emit_problem(p):
    e = Emitter()
    if p.op == "lu":
        element = ELEMENT_TYPES[p.etype][1]
        le = np.dtype(ELEMENT_TYPES[p.etype][0]).newbyteorder("<")
        at = tensor_type(p.batch + (p.m, p.n), element)
        e.emit("%%a = arith.constant %s : %s" % (dense_constant(p.data, le), at))
        if p.dynamic:
            dt = tensor_type(("?",) * (len(p.batch) + 2), element)
            e.emit("%%ad = tensor.cast %%a : %s to %s" % (at, dt))
            e.emit("call @%s(%%ad) : (%s) -> ()" % (shared_name(p), dt))
        else:
            emit_lu(e, p.batch, p.m, p.n, p.etype, p.itype, "%a")
    else:
        le = np.dtype(INDEX_TYPES[p.itype][0]).newbyteorder("<")
        pshape = p.batch + (p.k,)
        pt = tensor_type(pshape, p.itype)
        e.emit("%%piv = arith.constant %s : %s" % (dense_constant(p.data, le), pt))
        if p.dynamic:
            dt = tensor_type(("?",) * (len(p.batch) + 1), p.itype)
            e.emit("%%pd = tensor.cast %%piv : %s to %s" % (pt, dt))
            e.emit("%%n = arith.constant %d : index" % p.n)
            e.emit("call @%s(%%pd, %%n) : (%s, index) -> ()" % (shared_name(p), dt))
        else:
            emit_permutation(e, p.batch, p.n, p.itype, p.one_based, "%piv", pshape)
    return e.function("@case_%d()" % p.case_id)


def emit_module(problems):
    parts = ["// Generated by random_lu_vs_scipy.py\n"]
    for printer, element in (("F32", "f32"), ("F64", "f64"), ("C32", "complex<f32>"),
                             ("C64", "complex<f64>"), ("I32", "i32"), ("I64", "i64")):
        parts.append("func.func private @printMemrefExact%s(memref<*x%s>) "
                     "attributes {llvm.emit_c_interface}\n" % (printer, element))
    shared = {}
    for p in problems:
        if p.dynamic and shared_name(p) not in shared:
            shared[shared_name(p)] = emit_shared(p)
    parts += [shared[name] for name in sorted(shared)]
    for p in problems:
        parts.append(emit_problem(p))
    parts.append("func.func @main() {\n")
    for p in problems:
        parts.append("  call @case_%d() : () -> ()\n" % p.case_id)
    parts.append("  return\n}\n")
    return "".join(parts)


def expected_records(p):
    """(type name, shape) of every record a problem prints, in order."""
    if p.op == "lu":
        element = ELEMENT_TYPES[p.etype][1]
        k = min(p.m, p.n)
        return [(element, p.batch + (p.m, p.n)), (p.itype, p.batch + (k,)),
                (p.itype, p.batch), (p.itype, p.batch + (p.m,))]
    return [(p.itype, p.batch + (p.n,))]


class ParseError(Exception):
    pass


def parse_records(stdout):
    """The records of the exact printers: [(type, shape, tokens)]."""
    lines = stdout.split("\n")
    records, i = [], 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        head = line.split()
        if head[0] != "linalgx.memref" or len(head) < 3:
            raise ParseError("unexpected output line: %r" % line[:200])
        # `complex<f32>` is one token.
        type_name, rank = head[1], int(head[2])
        shape = tuple(int(d) for d in head[3:3 + rank])
        if i + 1 >= len(lines):
            raise ParseError("record %r has no element line" % line)
        records.append((type_name, shape, lines[i + 1].split()))
        i += 2
    return records


def decode(type_name, shape, tokens):
    count = int(np.prod(shape)) if shape else 1
    if type_name in ("i32", "i64"):
        values = np.array([int(t) for t in tokens], dtype=np.int64)
    else:
        values = np.array([float.fromhex(t) for t in tokens], dtype=np.float64)
        if type_name.startswith("complex"):
            if values.size % 2:
                raise ParseError("odd number of complex parts")
            values = values[0::2] + 1j * values[1::2]
    if values.size != count:
        raise ParseError("%s%s: expected %d elements, got %d"
                         % (type_name, list(shape), count, values.size))
    return values.reshape(shape)


# --------------------------------------------------------------------------
# Reference checks
# --------------------------------------------------------------------------

_PIVOT_OFFSET = None


def lapack_pivot_offset():
    """0 if scipy.linalg.lapack.?getrf returns 0-based pivots, 1 if 1-based.

    scipy.linalg.lu_factor documents 0-based pivots; its result anchors the
    convention of the raw wrapper on this installation."""
    global _PIVOT_OFFSET
    if _PIVOT_OFFSET is None:
        a = np.array([[1.0, 2.0], [3.0, 4.0]])
        _, piv = scipy.linalg.lu_factor(a, check_finite=False)
        _, raw, info = lapack.dgetrf(a)
        assert int(piv[0]) == 1 and info == 0, (piv, info)
        _PIVOT_OFFSET = int(raw[0]) - int(piv[0])
        assert _PIVOT_OFFSET in (0, 1), raw
    return _PIVOT_OFFSET


def permutation_reference(pivots, n, one_based):
    perm = np.arange(n, dtype=np.int64)
    for i in range(min(len(pivots), n)):
        j = int(pivots[i]) - (1 if one_based else 0)
        if 0 <= j < n:
            perm[i], perm[j] = perm[j], perm[i]
    return perm


def magnitude(x):
    """LAPACK's i?amax measure: |re| + |im| for complex numbers."""
    if np.iscomplexobj(x):
        return np.abs(x.real) + np.abs(x.imag)
    return np.abs(x)


def first_undecided_step(lu, limit, tol, noise_floor):
    """The first step k in [1, limit) whose pivot choice depends on rounding,
    with the reason: "near-tie" when its two largest pivot candidates,
    recomputed along our factorization, are within a relative `tol`;
    "noise" when its largest candidate is at most `noise_floor` (rounding
    noise of an exactly singular matrix; None: zeros are exact). Returns
    (None, None) when every step is decided by the data. Step 0 sees the
    exact input and is always decided."""
    m, n = lu.shape
    k = min(m, n)
    if limit <= 1 or m <= 1:
        return None, None
    diag = np.diagonal(lu)[:k]
    lower = np.tril(lu[:, :k], -1)
    candidates = magnitude(lower * diag[np.newaxis, :])  # step k in column k
    second = candidates.max(axis=0)
    largest = magnitude(diag)
    ties = (largest > 0) & (np.abs(largest - second) <= tol * largest)
    noise = (largest <= noise_floor) if noise_floor is not None else np.zeros(k, bool)
    undecided = ties | noise
    undecided[0] = False
    undecided[limit:] = False
    hits = np.nonzero(undecided)[0]
    if not hits.size:
        return None, None
    step = int(hits[0])
    return step, ("noise" if noise[step] else "near-tie")


class Stats:
    def __init__(self):
        self.matrices = 0
        self.pivot_skipped = 0
        self.pivot_noise_limited = 0
        self.info_relaxed = 0
        self.worst_backward = 0.0  # in units of the bound
        self.perm_vectors = 0

    def merge(self, other):
        self.matrices += other.matrices
        self.pivot_skipped += other.pivot_skipped
        self.pivot_noise_limited += other.pivot_noise_limited
        self.info_relaxed += other.info_relaxed
        self.worst_backward = max(self.worst_backward, other.worst_backward)
        self.perm_vectors += other.perm_vectors


def fmt_list(values, limit=400):
    values = [int(v) for v in values]
    if len(values) <= limit:
        return str(values)
    return str(values[:limit])[:-1] + ", ... (%d)]" % len(values)


def check_lu_matrix(p, index, a, lu, piv, info, perm, stats):
    """Errors (strings) of one matrix of a batch."""
    dtype, _, _, routine, tol = ELEMENT_TYPES[p.etype]
    m, n = a.shape
    k = min(m, n)
    errors = []
    where = "batch index %s: " % (index,) if p.batch else ""

    # Reference: LAPACK ?getrf (scipy.linalg.lu_factor calls it for square
    # matrices but drops info; its pivots must agree).
    lu_ref, piv_ref, info_ref = getattr(lapack, routine)(a)
    piv_ref = np.asarray(piv_ref, dtype=np.int64) - lapack_pivot_offset()
    info_ref = int(info_ref)
    if info_ref < 0:
        errors.append(where + "LAPACK %s returned info %d" % (routine, info_ref))
        return errors
    if m == n:
        _, piv_factor = scipy.linalg.lu_factor(a, check_finite=False)
        if not np.array_equal(piv_factor, piv_ref):
            errors.append(where + "reference inconsistency: scipy.linalg.lu_factor pivots %s,"
                          " %s pivots %s" % (fmt_list(piv_factor), routine, fmt_list(piv_ref)))

    # Pivots are in range and give the printed permutation.
    bad = [i for i in range(k) if not i <= piv[i] < m]
    if bad:
        errors.append(where + "pivots out of [i, M) at steps %s: %s" % (bad[:10], fmt_list(piv)))
        return errors
    perm_np = permutation_reference(piv, m, False)
    if not np.array_equal(perm, perm_np):
        errors.append(where + "pivots_to_permutation of our pivots %s is %s, numpy says %s"
                      % (fmt_list(piv), fmt_list(perm), fmt_list(perm_np)))
    if not np.array_equal(np.sort(perm), np.arange(m)):
        errors.append(where + "pivots_to_permutation result %s is not a permutation"
                      % fmt_list(perm))
        perm = perm_np

    # (b) backward error.
    wide = np.complex128 if np.iscomplexobj(lu) else np.float64
    a_w = a.astype(wide)
    lower = np.tril(lu[:, :k], -1) + np.eye(m, k, dtype=wide)
    upper = np.triu(lu[:k, :])
    residual = np.linalg.norm(a_w[perm] - lower @ upper)
    norm_a = np.linalg.norm(a_w)
    eps = float(np.finfo(dtype).eps)
    bound = 10.0 * max(m, n) * eps
    # Rounding noise of an exactly singular matrix: pivots this small are not
    # decided by the data.
    noise = bound * norm_a
    if norm_a == 0:
        if residual != 0 or np.count_nonzero(lu):
            errors.append(where + "zero input but L*U != 0 (||residual|| = %g)" % residual)
    else:
        ratio = residual / norm_a
        if not ratio <= bound:
            errors.append(where + "backward error ||A[perm]-LU||/||A|| = %.3e > %.3e"
                          " (10*n*eps)" % (ratio, bound))
        elif bound > 0:
            stats.worst_backward = max(stats.worst_backward, ratio / bound)

    # (c) info: consistent with our U, and equal to LAPACK's.
    diag = np.diagonal(lu)[:k]
    zeros = np.nonzero(diag == 0)[0]
    info_own = int(zeros[0]) + 1 if zeros.size else 0
    if info != info_own:
        errors.append(where + "info = %d but the first exactly zero U(i,i) says %d"
                      % (info, info_own))
    if info != info_ref:
        step = min(x for x in (info, info_ref) if x > 0) - 1
        theirs = abs(lu_ref[step, step]) if info == step + 1 else abs(lu[step, step])
        if p.kind not in EXACT_INFO_KINDS and theirs <= noise:
            stats.info_relaxed += 1
        else:
            errors.append(where + "info = %d, LAPACK %s says %d (|U(%d,%d)| of the other "
                          "factorization = %.3e)" % (info, routine, info_ref, step, step, theirs))

    # (a) pivots, up to the first step decided by rounding.
    limit = k
    rank = p.ranks[index_flat(p, index)]
    if p.kind == "rankdef" and rank is not None and rank > 0:
        limit = rank
    exact_zeros = p.kind in EXACT_INFO_KINDS or (p.kind == "rankdef" and rank == 0)
    step, reason = first_undecided_step(lu, limit, tol, None if exact_zeros else noise)
    if reason == "near-tie":
        stats.pivot_skipped += 1
        limit = step
    elif reason == "noise" or limit < k:
        stats.pivot_noise_limited += 1
        limit = step if step is not None else limit
    if not np.array_equal(piv[:limit], piv_ref[:limit]):
        step = int(np.nonzero(piv[:limit] != piv_ref[:limit])[0][0])
        errors.append(where + "pivots differ from LAPACK %s first at step %d (compared %d of %d"
                      " steps): ours %s, LAPACK %s" % (routine, step, limit, k,
                                                     fmt_list(piv), fmt_list(piv_ref)))
    return errors


def index_flat(p, index):
    return int(np.ravel_multi_index(index, p.batch)) if p.batch else 0


def check_problem(p, values):
    """(errors, stats) of one problem given its decoded records."""
    stats = Stats()
    errors = []
    if p.op == "perm":
        perm = values[0]
        pivots = p.data
        for index in np.ndindex(*p.batch):
            stats.perm_vectors += 1
            ref = permutation_reference(pivots[index], p.n, p.one_based)
            if not np.array_equal(perm[index], ref):
                where = "batch index %s: " % (index,) if p.batch else ""
                errors.append(where + "pivots %s%s -> %s, numpy reference %s"
                              % (fmt_list(pivots[index]), " (one_based)" if p.one_based else "",
                                 fmt_list(perm[index]), fmt_list(ref)))
        return errors, stats

    lu, piv, info, perm = values
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for index in np.ndindex(*p.batch):
            stats.matrices += 1
            errors += check_lu_matrix(p, index, p.data[index], lu[index], piv[index],
                                      int(info[index]), perm[index], stats)
    return errors, stats


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------


def run_runner(runner, problems, keep_dir, tag, timeout, lu_strategy=None):
    """Runs one module; returns (stdout, error message or None)."""
    source = emit_module(problems)
    directory = keep_dir or tempfile.mkdtemp(prefix="linalgx-random-")
    path = os.path.join(directory, "module_%s.mlir" % tag)
    with open(path, "w") as f:
        f.write(source)
    try:
        strategy = ["--lu-strategy=%s" % lu_strategy] if lu_strategy else []
        proc = subprocess.run([runner] + strategy + [path], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "", "runner timed out after %d s on %s" % (timeout, path)
    finally:
        if not keep_dir:
            os.unlink(path)
            os.rmdir(directory)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-6:]
        return proc.stdout, "runner exited with %d: %s" % (proc.returncode, " | ".join(tail))
    return proc.stdout, None


def run_and_check(problems, runner, keep_dir, tag, timeout, lu_strategy=None):
    """Results [(case_id, description, errors, stats)] of one module."""
    stdout, failure = run_runner(runner, problems, keep_dir, tag, timeout, lu_strategy)
    results = []
    if failure is None:
        try:
            records = parse_records(stdout)
            expected = [r for p in problems for r in expected_records(p)]
            if len(records) != len(expected):
                raise ParseError("expected %d printed memrefs, got %d"
                                 % (len(expected), len(records)))
            position = 0
            for p in problems:
                values = []
                for type_name, shape in expected_records(p):
                    got_type, got_shape, tokens = records[position]
                    position += 1
                    if (got_type, got_shape) != (type_name, shape):
                        raise ParseError("expected a %s%s record, got %s%s"
                                         % (type_name, list(shape), got_type, list(got_shape)))
                    values.append(decode(type_name, shape, tokens))
                errors, stats = check_problem(p, values)
                results.append((p.case_id, p.describe(), errors, stats))
            return results
        except ParseError as error:
            failure = "cannot read the runner's output: %s" % error
    if len(problems) == 1:
        p = problems[0]
        return [(p.case_id, p.describe(), [failure], Stats())]
    # Run every problem alone to find the one(s) at fault.
    for p in problems:
        results += run_and_check([p], runner, keep_dir, "%s_case%d" % (tag, p.case_id), timeout,
                                 lu_strategy)
    return results


def pack_modules(problems):
    """Greedy packing into modules of similar cost, largest first."""
    modules, current, cost = [], [], 0.0
    for p in sorted(problems, key=lambda p: -p.cost()):
        if current and cost + p.cost() > MODULE_COST_BUDGET:
            modules.append(current)
            current, cost = [], 0.0
        current.append(p)
        cost += p.cost()
    if current:
        modules.append(current)
    for module in modules:
        module.sort(key=lambda p: p.case_id)
    return modules


def find_runner(requested):
    candidates = []
    if requested:
        candidates.append(requested)
    else:
        candidates.append("linalgx-runner")
        here = os.path.dirname(os.path.abspath(__file__))
        candidates.append(os.path.join(here, "..", "..", "..", "build", "bin", "linalgx-runner"))
    for candidate in candidates:
        found = shutil.which(candidate)
        if found:
            return os.path.abspath(found)
    sys.exit("random_lu_vs_scipy.py: error: cannot find linalgx-runner (tried %s); pass --runner"
             % ", ".join(candidates))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runner", help="linalgx-runner executable (default: from PATH, "
                        "then the build tree)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--cases", type=int, help="number of cases (default %d, --quick %d)"
                        % (DEFAULT_CASES, QUICK_CASES))
    parser.add_argument("--max-n", type=int, help="largest M or N (default %d, --quick %d)"
                        % (DEFAULT_MAX_N, QUICK_MAX_N))
    parser.add_argument("--quick", action="store_true", help="a smaller, faster run")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="parallel runner processes")
    parser.add_argument("--only", help="comma-separated case ids to run (same generation)")
    parser.add_argument("--keep", metavar="DIR", help="keep the generated MLIR modules in DIR")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per runner call")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    parser.add_argument("--lu-strategy", help="passed to linalgx-runner: the CPU lowering "
                        "of linalgx.lu (auto, loops, lapack, unblocked; default: the "
                        "runner's, auto)")
    args = parser.parse_args(argv)

    cases = args.cases if args.cases is not None else (QUICK_CASES if args.quick else DEFAULT_CASES)
    max_n = args.max_n if args.max_n is not None else (QUICK_MAX_N if args.quick else DEFAULT_MAX_N)
    if max_n < 1 or cases < 0:
        parser.error("--max-n must be >= 1 and --cases >= 0")
    runner = find_runner(args.runner)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    lapack_pivot_offset()

    start = time.time()
    problems = generate_problems(args.seed, cases, max_n)
    if args.only:
        wanted = {int(x) for x in args.only.split(",") if x.strip()}
        problems = [p for p in problems if p.case_id in wanted]
    modules = pack_modules(problems)
    print("random-vs-scipy: seed %d, %d cases (max n %d) in %d modules, %d jobs, runner %s, "
          "lu-strategy %s" % (args.seed, len(problems), max_n, len(modules), args.jobs, runner,
                              args.lu_strategy or "default"))
    sys.stdout.flush()

    results = []
    jobs = max(1, args.jobs)
    if jobs == 1 or len(modules) <= 1:
        for i, module in enumerate(modules):
            results += run_and_check(module, runner, args.keep, str(i), args.timeout,
                                     args.lu_strategy)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(run_and_check, module, runner, args.keep, str(i), args.timeout,
                                   args.lu_strategy)
                       for i, module in enumerate(modules)]
            for future in futures:
                results += future.result()

    total = Stats()
    failed_ids = []
    for case_id, description, errors, stats in sorted(results, key=lambda r: r[0]):
        total.merge(stats)
        if errors:
            failed_ids.append(case_id)
            for error in errors:
                print("FAIL %s (seed %d): %s" % (description, args.seed, error))
        elif args.verbose:
            print("PASS %s" % description)
    elapsed = time.time() - start
    failed = len(failed_ids)
    print("random-vs-scipy: %d matrices factored, %d permutation vectors; pivot comparisons "
          "stopped at a rounding-noise pivot (singular input): %d; info differences at "
          "noise-level pivots accepted: %d; worst backward error %.3f of the 10*n*eps bound; "
          "%.1f s" % (total.matrices, total.perm_vectors, total.pivot_noise_limited,
                      total.info_relaxed, total.worst_backward, elapsed))
    print("random-vs-scipy: %d cases, %d passed, %d failed (%d pivot checks skipped for "
          "near-ties)" % (len(results), len(results) - failed, failed, total.pivot_skipped))
    if failed:
        print("random-vs-scipy: reproduce with: %s %s --seed %d --cases %d --max-n %d "
              "--only %s --keep <dir>" % (os.path.basename(sys.executable), sys.argv[0],
                                          args.seed, cases, max_n,
                                          ",".join(str(i) for i in failed_ids[:20])))
    return 1 if failed or len(results) != len(problems) else 0


if __name__ == "__main__":
    sys.exit(main())
