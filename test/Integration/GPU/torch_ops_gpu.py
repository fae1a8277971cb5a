#!/usr/bin/env python3
"""linalgx's PyTorch operator library on a GPU (python/linalgx/csrc): built here
against the installed PyTorch with torch.utils.cpp_extension (the arguments
setup.py uses), then checked, for the LU family (lu, lu_factor_ex,
linalg_lu, pivots_to_permutation, lu_unpack's CUDA kernel against its ATen
composite)
and the solve family (lu_solve, solve, det, slogdet,
inv_ex): results against PyTorch's own (broadcast batches, vector
right-hand sides, left=False, adjoint), singular matrices, autograd
(gradients equal to PyTorch's to 1e-10 in f64, torch.autograd.gradcheck and
gradgradcheck), torch.library.opcheck, torch.compile(fullgraph=True), CUDA
graph capture and replay, the kernel-chain graph cache (on at 256 MiB here
unless LINALGX_TORCH_GRAPH_MIB says otherwise; --graphs-only runs its checks
alone), errors that name the argument, and per-call times beside
torch.linalg's.

  python3 torch_ops_gpu.py --source-root SRC --library-dir LIB --build-dir DIR

Prints PASS/FAIL lines and ends with `N passed, N failed`; exit 1 on a
failure. SRC holds the two runtime include directories (the source is the
package's linalgx/csrc), LIB the AOT kernels and the CUDA runtime.
"""

import argparse
import itertools
import math
import os
import re
import statistics
import subprocess
import sys
import time
import traceback

# Inductor compiles in this process: its worker pool otherwise holds the
# process at exit for up to 300 s (seen on the H200 with PyTorch 2.11).
os.environ.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
# The kernel-chain graph cache is off by default; the suite runs with it on,
# so that every large call below goes through it (graph_budget's children
# set their own).
os.environ.setdefault("LINALGX_TORCH_GRAPH_MIB", "256")

import torch  # noqa: E402

passed = failed = 0
# Where the tests' tensors live. The GPU run keeps "cuda"; the Autograd and
# Meta kernels can be exercised without a GPU on "cpu" with stand-in CPU
# kernels.
DEVICE = "cuda"


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print("PASS: %s" % name)
    else:
        failed += 1
        print("FAIL: %s %s" % (name, detail))


def case(function):
    """Runs a test function; an exception is a failure with its trace."""
    def run(*args):
        name = "%s%s" % (function.__name__, args if args else "")
        try:
            function(*args)
        except Exception:  # noqa: BLE001 -- every failure is reported
            check(name, False, traceback.format_exc())
    return run


def random_matrix(shape, dtype, seed):
    generator = torch.Generator(device=DEVICE).manual_seed(seed)
    if dtype.is_complex:
        real = torch.randn(shape, generator=generator, device=DEVICE, dtype=torch.float64)
        imag = torch.randn(shape, generator=generator, device=DEVICE, dtype=torch.float64)
        return torch.complex(real, imag).to(dtype)
    return torch.randn(shape, generator=generator, device=DEVICE, dtype=torch.float64).to(dtype)


def relative_error(x, y):
    return float((x - y).abs().max() / max(float(y.abs().max()), 1e-300))


DTYPES = [torch.float32, torch.float64, torch.complex64, torch.complex128]
# Every kernel family of the AOT library (its 1-based lu_factor kernels
# included): the warp register kernel, the block register kernel (large
# batches below 49), the panel kernel (exact sizes and a size bucket), the
# shared-memory kernel, the blocked LU and cuSOLVER.
SHAPES = [(75, 75), (64, 75, 75), (16384, 16, 16), (5, 7), (7, 5), (4096, 40, 40),
          (3, 100, 100), (2, 160, 160), (300, 300), (1024, 1024)]


@case
def matches_torch(lxt, dtype, shape):
    # The reference is LAPACK (PyTorch on the CPU): for complex matrices
    # PyTorch's GPU path pivots on |z|, LAPACK and linalgx on |re| + |im|.
    a = random_matrix(shape, dtype, 1)
    lu, pivots, info = torch.ops.linalgx.lu_factor_ex(a)
    expected_lu, expected_pivots, expected_info = (
        t.cuda() for t in torch.linalg.lu_factor_ex(a.cpu()))
    tolerance = 1e-4 if dtype in (torch.float32, torch.complex64) else 1e-10
    same_pivots = bool((pivots == expected_pivots).all())
    check("lu_factor_ex %s %s" % (dtype, shape),
          same_pivots and bool((info == expected_info).all()) and
          relative_error(lu, expected_lu) < tolerance * max(shape[-2:]),
          "pivots equal: %s, lu error %.3g" % (same_pivots, relative_error(lu, expected_lu)))
    P, L, U = lxt.lu(a)
    check("lu P @ L @ U == A %s %s" % (dtype, shape),
          relative_error(P @ L @ U, a) < tolerance * max(shape[-2:]))


@case
def pivots_to_permutation():
    a = random_matrix((64, 75, 75), torch.float64, 2)
    _, pivots, permutation, _ = torch.ops.linalgx.lu(a)
    for dtype in (torch.int32, torch.int64):
        got = torch.ops.linalgx.pivots_to_permutation(pivots.to(dtype), 75)
        check("pivots_to_permutation %s" % dtype, bool((got == permutation.to(dtype)).all()))
    import linalgx
    got = linalgx.pivots_to_permutation(pivots, 75)
    check("linalgx.pivots_to_permutation on a tensor (the operator)", bool((got == permutation).all()))


@case
def lu_unpack_kernel(dtype, shape, index_dtype):
    """linalgx::lu_unpack's CUDA kernel (one launch) against its composite
    of ATen ops on the CPU: P, L, U equal exactly, on square, wide, tall,
    batched and empty shapes, any factors and any permutation."""
    generator = torch.Generator().manual_seed(sum(shape) + 17)
    lu = random_matrix(shape, dtype, 15)
    m = shape[-2]
    rows = [torch.randperm(m, generator=generator) for _ in range(math.prod(shape[:-2]))]
    permutation = (torch.stack(rows) if rows else torch.empty(0, m, dtype=torch.int64))
    permutation = permutation.reshape(*shape[:-2], m).to(index_dtype).cuda()
    got = torch.ops.linalgx.lu_unpack(lu, permutation)
    want = torch.ops.linalgx.lu_unpack(lu.cpu(), permutation.cpu())
    check("lu_unpack CUDA kernel == composite %s %s %s" % (dtype, shape, index_dtype),
          all(g.shape == w.shape and g.dtype == w.dtype and bool((g.cpu() == w).all())
              for g, w in zip(got, want)))


