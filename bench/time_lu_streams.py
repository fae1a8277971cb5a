#!/usr/bin/env python3
"""Device time of `linalgx.torch.lu_factor` on PyTorch's default stream and
on a stream of the device's greatest priority, beside
`torch.linalg.lu_factor`, in one process: for the blocked LU's GEMMs put
aside (on the runtime's side stream) against the next panel on the caller's
stream, whose share of the SMs depends on the two streams' priorities and on
LINALGX_CUDA_ASIDE_RESERVED_SMS (read once a process, so one process a
setting). Run on the GPU machine from the pack of scripts/pack-python-gpu.sh
with the PyTorch operator library built:

    python3 time_lu_streams.py LABEL CASE...

CASE is "MxN:dtype" or "BxMxN:dtype"; prints one Markdown row a case:
label, case, then median CUDA-event µs of linalgx on the default stream,
linalgx on the high-priority stream, PyTorch on the default stream, and
linalgx and PyTorch on the default stream *queued*: each call enqueued
behind a wait kernel that outlasts the host's launches, so that the GPU
finds every launch of the call queued — the call's device time without the
host's launch rate on its path (the difference to the first columns is the
time the GPU waited for the host) — and last, linalgx captured once in a CUDA
graph (`torch.cuda.graph`) and replayed: the call with no host launches and
no launch latency between its kernels, what a graph inside the runtime could
reach."""

import statistics
import sys

import numpy as np
import torch

import linalgx.torch as lxt
from profile_host_gaps import parse

CALLS = 30
# The wait queued ahead of a call with queued=True: ~10 ms at 2 GHz, longer
# than the host takes to launch any call timed here.
QUEUE_AHEAD_CYCLES = 20_000_000


def device_us(call, stream, queued=False):
    with torch.cuda.stream(stream):
        for _ in range(3):
            call()
        torch.cuda.synchronize()
        times = []
        for _ in range(CALLS):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            if queued:
                torch.cuda._sleep(QUEUE_AHEAD_CYCLES)
            start.record(stream)
            call()
            end.record(stream)
            end.synchronize()
            times.append(start.elapsed_time(end) * 1e3)
    return statistics.median(times)


def graph_replay_us(call):
    """Device time of one replay of `call` captured in a CUDA graph."""
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        for _ in range(3):
            call()
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        call()
    return device_us(graph.replay, torch.cuda.current_stream())


def main():
    label, cases = sys.argv[1], sys.argv[2:]
    if lxt.operators() is None:
        raise SystemExit("no PyTorch operator library: %s" % lxt.operators_error())
    _, greatest = torch.cuda.Stream.priority_range()
    default, urgent = torch.cuda.current_stream(), torch.cuda.Stream(priority=greatest)
    rng = np.random.default_rng(3)
    for case in cases:
        shape, dtype = parse(case)
        a = torch.as_tensor(rng.standard_normal(shape).astype(dtype)).cuda()
        ours = device_us(lambda: lxt.lu_factor(a), default)
        ours_urgent = device_us(lambda: lxt.lu_factor(a), urgent)
        theirs = device_us(lambda: torch.linalg.lu_factor(a), default)
        ours_queued = device_us(lambda: lxt.lu_factor(a), default, queued=True)
        theirs_queued = device_us(lambda: torch.linalg.lu_factor(a), default, queued=True)
        ours_graphed = graph_replay_us(lambda: lxt.lu_factor(a))
        print("| %s | %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f |"
              % (label, case, ours, ours_urgent, theirs, ours_queued, theirs_queued,
                 ours_graphed), flush=True)
    print("| %s | kernel-chain graphs: captured, replayed, refused, evicted %s |"
          % (label, torch.ops.linalgx._chain_graph_counts()), flush=True)


if __name__ == "__main__":
    main()
