#!/usr/bin/env python3
"""The timeline of one large `linalgx.torch.lu_factor` call: every kernel,
copy and memset with its start (µs from the call's first activity), duration
and stream, from PyTorch's profiler (a Chrome trace of one call after
warm-up). Summarizes, per stream, the busy time and the idle gaps between
activities, and, for each kernel name, each launch's duration in call
order with how many activities of other streams ran at its start (the
side stream's GEMMs beside a panel). Run on the GPU machine from the pack of
scripts/pack-python-gpu.sh with the PyTorch operator library built:

    python3 trace_large_lu.py [--urgent] OUTDIR [CASE...]

CASE is "MxN:dtype" or "BxMxN:dtype" (default 4096x4096:float32); --urgent
makes the call on a stream of the device's greatest priority (the runtime's
side stream takes the caller's priority unless told otherwise). Writes
OUTDIR/trace_<case>.md.
"""

import collections
import json
import os
import sys
import tempfile

import numpy as np
import torch
from torch.profiler import ProfilerActivity, profile

import linalgx.torch as lxt

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from profile_host_gaps import parse  # noqa: E402

GPU_CATEGORIES = ("kernel", "gpu_memcpy", "gpu_memset")


def gpu_activities(call):
    """[(start µs, duration µs, stream, name)] of one call, sorted by start."""
    for _ in range(3):
        call()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        call()
        torch.cuda.synchronize()
    with tempfile.NamedTemporaryFile(suffix=".json") as trace:
        prof.export_chrome_trace(trace.name)
        events = json.load(open(trace.name))["traceEvents"]
    rows = [(float(e["ts"]), float(e.get("dur", 0)), e.get("args", {}).get("stream", -1),
             e["name"]) for e in events if e.get("cat") in GPU_CATEGORIES]
    rows.sort()
    t0 = rows[0][0]
    return [(s - t0, d, stream, name) for s, d, stream, name in rows]


def stream_summary(rows):
    lines = ["| stream | activities | busy µs | idle gaps µs | first → last µs |",
             "|---|---:|---:|---:|---:|"]
    for stream in sorted({r[2] for r in rows}):
        mine = [r for r in rows if r[2] == stream]
        gaps = sum(max(0.0, b[0] - (a[0] + a[1])) for a, b in zip(mine, mine[1:]))
        lines.append("| %s | %d | %.1f | %.1f | %.1f → %.1f |" % (
            stream, len(mine), sum(r[1] for r in mine), gaps, mine[0][0],
            mine[-1][0] + mine[-1][1]))
    return lines


def launches_by_name(rows):
    """Each name's launches in call order: duration and how many activities
    of other streams were running when it started."""
    by_name = collections.defaultdict(list)
    for start, dur, stream, name in rows:
        beside = sum(1 for s, d, st, _ in rows if st != stream and s <= start < s + d)
        by_name[name].append((dur, beside))
    lines = []
    for name, runs in sorted(by_name.items(), key=lambda kv: -sum(d for d, _ in kv[1])):
        durations = [d for d, _ in runs]
        lines.append("- `%s`: %d launches, %.1f µs (median %.1f); in order (µs, activities "
                     "beside at start): %s" % (
                         name[:90], len(runs), sum(durations), float(np.median(durations)),
                         " ".join("%.1f/%d" % r for r in runs)))
    return lines


def main():
    args = sys.argv[1:]
    urgent = bool(args) and args[0] == "--urgent"
    args = args[1:] if urgent else args
    out = args[0] if args else "."
    cases = args[1:] or ["4096x4096:float32"]
    stream = torch.cuda.Stream(priority=torch.cuda.Stream.priority_range()[1]) if urgent \
        else torch.cuda.current_stream()
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(12)
    for case in cases:
        shape, dtype = parse(case)
        a = torch.as_tensor(rng.standard_normal(shape).astype(dtype)).cuda()
        with torch.cuda.stream(stream):
            rows = gpu_activities(lambda: lxt.lu_factor(a))
        end = max(s + d for s, d, _, _ in rows)
        lines = ["# One `linalgx.torch.lu_factor` call, %s %s, %s%s\n" % (
            shape, dtype, torch.cuda.get_device_name(),
            ", on a stream of the greatest priority" if urgent else ""),
            "first activity to last end: %.1f µs\n" % end] + stream_summary(rows) + [""]
        lines += launches_by_name(rows)
        lines += ["", "## Timeline (start µs, duration µs, stream, kernel)", ""]
        lines += ["%.1f %.1f %s %s" % (s, d, st, n[:80]) for s, d, st, n in rows]
        path = os.path.join(out, "trace_%s%s.md" % (case.replace(":", "_"),
                                                    "_urgent" if urgent else ""))
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join(lines[:12]))


if __name__ == "__main__":
    main()