@case
def lu_unpack_kernel_wide_offsets():
    """lu_unpack's CUDA kernel past 2^31 elements (64-bit offsets, plain
    division) gives, matrix by matrix, what it gives on one matrix (32-bit
    offsets, the magic-number division, checked against the composite)."""
    batch, m = 1100, 1000  # 3.3e9 elements in P, L and U: 6.6 GB of float16
    lu = torch.randn(batch, m, m, dtype=torch.float16, device=DEVICE)
    permutation = torch.argsort(torch.rand(batch, m, device=DEVICE), dim=-1).to(torch.int32)
    wide = torch.ops.linalgx.lu_unpack(lu, permutation)
    equal = True
    for b in (0, 555, batch - 1):
        narrow = torch.ops.linalgx.lu_unpack(lu[b:b + 1], permutation[b:b + 1])
        equal = equal and same([w[b:b + 1] for w in wide], narrow)
    del wide
    check("lu_unpack CUDA kernel, 64-bit offsets == 32-bit, (%d, %d, %d) float16"
          % (batch, m, m), equal)


@case
def linalg_lu_is_lu_then_unpack(dtype, shape):
    """linalgx::linalg_lu (one dispatch, what linalgx.torch.lu calls) gives
    exactly linalgx::lu's factors unpacked by linalgx::lu_unpack."""
    a = random_matrix(shape, dtype, 16)
    got = torch.ops.linalgx.linalg_lu(a)
    lu, _, permutation, _ = torch.ops.linalgx.lu(a)
    want = torch.ops.linalgx.lu_unpack(lu, permutation)
    check("linalg_lu == lu + lu_unpack %s %s" % (dtype, shape),
          all(g.shape == w.shape and g.dtype == w.dtype and bool((g == w).all())
              for g, w in zip(got, want)))


@case
def autograd(lxt, shape):
    a = random_matrix(shape, torch.float64, 3) + 4 * torch.eye(*shape[-2:], device="cuda",
                                                               dtype=torch.float64)
    weights = random_matrix(shape, torch.float64, 4)
    x = a.clone().requires_grad_()
    (torch.sin(lxt.lu_factor(x)[0]) * weights).sum().backward()
    y = a.clone().requires_grad_()
    (torch.sin(torch.linalg.lu_factor(y)[0]) * weights).sum().backward()
    check("grad of lu_factor == PyTorch's %s" % (shape,), relative_error(x.grad, y.grad) < 1e-10,
          "relative error %.3g" % relative_error(x.grad, y.grad))
    x.grad = y.grad = None
    P, L, U = lxt.lu(x)
    (L.sum() + (U * U).sum()).backward()
    P2, L2, U2 = torch.linalg.lu(y)
    (L2.sum() + (U2 * U2).sum()).backward()
    check("grad of lu == PyTorch's %s" % (shape,), relative_error(x.grad, y.grad) < 1e-10,
          "relative error %.3g" % relative_error(x.grad, y.grad))
    small = a[..., :6, :5] if len(shape) == 2 else a[:2, :5, :6]
    for sub in (small, small.mT.contiguous(), a[..., :6, :6]):
        z = sub.detach().clone().requires_grad_()
        ok = torch.autograd.gradcheck(lambda t: lxt.lu_factor(t)[0], (z,))
        check("gradcheck lu_factor %s" % (tuple(sub.shape),), ok)


@case
def operator_checks(lxt):
    """torch.library.opcheck: schema, fake (Meta) kernels, the C++ Autograd
    kernels' registration and AOTAutograd tracing, on each operator; and a
    second derivative (the backward is made of differentiable ATen ops)."""
    a = random_matrix((7, 7), torch.float64, 12) + 3 * torch.eye(7, device="cuda",
                                                                 dtype=torch.float64)
    cases = [("lu", (a.clone().requires_grad_(),)),
             ("lu_factor_ex", (a.clone().requires_grad_(),)),
             ("lu", (a[:5].clone(),)),
             ("linalg_lu", (a.clone().requires_grad_(),)),
             ("linalg_lu", (a[:5].clone(),)),
             ("pivots_to_permutation",
              (torch.tensor([[2, 2, 3], [0, 4, 2]], dtype=torch.int32, device="cuda"), 5))]
    for shape in [(7, 7), (2, 7, 5), (5, 7)]:
        lu, _, permutation, _ = torch.ops.linalgx.lu(random_matrix(shape, torch.float64, 13))
        cases.append(("lu_unpack", (lu.requires_grad_(), permutation)))
    for name, args in cases:
        torch.library.opcheck(getattr(torch.ops.linalgx, name).default, args)
        check("torch.library.opcheck linalgx::%s %s" % (name, tuple(args[0].shape)), True)
    z = a[:4, :4].detach().clone().requires_grad_()
    check("gradgradcheck lu_factor (4, 4)",
          torch.autograd.gradgradcheck(lambda t: lxt.lu_factor(t)[0], (z,)))
    for sub in (a[:4, :4], a[:5, :3], a[:3, :5]):
        z = sub.detach().clone().requires_grad_()
        check("gradcheck and gradgradcheck lu's L, U %s" % (tuple(sub.shape),),
              torch.autograd.gradcheck(lambda t: lxt.lu(t)[1:], (z,)) and
              torch.autograd.gradgradcheck(lambda t: lxt.lu(t)[1:], (z,)))


@case
def compiled(lxt):
    def factor(a):
        lu, pivots = lxt.lu_factor(a)
        return lu * 2, pivots + 1

    def unpacked(a):
        P, L, U = lxt.lu(a)
        return P @ L @ U - a

    def permutation(a):
        _, pivots, _, _ = torch.ops.linalgx.lu(a)
        return torch.ops.linalgx.pivots_to_permutation(pivots, a.shape[-2])

    for f in (factor, unpacked, permutation):
        for dynamic in (False, True):
            compiled_f = torch.compile(f, fullgraph=True, dynamic=dynamic)
            for shape in [(75, 75), (8, 33, 33), (41, 41)]:
                a = random_matrix(shape, torch.float64, 5)
                got, want = compiled_f(a), f(a)
                got = got if isinstance(got, tuple) else (got,)
                want = want if isinstance(want, tuple) else (want,)
                check("torch.compile(%s, fullgraph=True, dynamic=%s) %s"
                      % (f.__name__, dynamic, shape),
                      all(bool((g.double() - w.double()).abs().max() <= 1e-12 *
                               max(1.0, float(w.double().abs().max()))) for g, w in zip(got, want)))
        explanation = torch._dynamo.explain(f)(random_matrix((10, 10), torch.float64, 7))
        check("no graph break in %s" % f.__name__, explanation.graph_break_count == 0,
              str(explanation.break_reasons))


def same(xs, ys):
    """Whether the tensors of xs and ys are equal, pairwise, bit for bit."""
    return all(bool((x == y).all()) for x, y in zip(xs, ys))


@case
def cuda_graph(lxt, dtype, shape):
    static_a = random_matrix(shape, dtype, 8)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):  # warm-up on a side stream, as PyTorch's recipe says
            lxt.lu_factor_ex(static_a)
            lxt.lu(static_a)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_lu, static_pivots, static_info = lxt.lu_factor_ex(static_a)
        static_plu = lxt.lu(static_a)
    fresh = random_matrix(shape, dtype, 9)
    static_a.copy_(fresh)
    graph.replay()
    torch.cuda.synchronize()
    lu, pivots, info = lxt.lu_factor_ex(fresh)
    check("CUDA graph capture and replay %s %s" % (dtype, shape),
          same((static_pivots, static_lu), (pivots, lu)))
    check("CUDA graph capture and replay of linalgx.torch.lu %s %s" % (dtype, shape),
          same(static_plu, lxt.lu(fresh)))


