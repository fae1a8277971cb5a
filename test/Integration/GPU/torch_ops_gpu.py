#!/usr/bin/env python3
"""linalgx's PyTorch operator library on a GPU (python/linalgx/csrc): built here
against the installed PyTorch with torch.utils.cpp_extension (the arguments
setup.py uses), then checked: results against PyTorch's own, autograd
(gradients equal to PyTorch's to 1e-10 in f64, torch.autograd.gradcheck),
torch.compile(fullgraph=True), CUDA graph capture and replay, bad input, and
per-call times beside torch.linalg.lu_factor.

  python3 torch_ops_gpu.py --source-root SRC --library-dir LIB --build-dir DIR

Prints PASS/FAIL lines and ends with `N passed, N failed`; exit 1 on a
failure. SRC holds the two runtime include directories (the source is the
package's linalgx/csrc), LIB the AOT kernels and the CUDA runtime.
"""

import argparse
import os
import statistics
import sys
import time
import traceback

import torch

passed = failed = 0


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
    generator = torch.Generator(device="cuda").manual_seed(seed)
    if dtype.is_complex:
        real = torch.randn(shape, generator=generator, device="cuda", dtype=torch.float64)
        imag = torch.randn(shape, generator=generator, device="cuda", dtype=torch.float64)
        return torch.complex(real, imag).to(dtype)
    return torch.randn(shape, generator=generator, device="cuda", dtype=torch.float64).to(dtype)


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
    for name, args in [("lu", (a.clone().requires_grad_(),)),
                       ("lu_factor_ex", (a.clone().requires_grad_(),)),
                       ("lu", (a[:5].clone(),)),
                       ("pivots_to_permutation",
                        (torch.tensor([[2, 2, 3], [0, 4, 2]], dtype=torch.int32, device="cuda"), 5))]:
        torch.library.opcheck(getattr(torch.ops.linalgx, name).default, args)
        check("torch.library.opcheck linalgx::%s %s" % (name, tuple(args[0].shape)), True)
    z = a[:4, :4].detach().clone().requires_grad_()
    check("gradgradcheck lu_factor (4, 4)",
          torch.autograd.gradgradcheck(lambda t: lxt.lu_factor(t)[0], (z,)))


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


@case
def cuda_graph(lxt, dtype, shape):
    static_a = random_matrix(shape, dtype, 8)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):  # warm-up on a side stream, as PyTorch's recipe says
            lxt.lu_factor_ex(static_a)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_lu, static_pivots, static_info = lxt.lu_factor_ex(static_a)
    fresh = random_matrix(shape, dtype, 9)
    static_a.copy_(fresh)
    graph.replay()
    torch.cuda.synchronize()
    lu, pivots, info = lxt.lu_factor_ex(fresh)
    check("CUDA graph capture and replay %s %s" % (dtype, shape),
          bool((static_pivots == pivots).all()) and bool((static_lu == lu).all()))


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
          "| linalgx pivots_to_permutation wall | torch.lu_unpack(unpack_data=False) wall |")
    print("|---|---|---|---|---|")
    for shape, dtype in [((75, 75), torch.float64), ((64, 75, 75), torch.float64),
                         ((4096, 32, 32), torch.float64), ((16384, 16, 16), torch.float32),
                         ((1024, 64, 64), torch.float64), ((1024, 1024), torch.float64)]:
        a = random_matrix(shape, dtype, 11)
        ours = measure(lambda: lxt.lu_factor(a))
        theirs = measure(lambda: torch.linalg.lu_factor(a))
        lu, pivots = torch.linalg.lu_factor(a)
        zero_based = pivots - 1
        permutation = measure(lambda: torch.ops.linalgx.pivots_to_permutation(zero_based, shape[-2]))
        unpack = measure(lambda: torch.lu_unpack(lu, pivots, unpack_data=False))
        print("| %s %s | %.1f / %.1f | %.1f / %.1f | %.1f | %.1f |" % (
            shape, str(dtype).replace("torch.", ""), ours[0], ours[1], theirs[0], theirs[1],
            permutation[0], unpack[0]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--library-dir", required=True)
    parser.add_argument("--build-dir", required=True)
    args = parser.parse_args()
    from linalgx import _torch_build  # the package is on PYTHONPATH
    from torch.utils import cpp_extension
    os.makedirs(args.build_dir, exist_ok=True)
    start = time.perf_counter()
    cpp_extension.load(**_torch_build.load_arguments(args.source_root, args.library_dir,
                                                     args.build_dir))
    print("INFO: built the operator library in %.1f s with PyTorch %s"
          % (time.perf_counter() - start, torch.__version__))
    import linalgx.torch as lxt
    check("the operators are loaded", lxt.operators() is not None, str(lxt.operators_error()))
    for dtype in DTYPES:
        for shape in SHAPES:
            matches_torch(lxt, dtype, shape)
    pivots_to_permutation()
    for shape in [(20, 20), (3, 12, 12), (9, 6), (6, 9)]:
        autograd(lxt, shape)
    operator_checks(lxt)
    compiled(lxt)
    bad_input(lxt)
    timing(lxt)
    # Last: a path that cannot be captured ends the process (the CUDA
    # runtime reports the failed call and exits), and the counts with it.
    print("%d passed, %d failed before the CUDA graph checks" % (passed, failed))
    sys.stdout.flush()
    for shape in [(75, 75), (64, 75, 75), (16384, 16, 16), (256, 128, 128), (1024, 1024)]:
        for dtype in DTYPES:
            cuda_graph(lxt, dtype, shape)
            sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
