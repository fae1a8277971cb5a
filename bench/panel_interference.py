#!/usr/bin/env python3
"""How much a register panel slows down beside other work on the GPU: the
panel kernels of one `linalgx.torch.lu_factor` call on a tall 32-column
matrix (one panel: the kernel that factors every panel of a large LU), alone
and while another stream runs a DRAM-bound copy, an L2-resident copy or a
compute-bound FP32 matmul (the kinds of work the blocked LU's GEMMs put aside
are). Kernel durations from PyTorch's profiler, median of CALLS calls, the
other stream's work queued first and the panel after a short device-side
sleep so that it starts inside it. Run on the GPU machine from the pack of
scripts/pack-python-gpu.sh with the PyTorch operator library built:

    python3 panel_interference.py [CASE...]

CASE is "MxN:dtype" or "BxMxN:dtype" (default 4096x32:float32 and
2048x32:float64); prints one Markdown row a case.
"""

import os
import statistics
import sys

import numpy as np
import torch
from torch.profiler import ProfilerActivity, profile

import linalgx.torch as lxt

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from profile_host_gaps import parse  # noqa: E402

CALLS = 15
SLEEP_CYCLES = 40_000  # ~20 µs: the other stream's work is running by then


def interferers():
    """{name: callable queuing work on the current stream that outlasts a
    panel}."""
    big = torch.empty(1 << 28, device="cuda")  # 1 GiB: DRAM-bound copies
    big_out = torch.empty_like(big)
    small = torch.empty(1 << 22, device="cuda")  # 16 MiB: L2-resident copies
    small_out = torch.empty_like(small)
    m = torch.randn(4096, 4096, device="cuda")
    torch.backends.cuda.matmul.allow_tf32 = False

    def l2_copies():
        for _ in range(40):
            small_out.copy_(small)

    return {"alone": None, "DRAM copy": lambda: big_out.copy_(big),
            "L2 copies": l2_copies, "FP32 matmul": lambda: m @ m}


def panel_us(call, work, side):
    def once():
        if work is not None:
            with torch.cuda.stream(side):
                work()
            torch.cuda._sleep(SLEEP_CYCLES)
        call()

    once()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(CALLS):
            once()
            torch.cuda.synchronize()
    durations = [e.time_range.elapsed_us() for e in prof.events()
                 if e.device_type == torch.autograd.DeviceType.CUDA
                 and "register_panel" in e.name]
    return statistics.median(durations) if durations else float("nan")


def main():
    cases = sys.argv[1:] or ["4096x32:float32", "2048x32:float64"]
    side = torch.cuda.Stream()
    work = interferers()
    print("| case | " + " | ".join(work) + " |")
    print("|---|" + "---:|" * len(work))
    rng = np.random.default_rng(5)
    for case in cases:
        shape, dtype = parse(case)
        a = torch.as_tensor(rng.standard_normal(shape).astype(dtype)).cuda()
        row = [panel_us(lambda: lxt.lu_factor(a), w, side) for w in work.values()]
        print("| %s | " % case + " | ".join("%.1f" % us for us in row) + " |", flush=True)


if __name__ == "__main__":
    main()
