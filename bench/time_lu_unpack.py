#!/usr/bin/env python3
"""Device time of linalgx::lu_unpack's CUDA kernel beside PyTorch's
torch.lu_unpack, and the bandwidth it reaches: per case, the kernels' time
from PyTorch's profiler (total over CALLS calls after warm-up, divided by
CALLS), the bytes the kernel must move (LU and the permutation read, P, L
and U written) and what that makes in TB/s. Each output is first checked exactly
against P, L and U built from ATen ops on the GPU. Run on the GPU machine
from the pack of scripts/pack-python-gpu.sh, with an operator library built:

    python3 time_lu_unpack.py LABEL OPERATOR_LIBRARY.so

Two builds of the library (say, before and after a change of the kernel)
are timed by two processes, since one process loads torch.ops.linalgx once.
"""

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from profile_solve import per_kernel  # noqa: E402  (µs a call of each kernel)

CALLS = 50
CASES = [((75, 75), torch.float64), ((64, 75, 75), torch.float64),
         ((4096, 32, 32), torch.float64), ((16384, 16, 16), torch.float32),
         ((1024, 64, 64), torch.float64), ((1024, 1024), torch.float64),
         ((4096, 4096), torch.float32), ((4096, 9, 13), torch.float32)]


def expected(lu, permutation):
    """P, L, U by ATen ops: P[b, i, j] = (permutation[b, j] == i)."""
    m, n = lu.shape[-2:]
    k = min(m, n)
    p = torch.nn.functional.one_hot(permutation.long(), m).transpose(-2, -1).to(lu.dtype)
    eye = torch.eye(m, k, dtype=lu.dtype, device=lu.device)
    return p, lu[..., :k].tril(-1) + eye, lu[..., :k, :].triu()


def device_us(function):
    """Device µs a call of all of `function`'s kernels."""
    return sum(per_kernel(function, calls=CALLS).values())


def main():
    label, library = sys.argv[1], sys.argv[2]
    torch.ops.load_library(library)
    print("%s: %s, torch %s" % (label, torch.cuda.get_device_name(), torch.__version__))
    print("| case | linalgx::lu_unpack µs | bytes moved | TB/s | torch.lu_unpack µs | exact |")
    print("|---|---:|---:|---:|---:|---|")
    generator = torch.Generator(device="cuda").manual_seed(5)
    for shape, dtype in CASES:
        m, n = shape[-2:]
        k = min(m, n)
        batch = 1 if len(shape) == 2 else shape[0]
        lu = torch.randn(shape, dtype=dtype, device="cuda", generator=generator)
        permutation = torch.argsort(
            torch.rand(*shape[:-1], device="cuda", generator=generator), dim=-1).to(torch.int32)
        got = torch.ops.linalgx.lu_unpack(lu, permutation)
        exact = all(bool((g == w).all()) for g, w in zip(got, expected(lu, permutation)))
        ours = device_us(lambda: torch.ops.linalgx.lu_unpack(lu, permutation))
        pivots = torch.arange(1, k + 1, dtype=torch.int32, device="cuda").expand(*shape[:-2], k)
        theirs = device_us(lambda: torch.lu_unpack(lu, pivots.contiguous()))
        size = lu.element_size()
        # LU and the permutation read once, P, L and U written.
        moved = batch * (size * (m * n + m * m + m * k + k * n) + 4 * m)
        print("| %s %s | %.1f | %.1f MB | %.2f | %.1f | %s |" % (
            shape, str(dtype).replace("torch.", ""), ours, moved / 1e6, moved / ours / 1e6,
            theirs, "yes" if exact else "NO"))


if __name__ == "__main__":
    main()
