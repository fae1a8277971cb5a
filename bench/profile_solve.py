#!/usr/bin/env python3
"""Where a linalgx solve, determinant or inverse spends its device time,
and PyTorch's own (torch.linalg) beside it: the GPU activity of one call on
CUDA tensors, per kernel (and copy or memset), from PyTorch's profiler
(CUPTI), averaged over 20 calls after warm-up. Run on the GPU machine from
the pack of scripts/pack-python-gpu.sh:

    python3 profile_solve.py OUTDIR

Writes OUTDIR/profile_solve.md. Names are the generated kernels'
(docs/gpu.md), cuSOLVER's and PyTorch's.
"""

import collections
import os
import sys

import numpy as np
import torch
from torch.profiler import ProfilerActivity, profile

import linalgx

CASES = [("solve", (4096, 32, 32), 1, "float64"), ("solve", (75, 75), 1, "float64"),
         ("solve", (1024, 64, 64), 1, "float64"), ("solve", (64, 75, 75), 75, "float64"),
         ("inv", (4096, 32, 32), None, "float64"), ("det", (1000000, 3, 3), None, "float32"),
         ("solve", (4096, 4096), 1, "float32")]
CALLS = 20


def per_kernel(call, launches=None, calls=CALLS):
    """{kernel: µs a call} of `call`, mean of `calls` after a warm-up call;
    `launches` (a Counter), when given, receives each kernel's launches a
    call."""
    call()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            call()
        torch.cuda.synchronize()
    totals = collections.Counter()
    for event in prof.events():
        if event.device_type == torch.autograd.DeviceType.CUDA:
            totals[event.name] += event.time_range.elapsed_us() / calls
            if launches is not None:
                launches[event.name] += 1 / calls
    return totals


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(5)
    lines = ["Device µs per call by kernel (CUPTI, mean of %d calls), %s, torch %s\n"
             % (CALLS, torch.cuda.get_device_name(), torch.__version__)]
    for operation, shape, rhs, dtype in CASES:
        a = torch.as_tensor(rng.standard_normal(shape).astype(dtype)).cuda()
        if operation == "solve":
            b = torch.as_tensor(rng.standard_normal(shape[:-1] + (rhs,)).astype(dtype)).cuda()
            calls = {"linalgx": lambda: linalgx.solve(a, b),
                     "torch.linalg": lambda: torch.linalg.solve(a, b)}
        else:
            calls = {"linalgx": lambda: getattr(linalgx, operation)(a),
                     "torch.linalg": lambda: getattr(torch.linalg, operation)(a)}
        label = "%s %s %s%s" % (operation, shape, dtype, " rhs %d" % rhs if rhs else "")
        # PyTorch's own kernels beside ours: where a tie or a loss comes from.
        for who, call in calls.items():
            totals = per_kernel(call)
            lines.append("\n## %s, %s: %.1f µs\n\n| kernel | µs |\n|---|---:|" % (
                label, who, sum(totals.values())))
            lines += ["| %s | %.1f |" % (name[:90], us) for name, us in totals.most_common()]
            print("\n".join(lines[-len(totals) - 3:]), flush=True)
    with open(os.path.join(out, "profile_solve.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