def graph_counts():
    """The kernel-chain graph cache's (captured, replayed, refused, evicted)."""
    return torch.ops.linalgx._chain_graph_counts()


def counts_since(before):
    return [now - then for now, then in zip(graph_counts(), before)]


def first_call_on_a_new_stream(function, a):
    """`function(a)` as the first call of its shape on a stream of its own:
    never from a graph (a graph is captured at a key's second call)."""
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        result = [t.clone() for t in function(a)]
    torch.cuda.current_stream().wait_stream(stream)
    return result


@case
def chain_graphs(lxt, dtype, shape, legacy):
    """A kernel chain (from 512 rows and columns) replays the CUDA graph
    captured at the second call of its operator, shape, dtype and stream:
    every call's results equal a first, eager call's on the same input bit
    for bit and stay the caller's (later calls do not overwrite them), on a
    stream of the caller's and on the legacy default stream."""
    inputs = [random_matrix(shape, dtype, 30 + i) for i in range(3)]
    functions = [lxt.lu_factor_ex, torch.ops.linalgx.lu]
    want = [[first_call_on_a_new_stream(f, a) for a in inputs] for f in functions]
    torch.cuda.synchronize()
    before = graph_counts()
    stream = torch.cuda.current_stream() if legacy else torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        # Eager, then captured and replayed, then replayed: each operator.
        got = [[f(a) for a in inputs + inputs[:1]] for f in functions]
    torch.cuda.current_stream().wait_stream(stream)
    torch.cuda.synchronize()
    captured, replayed, refused, _ = counts_since(before)
    where = "legacy stream" if legacy else "side stream"
    check("kernel chain graphs: captured 2, replayed 6, refused 0 (%s %s %s)"
          % (dtype, shape, where), (captured, replayed, refused) == (2, 6, 0),
          "captured %d, replayed %d, refused %d" % (captured, replayed, refused))
    for f, results, expected in zip(functions, got, want):
        check("kernel chain graphs: %s results equal the eager calls' (%s %s %s)"
              % (f.__name__, dtype, shape, where),
              all(same(r, w) for r, w in zip(results, expected + expected[:1])))


def graph_budget(lxt):
    """Run with LINALGX_TORCH_GRAPH_MIB=20: three shapes of 8, 7.6 and 6.2
    MiB of operands do not fit together, so capturing the third evicts the
    least recently used graph, which the fourth round captures again; the
    results stay right. With 0: no graphs at all."""
    budget = int(os.environ["LINALGX_TORCH_GRAPH_MIB"])
    shapes = [(1024, 1024), (1000, 1000), (900, 900)]
    inputs = [random_matrix(s, torch.float64, 40 + i) for i, s in enumerate(shapes)]
    want = [first_call_on_a_new_stream(lxt.lu_factor_ex, a) for a in inputs]
    torch.cuda.synchronize()
    before = graph_counts()
    got = [lxt.lu_factor_ex(a) for _ in range(4) for a in inputs]
    torch.cuda.synchronize()
    captured, replayed, refused, evicted = counts_since(before)
    check("graph budget %d MiB: results equal the eager calls'" % budget,
          all(same(g, want[i % 3]) for i, g in enumerate(got)))
    if budget == 0:
        check("graph budget 0: no graph captured or replayed",
              (captured, replayed) == (0, 0), str(graph_counts()))
    else:
        check("graph budget %d MiB: graphs evicted to fit" % budget,
              (captured, evicted, refused) == (4, 2, 0),
              "captured %d, replayed %d, evicted %d" % (captured, replayed, evicted))


@case
def legacy_stream_order(lxt, dtype, shape):
    """Large matrices factored from PyTorch's legacy default stream run on a
    non-blocking stream of linalgx's: after the work queued before them on
    the legacy stream (a sleep, then the input written) and before the work
    queued after (a copy of each result), with no host synchronization
    between."""
    fresh = random_matrix(shape, dtype, 21)
    rhs = random_matrix(shape[:-1] + (2,), dtype, 22)
    want = [t.clone() for t in lxt.lu_factor_ex(fresh)]
    want.append(lxt.solve(fresh, rhs).clone())
    torch.cuda.synchronize()
    a = torch.zeros_like(fresh)
    assert torch.cuda.current_stream().cuda_stream == 0, "the legacy default stream"
    torch.cuda._sleep(20_000_000)
    a.copy_(fresh)
    got = [t + 0 for t in lxt.lu_factor_ex(a)]
    got.append(lxt.solve(a, rhs) + 0)
    torch.cuda.synchronize()
    check("legacy default stream: lu_factor_ex and solve ordered %s %s" % (dtype, shape),
          same(got, want))


@case
def bad_input(lxt):
    for what, value, error in [
            ("CPU tensor", torch.ones(3, 3, dtype=torch.float64), ValueError),
            ("int dtype", torch.ones(3, 3, dtype=torch.int32, device="cuda"), TypeError),
            ("rank 1", torch.ones(3, device="cuda"), ValueError)]:
        try:
            lxt.lu_factor(value)
            check("bad input: %s" % what, False, "no exception")
        except error as raised:
            check("bad input: %s -> %s" % (what, raised), True)
    try:
        torch.ops.linalgx.lu(torch.ones(3, 3, dtype=torch.float64))
        check("operator on a CPU tensor", False, "no exception")
    except RuntimeError as raised:
        check("operator on a CPU tensor: %s" % str(raised).splitlines()[0], "CPU tensor" in str(raised))
    a = random_matrix((6, 6), torch.float64, 10)
    check("non-contiguous input", relative_error(lxt.lu_factor(a.mT)[0],
                                                 torch.linalg.lu_factor(a.mT)[0]) < 1e-12)


@case
def lu_unpack_errors(lxt):
    """linalgx::lu_unpack's checks, each naming the argument (run in a child
    process: on the H200 the rank-1 case once ended the process)."""
    lu, _, permutation, _ = torch.ops.linalgx.lu(random_matrix((6, 6), torch.float64, 14))
    for what, args, name in [("short permutation", (lu, permutation[:5]), "permutation"),
                             ("float permutation", (lu, permutation.double()), "permutation"),
                             ("rank-1 LU", (lu[0], permutation), "LU"),
                             ("CPU permutation", (lu, permutation.cpu()), "permutation")]:
        try:
            torch.ops.linalgx.lu_unpack(*args)
            check("lu_unpack bad input: %s" % what, False, "no exception")
        except RuntimeError as raised:
            message = str(raised).splitlines()[0]
            check("lu_unpack bad input: %s -> %s" % (what, message),
                  names_argument(message, name))
        sys.stdout.flush()


# ---------------------------------------------------------------------------
# The solve family: lu_solve, solve, det, slogdet, inv_ex
# ---------------------------------------------------------------------------

