#!/usr/bin/env python3
"""Kernel libraries that must give the same factors, compared bit for bit
(a change of synchronization or of who computes what, not of the
arithmetic), with their device time. On the GPU machine, in the pack of
scripts/pack-python-gpu.sh, one process a library (swap
lib/liblinalgx_cuda_kernels.so between them):

    python3 compare_factors.py run [--small] LABEL OUT.pt
        CUDA-event µs of linalgx.torch.lu_factor (median of 15) on large
        single and batched cases, whether its pivots equal
        torch.linalg.lu_factor_ex's and the largest difference of the factors
        (a Markdown row each); saves the factors to OUT.pt. --small: the
        one-block kernels' sizes instead (square, tall, wide, batched, a
        zero column), with linalgx.torch.lu's permutation and factors saved
        too, and the device time of the LU kernels by PyTorch's profiler.
    python3 compare_factors.py diff REFERENCE.pt OTHER.pt ...
        whether each OTHER's factors equal REFERENCE's bit for bit; exit 1
        if any differ.

Works with or without the PyTorch operator library (linalgx.torch falls
back to its ctypes path)."""

import statistics
import sys
import warnings

import torch

CASES = [((1024, 1024), torch.float64), ((2048, 2048), torch.float64),
         ((2048, 2048), torch.float32), ((3, 1024, 1024), torch.float64),
         ((4096, 4096), torch.float32)]
# Every one-block kernel's sizes: the panel kernel's exact shapes and size
# buckets, tall and wide (a partial last panel, rows past K), batches on
# either side of its small-batch bound; "z" zeroes columns 5 and 72.
SMALL_CASES = [(shape, dtype) for dtype in (torch.float64, torch.float32)
               for shape in [(75, 75), (64, 75, 75), (33, 33), (49, 49), (3, 50, 50),
                             (2, 80, 80), (40, 75), (75, 40), (3, 100, 100),
                             (2, 128, 60), (5, 60, 128), (2, 128, 128), (200, 64, 64),
                             (1, 33, 128), (4, 75, 75, "z")]]
CALLS = 15


def device_us(call):
    """Mean device µs a call of the LU kernels (CUDA kernels named
    linalgx_lu*), by PyTorch's profiler over CALLS calls."""
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(CALLS):
            call()
        torch.cuda.synchronize()
    total = sum(e.device_time_total for e in prof.key_averages()
                if e.key.startswith("linalgx_lu"))
    return total / CALLS


def report(label, case, time, a, lu, pivots):
    """A Markdown row: the library, the case, its time, and whether its
    pivots and factors agree with torch.linalg.lu_factor's (its _ex form:
    the zero-column case is singular)."""
    want_lu, want_pivots, _ = torch.linalg.lu_factor_ex(a)
    difference = float((lu - want_lu).abs().max() / want_lu.abs().max())
    print("| %s | %s | %s | pivots as torch's: %s, largest difference %.2e |"
          % (label, case, time, bool((pivots == want_pivots).all()), difference), flush=True)


def dtype_name(dtype):
    return str(dtype).replace("torch.", "")


def run_small(label, out):
    warnings.simplefilter("ignore")
    import linalgx.torch as lxt

    generator = torch.Generator(device="cuda").manual_seed(11)
    saved = {}
    for shape, dtype in SMALL_CASES:
        zero = shape[-1] == "z"
        shape = shape[:-1] if zero else shape
        a = torch.randn(shape, generator=generator, device="cuda",
                        dtype=torch.float64).to(dtype)
        if zero:
            a[..., 5] = 0
            a[..., 72] = 0
        lu, pivots = lxt.lu_factor(a)
        p, l, u = lxt.lu(a)
        us = device_us(lambda: lxt.lu_factor(a))
        saved[str((shape, dtype, zero))] = (lu.cpu(), pivots.cpu(), p.cpu(), l.cpu(), u.cpu())
        report(label, "%s %s%s" % (shape, dtype_name(dtype), " zero columns" if zero else ""),
               "%.1f" % us, a, lu, pivots)
    torch.save(saved, out)


def run(label, out):
    warnings.simplefilter("ignore")  # the ctypes fallback's warning
    import linalgx.torch as lxt

    generator = torch.Generator(device="cuda").manual_seed(7)
    saved = {}
    for shape, dtype in CASES:
        a = torch.randn(shape, generator=generator, device="cuda",
                        dtype=torch.float64).to(dtype)
        lu, pivots = lxt.lu_factor(a)
        times = []
        for _ in range(CALLS):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            lxt.lu_factor(a)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) * 1e3)
        saved[str((shape, dtype))] = (lu.cpu(), pivots.cpu())
        report(label, "%s %s" % (shape, dtype_name(dtype)), "%.0f" % statistics.median(times),
               a, lu, pivots)
    torch.save(saved, out)


def diff(reference, others):
    want = torch.load(reference)
    same = True
    for other in others:
        got = torch.load(other)
        for case, factors in want.items():
            equal = all(torch.equal(x, y) for x, y in zip(factors, got[case]))
            same = same and equal
            print("%s %s: %s" % (other, case, "bitwise equal" if equal else "DIFFERENT"))
    return 0 if same else 1


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "run":
        return run(sys.argv[2], sys.argv[3])
    if len(sys.argv) == 5 and sys.argv[1:3] == ["run", "--small"]:
        return run_small(sys.argv[3], sys.argv[4])
    if len(sys.argv) >= 4 and sys.argv[1] == "diff":
        return diff(sys.argv[2], sys.argv[3:])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
