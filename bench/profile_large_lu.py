#!/usr/bin/env python3
"""Where a large LU's device time goes: for each case, the kernels of one
linalgx.torch.lu_factor call and of one torch.linalg.lu_factor call grouped
by name (launches, µs, share of the call's kernel time), from PyTorch's
profiler (mean of CALLS calls after a warm-up call: profile_solve.py's
per_kernel), with the TFLOP/s of the (2/3)·n³-per-matrix count. Run on the
GPU machine from the pack of scripts/pack-python-gpu.sh with the PyTorch
operator library built:

    python3 profile_large_lu.py OUTDIR [CASE...]

CASE is "BxMxN:dtype" (default: the large-matrix issue's cases). Writes
OUTDIR/large_lu_kernels.md.
"""

import collections
import math
import os
import sys

import numpy as np
import torch

import linalgx.torch as lxt

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from profile_host_gaps import parse  # noqa: E402
from profile_solve import per_kernel  # noqa: E402

CALLS = 5
DEFAULT_CASES = ["8x512x512:float64", "256x128x128:float64", "1x1024x1024:float64",
                 "1x2048x2048:float64", "1x4096x4096:float32", "32x1024x1024:float32"]


def kernels_of(call):
    """{kernel name: (launches, µs)} a call."""
    launches = collections.Counter()
    times = per_kernel(call, launches, CALLS)
    return {k: (launches[k], times[k]) for k in times}


def table(kernels, flops):
    total = sum(us for _, us in kernels.values())
    lines = ["kernels %.1f µs a call (%.2f TFLOP/s)\n" % (total, flops / total / 1e6),
             "| kernel | launches | µs | share |", "|---|---:|---:|---:|"]
    for name, (count, us) in sorted(kernels.items(), key=lambda kv: -kv[1][1])[:12]:
        lines.append("| %s | %.0f | %.1f | %.1f %% |" % (name[:90], count, us, 100 * us / total))
    return lines


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    cases = sys.argv[2:] or DEFAULT_CASES
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(12)
    lines = ["# Kernels of a large LU (µs a call, PyTorch's profiler, mean of %d calls), %s, "
             "torch %s\n" % (CALLS, torch.cuda.get_device_name(), torch.__version__)]
    for case in cases:
        shape, dtype = parse(case)
        a = torch.as_tensor(rng.standard_normal(shape).astype(dtype)).cuda()
        n = shape[-1]
        flops = math.prod(shape[:-2]) * 2.0 / 3.0 * n ** 3
        for who, call in [("linalgx.torch.lu_factor", lambda: lxt.lu_factor(a)),
                          ("torch.linalg.lu_factor", lambda: torch.linalg.lu_factor(a))]:
            lines.append("\n## %s %s, %s\n" % (shape, dtype, who))
            lines += table(kernels_of(call), flops)
            print("\n".join(lines[-14:]), flush=True)
        del a
        torch.cuda.empty_cache()
    with open(os.path.join(out, "large_lu_kernels.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