def well_conditioned(shape, dtype, seed):
    """Random matrices I + G / (4 sqrt(n) + 1), G Gaussian (so ||G|| stays
    below the shift: condition numbers of a few units, and determinants
    finite), rows shuffled (so partial pivoting has to undo the shuffle)."""
    n = shape[-1]
    shift = 4 * math.sqrt(n) + 1
    a = random_matrix(shape, dtype, seed) / shift + torch.eye(n, dtype=dtype, device=DEVICE)
    permutation = torch.randperm(n, generator=torch.Generator().manual_seed(seed))
    return a[..., permutation.to(DEVICE), :]


def tolerance(dtype, n):
    """A relative error bound for well-conditioned problems of size n."""
    eps = torch.finfo(dtype).eps
    return 50 * eps * max(n, 1)


def elementwise_relative_error(x, y):
    if x.numel() == 0:
        return 0.0
    return float(((x - y).abs() / y.abs().clamp_min(1e-300)).max())


def names_argument(message, name):
    """An operator's error names the argument as a word."""
    return re.search(r"(?<![\w.])%s(?!\w)" % re.escape(name), message) is not None


# (A shape, B shape, left): every kernel path of the solve (the fused kernel
# up to 4 x 4, the register, block and shared-memory kernels, cuSOLVER),
# broadcast batches, vector right-hand sides, X A = B, empty shapes.
SOLVE_CASES = [((3, 3), (3, 2), True), ((1000, 4, 4), (1000, 4, 3), True),
               ((2, 1, 1), (2, 1, 1), True), ((75, 75), (75, 5), True),
               ((64, 75, 75), (64, 75, 75), True), ((300, 300), (300, 2), True),
               ((2, 600, 600), (2, 600, 1), True), ((40, 40), (3, 40, 2), True),
               ((5, 1, 20, 20), (4, 20, 3), True), ((6, 6), (6,), True),
               ((8, 6, 6), (8, 6), True), ((8, 6, 6), (6,), True), ((6, 6), (2, 6), False),
               ((3, 10, 10), (3, 4, 10), False), ((10, 10), (3, 4, 10), False),
               ((0, 5, 5), (0, 5, 2), True), ((4, 4), (4, 0), True), ((2, 0, 0), (2, 0, 3), True)]


@case
def solve_matches_torch(lxt, dtype):
    for index, (a_shape, b_shape, left) in enumerate(SOLVE_CASES):
        a = well_conditioned(a_shape, dtype, 20 + index)
        b = random_matrix(b_shape, dtype, 40 + index)
        x, info = lxt.solve_ex(a, b, left=left)
        expected, expected_info = torch.linalg.solve_ex(a, b, left=left)
        error = relative_error(x, expected) if x.numel() else 0.0
        check("solve %s %s \\ %s left=%s" % (dtype, a_shape, b_shape, left),
              x.shape == expected.shape and x.dtype == expected.dtype and
              error < tolerance(dtype, a_shape[-1]) and info.shape == expected_info.shape and
              not bool(info.any()),
              "shape %s (want %s), error %.3g, info %s of shape %s (want %s)"
              % (tuple(x.shape), tuple(expected.shape), error, info.flatten()[:4].tolist(),
                 tuple(info.shape), tuple(expected_info.shape)))
    # Views: A conjugate-transposed (a conjugate bit for complex), B transposed.
    a = well_conditioned((4, 9, 9), dtype, 60)
    b = random_matrix((4, 3, 9), dtype, 61)
    x = lxt.solve(a.mH, b.mT)
    expected = torch.linalg.solve(a.mH, b.mT)
    check("solve %s of views (A.mH, B.mT)" % dtype,
          relative_error(x, expected) < tolerance(dtype, 9))
    check("inv %s of a view (A.mH)" % dtype,
          relative_error(lxt.inv(a.mH), torch.linalg.inv(a.mH)) < tolerance(dtype, 9))


LU_SOLVE_CASES = [((5, 5), (5, 3)), ((16, 8, 8), (16, 8, 2)), ((75, 75), (75, 75)),
                  ((3, 100, 100), (3, 100, 4)), ((2, 600, 600), (2, 600, 1)),
                  ((6, 6), (4, 6, 2)), ((4, 6, 6), (6, 2)), ((2, 1, 7, 7), (3, 7, 1))]


@case
def lu_solve_matches_torch(lxt, dtype):
    for index, (lu_shape, b_shape) in enumerate(LU_SOLVE_CASES):
        lu, pivots = torch.linalg.lu_factor(well_conditioned(lu_shape, dtype, 70 + index))
        for left, adjoint in itertools.product((True, False), repeat=2):
            shape = b_shape if left else b_shape[:-2] + b_shape[:-3:-1]
            b = random_matrix(shape, dtype, 90 + index)
            x = lxt.lu_solve(lu, pivots, b, left=left, adjoint=adjoint)
            expected = torch.linalg.lu_solve(lu, pivots, b, left=left, adjoint=adjoint)
            error = relative_error(x, expected)
            check("lu_solve %s %s \\ %s left=%s adjoint=%s" % (dtype, lu_shape, shape, left,
                                                                 adjoint),
                  x.shape == expected.shape and error < tolerance(dtype, lu_shape[-1]),
                  "shape %s (want %s), error %.3g" % (tuple(x.shape), tuple(expected.shape),
                                                      error))
    # The factors of linalgx.torch.lu_factor, and B transposed (a view).
    a = well_conditioned((32, 12, 12), dtype, 99)
    b = random_matrix((32, 5, 12), dtype, 98).mT
    x = lxt.lu_solve(*lxt.lu_factor(a), b)
    check("lu_solve %s of linalgx.torch.lu_factor's factors" % dtype,
          relative_error(x, torch.linalg.solve(a, b)) < tolerance(dtype, 12))


DETERMINANT_SHAPES = [(1, 1), (3, 3), (4, 4), (1000, 4, 4), (5, 5), (64, 16, 16),
                      (3, 75, 75), (2, 3, 8, 8), (300, 300), (2, 600, 600), (0, 4, 4),
                      (2, 0, 0)]


@case
def determinants_match_torch(lxt, dtype):
    for index, shape in enumerate(DETERMINANT_SHAPES):
        a = well_conditioned(shape, dtype, 110 + index)
        n = shape[-1]
        d, expected = lxt.det(a), torch.linalg.det(a)
        check("det %s %s" % (dtype, shape),
              d.shape == expected.shape and
              elementwise_relative_error(d, expected) < tolerance(dtype, n),
              "error %.3g" % elementwise_relative_error(d, expected))
        sign, logabsdet = lxt.slogdet(a)
        expected_sign, expected_log = torch.linalg.slogdet(a)
        sign_error = float((sign - expected_sign).abs().max()) if sign.numel() else 0.0
        log_error = float((logabsdet - expected_log).abs().max()) if sign.numel() else 0.0
        check("slogdet %s %s" % (dtype, shape),
              sign.dtype == expected_sign.dtype and logabsdet.dtype == expected_log.dtype and
              sign.shape == expected_sign.shape and sign_error < tolerance(dtype, n) and
              log_error < tolerance(dtype, n),
              "sign error %.3g, logabsdet error %.3g" % (sign_error, log_error))
        inverse, info = lxt.inv_ex(a)
        expected_inverse = torch.linalg.inv(a)
        error = relative_error(inverse, expected_inverse) if inverse.numel() else 0.0
        check("inv %s %s" % (dtype, shape),
              inverse.shape == expected_inverse.shape and error < tolerance(dtype, n) and
              not bool(info.any()), "error %.3g" % error)


