#!/usr/bin/env python3
"""Per-kernel device time of linalgx.solve and linalgx.lu_solve on CUDA
tensors with many right-hand sides (PyTorch's profiler, CUPTI, mean of 20
calls after warm-up: profile_solve.py's per_kernel): which lu_solve kernel
the host code chose (warp, columns, register columns) and what it cost,
around the crossovers of docs/gpu.md. Run on the GPU machine from the pack of
scripts/pack-python-gpu.sh:

    python3 profile_lu_solve.py
"""
import os
import sys

import numpy as np
import torch

import linalgx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from profile_solve import per_kernel  # noqa: E402

# (matrices, right-hand sides): pairs on either side of the columns kernel's
# threshold (8192 columns in the batch) and the warp kernels' block sizes.
CASES = [((64, 75, 75), 75), ((64, 75, 75), 4), ((1024, 64, 64), 64), ((128, 64, 64), 64),
         ((127, 64, 64), 64), ((16, 128, 128), 128), ((64, 128, 128), 128),
         ((256, 48, 48), 32), ((255, 48, 48), 32)]


def main():
    rng = np.random.default_rng(1)
    for shape, rhs in CASES:
        a = torch.as_tensor(rng.standard_normal(shape)).cuda()
        b = torch.as_tensor(rng.standard_normal(shape[:-1] + (rhs,))).cuda()
        lu, piv = torch.linalg.lu_factor(a)
        piv0 = (piv - 1).to(torch.int32).contiguous()
        lu = lu.contiguous()
        for name, call in [("solve", lambda: linalgx.solve(a, b)),
                           ("lu_solve", lambda: linalgx.lu_solve((lu, piv0), b))]:
            totals = per_kernel(call)
            print("## %s %s rhs %d: %.1f us" % (name, shape, rhs, sum(totals.values())))
            for kernel, us in totals.most_common():
                print("  %-80s %.1f" % (kernel[:80], us))


if __name__ == "__main__":
    main()
