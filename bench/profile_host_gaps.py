#!/usr/bin/env python3
"""Where the host time of one synchronous call goes, for linalgx's PyTorch
entry points beside PyTorch's own: per call (mean of CALLS calls after
warm-up, PyTorch's profiler with CPU and CUDA activities), the wall time of
the call and its synchronization, the GPU activity (kernels, copies,
memsets: count and time, and by name), the idle GPU time before the first kernel,
between kernels and after the last, and the CUDA runtime and driver calls
the host made (count and host time). Run on the GPU machine from the pack of
scripts/pack-python-gpu.sh, with the PyTorch operator library built:

    python3 profile_host_gaps.py OUTDIR [CASE...]

CASE is "MxN:dtype" or "BxMxN:dtype" (default: the large cases of the
framework issue, 1024x1024:float64 and 4096x4096:float32). Writes
OUTDIR/host_gaps.md.
"""

import collections
import os
import sys

import numpy as np
import torch
from torch.profiler import ProfilerActivity, profile, record_function

import linalgx.torch as lxt

CALLS = 20
DEFAULT_CASES = ["1024x1024:float64", "4096x4096:float32"]


def parse(case):
    """'8x512x512:float64' -> ((8, 512, 512), 'float64'); exits naming a
    malformed case rather than leaving it out (the bench scripts' cases)."""
    shape, _, dtype = case.partition(":")
    try:
        dims = tuple(int(d) for d in shape.split("x"))
    except ValueError:
        dims = ()
    if len(dims) < 2 or min(dims) < 1 or dtype not in ("float32", "float64"):
        sys.exit("%r is not a case such as 75x75:float64 or 8x512x512:float32"
                 % case)
    return dims, dtype


def profile_calls(call):
    """Per-call means of the wall, GPU activity and host API calls."""
    for _ in range(5):
        call()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(CALLS):
            with record_function("measured_call"):
                call()
                torch.cuda.synchronize()
    events = list(prof.events())
    calls = sorted((e for e in events if e.name == "measured_call"),
                   key=lambda e: e.time_range.start)
    gpu = sorted((e for e in events if e.device_type == torch.autograd.DeviceType.CUDA),
                 key=lambda e: e.time_range.start)
    api = [e for e in events if e.device_type == torch.autograd.DeviceType.CPU
           and e.name.startswith(("cuda", "cu")) and not e.name.startswith("cudnn")]
    totals = collections.Counter()
    kernels = collections.Counter()
    api_counts, api_us = collections.Counter(), collections.Counter()
    for c in calls:
        lo, hi = c.time_range.start, c.time_range.end
        mine = [g for g in gpu if lo <= g.time_range.start < hi]
        totals["wall"] += hi - lo
        totals["activities"] += len(mine)
        totals["busy"] += sum(g.time_range.elapsed_us() for g in mine)
        for g in mine:
            kernels[g.name] += g.time_range.elapsed_us()
        if mine:
            totals["before first"] += mine[0].time_range.start - lo
            totals["after last"] += hi - max(g.time_range.end for g in mine)
            end = mine[0].time_range.end
            for g in mine[1:]:
                totals["between"] += max(0, g.time_range.start - end)
                end = max(end, g.time_range.end)
        for e in api:
            if lo <= e.time_range.start < hi:
                api_counts[e.name] += 1
                api_us[e.name] += e.time_range.elapsed_us()
    n = len(calls)
    return ({k: v / n for k, v in totals.items()},
            {k: (api_counts[k] / n, api_us[k] / n) for k in api_counts},
            {k: v / n for k, v in kernels.items()})


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    cases = sys.argv[2:] or DEFAULT_CASES
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(11)
    lines = ["Host time of one synchronous call (µs, mean of %d calls under PyTorch's profiler, "
             "which adds its own cost to every API call), %s, torch %s\n"
             % (CALLS, torch.cuda.get_device_name(), torch.__version__)]
    for case in cases:
        shape, dtype = parse(case)
        a = torch.as_tensor(rng.standard_normal(shape).astype(dtype)).cuda()
        for who, call in [("linalgx.torch.lu_factor", lambda: lxt.lu_factor(a)),
                          ("torch.linalg.lu_factor", lambda: torch.linalg.lu_factor(a)),
                          ("linalgx.torch.lu", lambda: lxt.lu(a)),
                          ("torch.linalg.lu", lambda: torch.linalg.lu(a))]:
            t, calls, kernels = profile_calls(call)
            first = len(lines)
            lines.append("\n## %s %s, %s\n" % (shape, dtype, who))
            lines.append("wall %.1f; GPU activity %.1f in %.1f kernels/copies; GPU idle: %.1f "
                         "before the first, %.1f between, %.1f after the last\n"
                         % (t["wall"], t["busy"], t["activities"], t.get("before first", 0),
                            t.get("between", 0), t.get("after last", 0)))
            lines.append("| host API call | calls | µs |\n|---|---:|---:|")
            for name, (count, us) in sorted(calls.items(), key=lambda kv: -kv[1][1]):
                lines.append("| %s | %.1f | %.1f |" % (name, count, us))
            lines.append("\n| GPU activity | µs a call |\n|---|---:|")
            for name, us in sorted(kernels.items(), key=lambda kv: -kv[1])[:8]:
                lines.append("| %s | %.1f |" % (name[:90], us))
            print("\n".join(lines[first:]), flush=True)
    with open(os.path.join(out, "host_gaps.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