def singular_matrices(dtype):
    """(name, matrices, which are singular): exactly zero pivots under partial
    pivoting, whatever the element type (a zero column stays zero through
    the elimination; [[1, 2], [2, 4]] has the exact multiplier 1/2)."""
    zero_column = random_matrix((3, 6, 6), dtype, 120)
    zero_column[1, :, 2] = 0
    pair = torch.tensor([[[1, 2], [2, 4]], [[2, 1], [1, 3]]], dtype=dtype, device=DEVICE)
    zeros = torch.zeros(2, 5, 5, dtype=dtype, device=DEVICE)
    return [("a zero column", zero_column, [False, True, False]),
            ("[[1, 2], [2, 4]]", pair, [True, False]), ("zeros", zeros, [True, True])]


@case
def singular(lxt, dtype):
    for name, a, mask in singular_matrices(dtype):
        mask = torch.tensor(mask, device=DEVICE)
        d = lxt.det(a)
        check("det %s of %s: exactly 0 where singular" % (dtype, name),
              bool((d[mask] == 0).all()) and bool((d[~mask] != 0).all()), str(d.tolist()))
        sign, logabsdet = lxt.slogdet(a)
        check("slogdet %s of %s: (0, -inf) where singular" % (dtype, name),
              bool((sign[mask] == 0).all()) and bool((logabsdet[mask] == -math.inf).all()) and
              bool(torch.isfinite(logabsdet[~mask]).all()),
              "%s %s" % (sign.tolist(), logabsdet.tolist()))
        b = random_matrix(a.shape[:-1] + (2,), dtype, 121)
        x, info = lxt.solve_ex(a, b)  # no exception, no host synchronization
        expected_info = torch.linalg.solve_ex(a, b)[1]
        check("solve_ex %s of %s: info > 0 where singular, as torch's" % (dtype, name),
              info.shape == expected_info.shape and bool((info[mask] > 0).all()) and
              bool((info[~mask] == 0).all()) and
              (dtype.is_complex or bool((info == expected_info).all())),
              "info %s, torch's %s" % (info.tolist(), expected_info.tolist()))
        check("solve %s of %s: not finite where singular, finite elsewhere" % (dtype, name),
              not bool(torch.isfinite(lxt.solve(a, b)[mask]).all()) and
              bool(torch.isfinite(x[~mask]).all()))
        check("inv_ex %s of %s: info > 0 where singular" % (dtype, name),
              bool((lxt.inv_ex(a)[1][mask] > 0).all()))
        for what, call in [("solve_ex", lambda: lxt.solve_ex(a, b, check_errors=True)),
                           ("inv_ex", lambda: lxt.inv_ex(a, check_errors=True))]:
            try:
                call()
                check("%s(check_errors=True) %s of %s raises" % (what, dtype, name), False)
            except torch.linalg.LinAlgError as raised:
                check("%s(check_errors=True) %s of %s raises: %s" % (what, dtype, name, raised),
                      True)


def loss_gradients(function, inputs, seed):
    """The gradients of sum(sin(outputs) * weights) (real and imaginary
    parts for complex outputs) with respect to the inputs that require
    them."""
    leaves = [x.detach().clone().requires_grad_(x.requires_grad) for x in inputs]
    outputs = function(*leaves)
    outputs = outputs if isinstance(outputs, tuple) else (outputs,)
    loss = 0
    for index, output in enumerate(outputs):
        real = torch.view_as_real(output.resolve_conj()) if output.is_complex() else output
        loss = loss + (torch.sin(real) * random_matrix(real.shape, real.dtype, seed + index)).sum()
    differentiable = [x for x in leaves if x.requires_grad]
    return torch.autograd.grad(loss, differentiable)


def same_gradients(name, ours, theirs, inputs):
    got = loss_gradients(ours, inputs, 130)
    want = loss_gradients(theirs, inputs, 130)
    errors = [relative_error(g, w) for g, w in zip(got, want)]
    check("grad of %s == PyTorch's" % name,
          len(got) == len(want) and all(g.shape == w.shape for g, w in zip(got, want)) and
          all(e < 1e-10 for e in errors), "relative errors %s" % errors)


def differentiable(*tensors):
    return [t.detach().clone().requires_grad_() for t in tensors]


@case
def solve_family_autograd(lxt, dtype):
    for a_shape, b_shape, left in [((4, 6, 6), (4, 6, 2), True), ((6, 6), (6,), True),
                                   ((4, 6, 6), (6,), True), ((6, 6), (3, 6, 2), True),
                                   ((2, 1, 5, 5), (3, 5, 2), True), ((6, 6), (3, 2, 6), False)]:
        a = well_conditioned(a_shape, dtype, 140)
        b = random_matrix(b_shape, dtype, 141)
        for label, inputs in [("A and B", differentiable(a, b)),
                              ("A", differentiable(a) + [b]), ("B", [a] + differentiable(b))]:
            same_gradients("solve %s %s \\ %s left=%s, wrt %s" % (dtype, a_shape, b_shape, left,
                                                                     label),
                           lambda a, b: lxt.solve(a, b, left=left),
                           lambda a, b: torch.linalg.solve(a, b, left=left), inputs)
    for lu_shape, b_shape in [((4, 6, 6), (4, 6, 2)), ((6, 6), (3, 6, 2)), ((3, 6, 6), (6, 1))]:
        lu, pivots = torch.linalg.lu_factor(well_conditioned(lu_shape, dtype, 142))
        for left, adjoint in itertools.product((True, False), repeat=2):
            shape = b_shape if left else b_shape[:-2] + b_shape[:-3:-1]
            b = random_matrix(shape, dtype, 143)
            same_gradients("lu_solve %s %s \\ %s left=%s adjoint=%s" % (dtype, lu_shape, shape,
                                                                           left, adjoint),
                           lambda lu, b: lxt.lu_solve(lu, pivots, b, left=left, adjoint=adjoint),
                           lambda lu, b: torch.linalg.lu_solve(lu, pivots, b, left=left,
                                                               adjoint=adjoint),
                           differentiable(lu, b))
    for shape in [(5, 5), (3, 6, 6), (2, 2, 4, 4)]:
        a = well_conditioned(shape, dtype, 144)
        same_gradients("det %s %s" % (dtype, shape), lxt.det, torch.linalg.det, differentiable(a))
        same_gradients("slogdet %s %s" % (dtype, shape), lambda a: tuple(lxt.slogdet(a)),
                       lambda a: tuple(torch.linalg.slogdet(a)), differentiable(a))
        same_gradients("inv %s %s" % (dtype, shape), lxt.inv, torch.linalg.inv, differentiable(a))
    # An exactly singular matrix: PyTorch's first derivative is conj(det) = 0
    # times a finite solve.
    pair = torch.tensor([[[1, 2], [2, 4]], [[2, 1], [1, 3]]], dtype=dtype, device=DEVICE)
    same_gradients("det %s of a singular matrix" % dtype, lxt.det, torch.linalg.det,
                   differentiable(pair))


@case
def solve_family_gradcheck(lxt, dtype):
    a = well_conditioned((2, 3, 3), dtype, 150)
    b = random_matrix((2, 3, 2), dtype, 151)
    lu, pivots = torch.linalg.lu_factor(a)
    checks = [("solve", lambda a, b: lxt.solve(a, b), (a, b)),
              ("solve, vector B", lambda a, b: lxt.solve(a, b), (a[0], b[0, :, 0])),
              ("solve, broadcast", lambda a, b: lxt.solve(a, b), (a[0], b)),
              ("solve left=False", lambda a, b: lxt.solve(a, b, left=False), (a, b.mT)),
              ("det", lxt.det, (a,)), ("slogdet", lambda a: tuple(lxt.slogdet(a)), (a,)),
              ("inv", lxt.inv, (a,))]
    for left, adjoint in itertools.product((True, False), repeat=2):
        checks.append(("lu_solve left=%s adjoint=%s" % (left, adjoint),
                       lambda lu, b, left=left, adjoint=adjoint:
                       lxt.lu_solve(lu, pivots, b, left=left, adjoint=adjoint),
                       (lu, b if left else b.mT)))
    for name, function, inputs in checks:
        if name == "slogdet" and not dtype.is_complex:
            function = lambda a: lxt.slogdet(a)[1]  # noqa: E731 -- a real sign has no gradient
        inputs = differentiable(*inputs)
        check("gradcheck %s %s" % (name, dtype), torch.autograd.gradcheck(function, inputs))
        check("gradgradcheck %s %s" % (name, dtype),
              torch.autograd.gradgradcheck(function, inputs))


@case
def solve_family_opcheck(lxt):
    """torch.library.opcheck of each operator: schema, Meta kernels against
    the CUDA kernels, Autograd registration, AOTAutograd with dynamic
    shapes."""
    a = well_conditioned((3, 5, 5), torch.float64, 160)
    b = random_matrix((3, 5, 2), torch.float64, 161)
    lu, pivots = torch.linalg.lu_factor(a)
    grad = differentiable
    cases = [("lu_solve", (*grad(lu), pivots, *grad(b)), {}),
             ("lu_solve", (*grad(lu), pivots, *grad(b.mT)), {"left": False, "adjoint": True}),
             ("lu_solve", (lu[0], pivots[0], b), {"adjoint": True}),
             ("solve", tuple(grad(a, b)), {}), ("solve", tuple(grad(a, b[..., 0])), {}),
             ("solve", tuple(grad(a[0], b.mT)), {"left": False}),
             ("det", tuple(grad(a)), {}), ("slogdet", tuple(grad(a)), {}),
             ("inv_ex", tuple(grad(a)), {}),
             ("solve", tuple(grad(a.to(torch.complex128), b.to(torch.complex128))), {})]
    for name, args, kwargs in cases:
        torch.library.opcheck(getattr(torch.ops.linalgx, name).default, args, kwargs)
        check("torch.library.opcheck linalgx::%s %s %s"
              % (name, [tuple(t.shape) for t in args if isinstance(t, torch.Tensor)], kwargs),
              True)


def compiled_matches(f, args, dynamic):
    compiled_f = torch.compile(f, fullgraph=True, dynamic=dynamic)
    got, want = compiled_f(*args), f(*args)
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    return all(relative_error(g, w) <= 1e-12 for g, w in zip(got, want))


@case
def solve_family_compiled(lxt):
    # Few functions and shapes: each compilation costs seconds.
    functions = {
        "solve": lambda a, b: (lxt.solve(a, b) * 2, lxt.solve(a, b[..., 0]),
                               lxt.solve(a, b.mT, left=False), lxt.solve(a[0], b)),
        "lu_solve": lambda a, b: lxt.lu_solve(*lxt.lu_factor(a), b, adjoint=True),
        "det": lambda a, b: lxt.det(a) + 1,
        "slogdet": lambda a, b: tuple(lxt.slogdet(a)),
        "inv": lambda a, b: lxt.inv(a) @ b,
    }
    shapes = [(4, 6), (8, 9)]
    for name, f in functions.items():
        for dynamic in (False, True):
            ok = all(compiled_matches(f, (well_conditioned((batch, n, n), torch.float64, 170),
                                          random_matrix((batch, n, 2), torch.float64, 171)),
                                      dynamic) for batch, n in shapes)
            check("torch.compile(%s, fullgraph=True, dynamic=%s)" % (name, dynamic), ok)
        explanation = torch._dynamo.explain(f)(well_conditioned((2, 7, 7), torch.float64, 172),
                                               random_matrix((2, 7, 2), torch.float64, 173))
        check("no graph break in %s" % name, explanation.graph_break_count == 0,
              str(explanation.break_reasons))
    # Training: the backward (C++ formulas over linalgx's operators) traced by
    # AOTAutograd.
    def loss(a, b):
        return (lxt.solve(a, b).sin().sum() + lxt.det(a).sum() + lxt.slogdet(a)[1].sum() +
                lxt.inv(a).sum() + lxt.lu_solve(*lxt.lu_factor(a), b).sum())
    compiled_loss = torch.compile(loss, fullgraph=True)
    a = well_conditioned((3, 6, 6), torch.float64, 174)
    b = random_matrix((3, 6, 2), torch.float64, 175)
    leaves = differentiable(a, b)
    got = torch.autograd.grad(compiled_loss(*leaves), leaves)
    leaves = differentiable(a, b)
    want = torch.autograd.grad(loss(*leaves), leaves)
    check("compiled backward of solve, det, slogdet, inv, lu_solve",
          all(relative_error(g, w) < 1e-10 for g, w in zip(got, want)),
          str([relative_error(g, w) for g, w in zip(got, want)]))


@case
def solve_family_errors(lxt):
    """Mismatched shapes, dtypes and devices: exceptions that name the
    argument, before any GPU work."""
    a = well_conditioned((3, 4, 4), torch.float64, 180)
    b = random_matrix((3, 4, 2), torch.float64, 181)
    lu, pivots = torch.linalg.lu_factor(a)
    other = torch.device("cpu") if DEVICE != "cpu" else torch.device("meta")
    ops = torch.ops.linalgx
    cases = [
        ("solve: B's rows", lambda: lxt.solve(a, b[:, :3]), "B"),
        ("solve: batch dimensions", lambda: lxt.solve(a, b[:2]), "B"),
        ("solve: B's dtype", lambda: lxt.solve(a, b.float()), "B"),
        ("solve: B's device", lambda: lxt.solve(a, b.to(other)), "B"),
        ("solve operator: B's device", lambda: ops.solve(a, b.to(other)), "B"),
        ("solve: A not square", lambda: lxt.solve(a[..., :3], b), "A"),
        ("solve: A's dtype", lambda: lxt.solve(a.to(torch.int32), b), "A"),
        ("solve: a vector with left=False", lambda: lxt.solve(a[0], b[0, :, 0], left=False), "B"),
        ("solve: B's columns, left=False", lambda: lxt.solve(a, b, left=False), "B"),
        ("lu_solve: pivots' dtype", lambda: lxt.lu_solve(lu, pivots.long(), b), "pivots"),
        ("lu_solve: pivots' shape", lambda: lxt.lu_solve(lu, pivots[..., :3], b), "pivots"),
        ("lu_solve operator: pivots' device",
         lambda: ops.lu_solve(lu, pivots.to(other), b), "pivots"),
        ("lu_solve: B's dtype", lambda: lxt.lu_solve(lu, pivots, b.to(torch.complex128)), "B"),
        ("lu_solve: B's rows", lambda: lxt.lu_solve(lu, pivots, b[:, :3]), "B"),
        ("lu_solve: LU not square", lambda: lxt.lu_solve(lu[..., :3], pivots, b), "LU"),
        ("det: A not square", lambda: lxt.det(a[..., :3]), "A"),
        ("det: A's dtype", lambda: lxt.det(a.to(torch.int64)), "A"),
        ("slogdet: A of rank 1", lambda: lxt.slogdet(a[0, 0]), "A"),
        ("inv: A not square", lambda: lxt.inv(a[..., :2, :]), "A"),
        ("det operator on a CPU tensor", lambda: ops.det(a.cpu()), "A"),
    ]
    if DEVICE == "cuda" and torch.cuda.device_count() > 1:
        cases.append(("solve: B on another GPU", lambda: ops.solve(a, b.to("cuda:1")), "B"))
    for what, call, name in cases:
        try:
            call()
            check("error: %s" % what, False, "no exception")
        except (RuntimeError, TypeError, ValueError) as raised:
            message = str(raised).splitlines()[0]
            check("error: %s -> %s" % (what, message),
                  "linalgx" in message and names_argument(message, name))


@case
def ctypes_path(lxt, dtype):
    """The functions' path where the operator library is not built: the
    kernels through ctypes, with the operators' shapes."""
    a = well_conditioned((3, 7, 7), dtype, 190)
    b = random_matrix((3, 7, 2), dtype, 191)
    lu, pivots = torch.linalg.lu_factor(a)
    for left in (True, False):
        rhs = b if left else b.mT
        x, info = lxt._solve_by_ctypes(a, rhs, left)
        check("ctypes solve %s left=%s" % (dtype, left),
              relative_error(x, torch.linalg.solve(a, rhs, left=left)) < tolerance(dtype, 7))
        for adjoint in (False, True):
            x = lxt._lu_solve_by_ctypes(lu, pivots, rhs, left, adjoint)
            expected = torch.linalg.lu_solve(lu, pivots, rhs, left=left, adjoint=adjoint)
            check("ctypes lu_solve %s left=%s adjoint=%s" % (dtype, left, adjoint),
                  relative_error(x, expected) < tolerance(dtype, 7))
    # B [..., N] with A's batch is torch.linalg.solve's batched vector case.
    x, info = lxt._solve_by_ctypes(a, b[..., 0], True)
    check("ctypes solve %s, vector B" % dtype,
          relative_error(x, torch.linalg.solve(a, b[..., 0])) < tolerance(dtype, 7) and
          info.shape == (3,) and not bool(info.any()))


@case
def cuda_graph_solve_det(lxt, dtype, a_shape, columns):
    """solve and det captured in a CUDA graph, replayed on new data."""
    static_a = well_conditioned(a_shape, dtype, 200)
    static_b = random_matrix(a_shape[:-1] + (columns,), dtype, 201)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            lxt.solve(static_a, static_b)
            lxt.det(static_a)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_x = lxt.solve(static_a, static_b)
        static_det = lxt.det(static_a)
    fresh_a = well_conditioned(a_shape, dtype, 202)
    fresh_b = random_matrix(static_b.shape, dtype, 203)
    static_a.copy_(fresh_a)
    static_b.copy_(fresh_b)
    graph.replay()
    torch.cuda.synchronize()
    x, d = lxt.solve(fresh_a, fresh_b), lxt.det(fresh_a)
    check("CUDA graph capture and replay of solve and det %s %s x %d" % (dtype, a_shape, columns),
          bool((static_x == x).all()) and bool((static_det == d).all()))


@case  # an exception is a FAIL line, and the run goes on
def timing_solve(lxt):
    """Median synchronous wall time per call beside torch.linalg's."""
    def measure(fn, reps=100):
        for _ in range(10):
            fn()
        torch.cuda.synchronize()
        walls = []
        for _ in range(reps):
            t = time.perf_counter()
            fn()
            torch.cuda.synchronize()
            walls.append(time.perf_counter() - t)
        return statistics.median(walls) * 1e6

    print("| case | linalgx.torch µs | torch.linalg µs |")
    print("|---|---|---|")
    for shape, columns, dtype in [((75, 75), 1, torch.float64), ((64, 75, 75), 75, torch.float64),
                                  ((4096, 32, 32), 1, torch.float64),
                                  ((16384, 4, 4), 1, torch.float32),
                                  ((1024, 1024), 16, torch.float64)]:
        a = well_conditioned(shape, dtype, 210)
        b = random_matrix(shape[:-1] + (columns,), dtype, 211)
        lu, pivots = torch.linalg.lu_factor(a)
        name = "%s %s x %d" % (shape, str(dtype).replace("torch.", ""), columns)
        for what, ours, theirs in [
                ("solve", lambda: lxt.solve(a, b), lambda: torch.linalg.solve(a, b)),
                ("lu_solve", lambda: lxt.lu_solve(lu, pivots, b),
                 lambda: torch.linalg.lu_solve(lu, pivots, b)),
                ("det", lambda: lxt.det(a), lambda: torch.linalg.det(a)),
                ("inv", lambda: lxt.inv(a), lambda: torch.linalg.inv(a))]:
            print("| %s %s | %.1f | %.1f |" % (what, name, measure(ours), measure(theirs)))


@case  # an exception is a FAIL line, and the run goes on
def timing(lxt):
    """Median synchronous wall time and CUDA-event device time per call."""
    def measure(fn, reps=300):
        for _ in range(20):
            fn()
        torch.cuda.synchronize()
        walls, devices = [], []
        for _ in range(reps):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            t = time.perf_counter()
            start.record()
            fn()
            end.record()
            torch.cuda.synchronize()
            walls.append(time.perf_counter() - t)
            devices.append(start.elapsed_time(end) / 1e3)
        return statistics.median(walls) * 1e6, statistics.median(devices) * 1e6

    print("| case | linalgx.torch.lu_factor wall / event µs | torch.linalg.lu_factor wall / event µs "
          "| linalgx.torch.lu_factor wall in inference_mode "
          "| linalgx pivots_to_permutation wall | torch.lu_unpack(unpack_data=False) wall "
          "| linalgx.torch.lu wall | linalgx lu then lu_unpack (two operators) wall "
          "| torch lu_factor + lu_unpack wall |")
    print("|---|---|---|---|---|---|---|---|---|")
    for shape, dtype in [((75, 75), torch.float64), ((64, 75, 75), torch.float64),
                         ((4096, 32, 32), torch.float64), ((16384, 16, 16), torch.float32),
                         ((1024, 64, 64), torch.float64), ((1024, 1024), torch.float64)]:
        a = random_matrix(shape, dtype, 11)
        ours = measure(lambda: lxt.lu_factor(a))
        with torch.inference_mode():
            inference = measure(lambda: lxt.lu_factor(a))
        theirs = measure(lambda: torch.linalg.lu_factor(a))
        lu, pivots = torch.linalg.lu_factor(a)
        zero_based = pivots - 1
        permutation = measure(lambda: torch.ops.linalgx.pivots_to_permutation(zero_based, shape[-2]))
        unpack = measure(lambda: torch.lu_unpack(lu, pivots, unpack_data=False))
        plu = measure(lambda: lxt.lu(a))

        def two_operators():
            factors, _, order, _ = torch.ops.linalgx.lu(a)
            return torch.ops.linalgx.lu_unpack(factors, order)
        two = measure(two_operators)
        torch_plu = measure(lambda: torch.lu_unpack(*torch.linalg.lu_factor(a)))
        print("| %s %s | %.1f / %.1f | %.1f / %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |" % (
            shape, str(dtype).replace("torch.", ""), ours[0], ours[1], theirs[0], theirs[1],
            inference[0], permutation[0], unpack[0], plu[0], two[0], torch_plu[0]))


def chain_graph_checks(lxt, args):
    """The kernel-chain graph cache: results, counts, budget, every dtype."""
    for dtype in DTYPES:
        for shape, legacy in [((1024, 1024), False), ((2, 600, 520), True),
                              ((520, 700), False)]:
            chain_graphs(lxt, dtype, shape, legacy)
    in_child("graph_budget", args, {"LINALGX_TORCH_GRAPH_MIB": "20"})
    in_child("graph_budget", args, {"LINALGX_TORCH_GRAPH_MIB": "0"})


def in_child(name, args, environment=None):
    """Runs the case `name` in a child process (the library is built by then),
    with `environment` added to this one's, and counts its checks here, so
    that a crash is one failure, not the end of the suite."""
    command = [sys.executable, "-X", "faulthandler", os.path.abspath(__file__), "--only", name,
               "--source-root", args.source_root, "--library-dir", args.library_dir,
               "--build-dir", args.build_dir]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, **(environment or {})))
    for line in run.stdout.splitlines():
        if line.startswith(("PASS: ", "FAIL: ")):
            check(line[6:], line.startswith("PASS"))
    if run.returncode != 0:
        check("%s ran to the end" % name, False,
              "exit %d\n%s" % (run.returncode, run.stderr[-4000:]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--library-dir", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--only", help="run this one case (in_child)")
    parser.add_argument("--graphs-only", action="store_true",
                        help="run only the kernel-chain graph cache's checks")
    args = parser.parse_args()
    from linalgx import _torch_build  # the package is on PYTHONPATH
    from torch.utils import cpp_extension
    os.makedirs(args.build_dir, exist_ok=True)
    start = time.perf_counter()
    try:
        cpp_extension.load(**_torch_build.load_arguments(args.source_root, args.library_dir,
                                                         args.build_dir))
        print("INFO: built the operator library in %.1f s with PyTorch %s"
              % (time.perf_counter() - start, torch.__version__))
    except Exception:  # noqa: BLE001 -- reported; the checks below then fail one by one
        check("the operator library builds with PyTorch %s" % torch.__version__, False,
              traceback.format_exc())
    import linalgx.torch as lxt
    if args.only:
        globals()[args.only](lxt)
        return 1 if failed else 0
    if args.graphs_only:
        chain_graph_checks(lxt, args)
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    check("the operators are loaded", lxt.operators() is not None, str(lxt.operators_error()))
    for dtype in DTYPES:
        for shape in SHAPES:
            matches_torch(lxt, dtype, shape)
    pivots_to_permutation()
    for dtype in DTYPES:
        for shape in [(75, 75), (64, 75, 75), (5, 9), (9, 5), (0, 6, 6), (16384, 16, 16),
                      (300, 300)]:
            linalg_lu_is_lu_then_unpack(dtype, shape)
    for dtype in DTYPES:
        # The last two take threads round the grid-stride loops more than once.
        for shape in [(75, 75), (64, 75, 75), (5, 9), (9, 5), (3, 1, 4), (0, 6, 6), (4, 0, 3),
                      (2, 0), (300, 300), (16384, 16, 16), (2048, 33, 17)]:
            lu_unpack_kernel(dtype, shape, torch.int32)
    lu_unpack_kernel(torch.float64, (8, 33, 20), torch.int64)
    lu_unpack_kernel_wide_offsets()
    for shape in [(20, 20), (3, 12, 12), (9, 6), (6, 9)]:
        autograd(lxt, shape)
    operator_checks(lxt)
    compiled(lxt)
    bad_input(lxt)
    for dtype in (torch.float32, torch.float64):
        for shape in [(1024, 1024), (2, 600, 600)]:
            legacy_stream_order(lxt, dtype, shape)
    chain_graph_checks(lxt, args)
    for dtype in DTYPES:
        solve_matches_torch(lxt, dtype)
        lu_solve_matches_torch(lxt, dtype)
        determinants_match_torch(lxt, dtype)
        singular(lxt, dtype)
        ctypes_path(lxt, dtype)
    for dtype in (torch.float64, torch.complex128):
        solve_family_autograd(lxt, dtype)
        solve_family_gradcheck(lxt, dtype)
    solve_family_opcheck(lxt)
    solve_family_compiled(lxt)
    in_child("solve_family_errors", args)
    in_child("lu_unpack_errors", args)
    timing(lxt)
    timing_solve(lxt)
    # Last: a path that cannot be captured ends the process (the CUDA
    # runtime reports the failed call and exits), and the counts with it.
    print("%d passed, %d failed before the CUDA graph checks" % (passed, failed))
    sys.stdout.flush()
    for shape in [(75, 75), (64, 75, 75), (16384, 16, 16), (256, 128, 128), (1024, 1024)]:
        for dtype in DTYPES:
            cuda_graph(lxt, dtype, shape)
            sys.stdout.flush()
    for shape, columns in [((75, 75), 3), ((64, 75, 75), 4), ((16384, 4, 4), 1),
                           ((256, 32, 32), 32), ((300, 300), 2), ((2, 600, 600), 1)]:
        for dtype in DTYPES:
            cuda_graph_solve_det(lxt, dtype, shape, columns)
            sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
