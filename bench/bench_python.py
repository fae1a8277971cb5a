#!/usr/bin/env python3
"""Times linalgx's Python GPU entry points against JAX's and PyTorch's own
LU, per call, on the cases of the GPU issue (run on the GPU machine from the
pack of scripts/pack-python-gpu.sh):

    linalgx.jax.lu (jit)        vs  jax.lax.linalg.lu (jit)
    linalgx.torch.lu (P, L, U)  vs  torch.linalg.lu_factor + torch.lu_unpack
    linalgx.torch.lu_factor     vs  torch.linalg.lu_factor

All on random data (a fresh normal matrix per case, the same for every
entry point), after warm-up (compilation, module load, handles). Per entry
point and case, the median of:

* wall: host time of one call plus synchronization (block_until_ready /
  torch.cuda.synchronize), i.e. what a synchronous caller waits;
* device: PyTorch entry points, CUDA events recorded on the current stream
  around one call (elapsed device time of everything the call queued); JAX
  entry points, whose stream is XLA's, the time per call of a pipelined run
  (`reps` calls queued back to back, one synchronization, divided by
  `reps`), which approaches device time when the host enqueues faster than
  the GPU runs (true for all cases here except the smallest, where it is an
  upper bound).
* GPU span and busy time (PyTorch lu_factor entry points), from PyTorch's
  profiler (CUPTI: kernels, copies, memsets) over one synchronized call:
  the span runs from the first activity's start to the last one's end (the
  gaps between a multi-launch path's kernels count as device time, as in
  the events), the busy time is the union of the activities (overlapping
  streams count once; what the GPU did). Wall minus each is the call's host
  overhead, two ways. Measured after every timing: once CUPTI has been
  enabled, later launches cost more.
* floors: the synchronous wall time of a trivial jitted JAX function and of
  a trivial PyTorch op on the same input, what any call through these
  frameworks costs at least.

Writes bench_python.jsonl and table.md to the output directory; prints the
table last.
"""

import bisect
import collections
import json
import os
import statistics
import sys
import time

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
import numpy as np  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import torch  # noqa: E402

jax.config.update("jax_enable_x64", True)

import linalgx.jax  # noqa: E402
import linalgx.torch  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from profile_host_gaps import parse  # noqa: E402  (the bench scripts' cases)

CASES = [((75, 75), "float64"), ((64, 75, 75), "float64"), ((75, 75), "float32"),
         ((64, 75, 75), "float32"), ((4096, 32, 32), "float64"), ((16384, 16, 16), "float32"),
         ((1024, 64, 64), "float64"), ((256, 128, 128), "float64"), ((1024, 1024), "float64"),
         ((4096, 4096), "float32"), ((8, 512, 512), "float64")]


# LINALGX_BENCH_CASES="75x75:float64 8192x8192:float64" runs those cases
# instead, in that order (any shape).
if os.environ.get("LINALGX_BENCH_CASES"):
    CASES = [parse(text) for text in os.environ["LINALGX_BENCH_CASES"].split()]


def repetitions(one_call_s, budget_s=0.4, low=5, high=200):
    return int(min(high, max(low, budget_s / max(one_call_s, 1e-6))))


def time_jax(f, x):
    jax.block_until_ready(f(x))  # compile
    t0 = time.perf_counter()
    jax.block_until_ready(f(x))
    reps = repetitions(time.perf_counter() - t0)
    for _ in range(3):
        jax.block_until_ready(f(x))
    wall = []
    for _ in range(reps):
        t0 = time.perf_counter()
        jax.block_until_ready(f(x))
        wall.append(time.perf_counter() - t0)
    pipelined = []
    for _ in range(3):
        t0 = time.perf_counter()
        outs = [f(x) for _ in range(reps)]
        jax.block_until_ready(outs)
        pipelined.append((time.perf_counter() - t0) / reps)
        del outs
    return statistics.median(wall), statistics.median(pipelined), reps


def time_torch(f, x):
    f(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    f(x)
    torch.cuda.synchronize()
    reps = repetitions(time.perf_counter() - t0)
    for _ in range(3):
        f(x)
    torch.cuda.synchronize()
    wall, device = [], []
    for _ in range(reps):
        t0 = time.perf_counter()
        f(x)
        torch.cuda.synchronize()
        wall.append(time.perf_counter() - t0)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(reps):
        start.record()
        f(x)
        end.record()
        end.synchronize()
        device.append(start.elapsed_time(end) * 1e-3)
    return statistics.median(wall), statistics.median(device), reps


CALL_MARK = "linalgx_bench_call"
# Host overheads below this many µs are within the timing noise of a call.
MIN_OVERHEAD_US = 1.0


def gpu_span_torch(f, x, calls=20):
    """(span, busy) seconds of one call's GPU activities (kernels, copies,
    memsets, by CUPTI), medians over `calls` synchronized calls. The span
    runs from the first activity's start to the last one's end, so it counts
    the gaps between a call's launches as device time; busy is the union of
    the activities' intervals (overlapping streams count once), the device
    time the profiler sees. A GPU activity belongs to the last call that
    started before it on the host."""
    from torch.profiler import ProfilerActivity, profile, record_function
    f(x)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            with record_function(CALL_MARK):
                f(x)
                torch.cuda.synchronize()
    events = prof.events()
    cuda = torch.autograd.DeviceType.CUDA
    starts = sorted(e.time_range.start for e in events
                    if e.name == CALL_MARK and e.device_type != cuda)
    intervals = collections.defaultdict(list)
    for e in events:
        if e.device_type != cuda or e.name == CALL_MARK:
            continue
        call = max(bisect.bisect_right(starts, e.time_range.start) - 1, 0)
        intervals[call].append((e.time_range.start, e.time_range.end))
    spans = [max(end for _, end in acts) - min(start for start, _ in acts)
             for acts in intervals.values()]
    busy = [covered_time(acts) for acts in intervals.values()]
    return statistics.median(spans) * 1e-6, statistics.median(busy) * 1e-6


def covered_time(intervals):
    """The length of the union of (start, end) intervals."""
    covered, reach = 0, float("-inf")
    for start, end in sorted(intervals):
        covered += max(0, end - max(start, reach))
        reach = max(reach, end)
    return covered


def torch_lu_reference(a):
    lu, piv = torch.linalg.lu_factor(a)
    return torch.lu_unpack(lu, piv)


def chain_graphs_note():
    """What the PyTorch operators' kernel-chain graph cache did in this run."""
    operators = linalgx.torch.operators()
    if operators is None:
        return "no PyTorch operator library"
    captured, replayed, refused, evicted = operators._chain_graph_counts()
    return ("kernel-chain graphs (LINALGX_TORCH_GRAPH_MIB %s): captured %d, replayed %d, "
            "refused %d, evicted %d" % (os.environ.get("LINALGX_TORCH_GRAPH_MIB", "unset"),
                                       captured, replayed, refused, evicted))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(7)
    rows = []
    env = "jax %s, torch %s, %s" % (jax.__version__, torch.__version__,
                                   torch.cuda.get_device_name())
    print(env, flush=True)
    jit_linalgx = jax.jit(linalgx.jax.lu)
    jit_jax = jax.jit(jax.lax.linalg.lu)
    jit_floor = jax.jit(lambda v: v + 1)
    entries = [("linalgx.jax.lu", time_jax, jit_linalgx),
               ("jax.lax.linalg.lu", time_jax, jit_jax),
               ("linalgx.torch.lu", time_torch, linalgx.torch.lu),
               ("torch lu_factor+lu_unpack", time_torch, torch_lu_reference),
               ("linalgx.torch.lu_factor", time_torch, linalgx.torch.lu_factor),
               ("torch.linalg.lu_factor", time_torch, torch.linalg.lu_factor),
               ("floor: jax.jit(x + 1)", time_jax, jit_floor),
               ("floor: torch x + 1", time_torch, lambda v: v + 1)]
    # LINALGX_BENCH_ENTRIES="linalgx.torch.lu_factor,torch.linalg.lu_factor" times only
    # those entry points (a quick comparison of kernel libraries, one process each).
    if os.environ.get("LINALGX_BENCH_ENTRIES"):
        wanted = os.environ["LINALGX_BENCH_ENTRIES"].split(",")
        unknown = set(wanted) - {name for name, _, _ in entries}
        if unknown:
            sys.exit("LINALGX_BENCH_ENTRIES: unknown entry points %s" % sorted(unknown))
        entries = [e for e in entries if e[0] in wanted]
    inputs = []
    log = open(os.path.join(out, "bench_python.jsonl"), "w")
    for shape, dtype in CASES:
        a = rng.standard_normal(shape).astype(dtype)
        x = jax.device_put(jnp.asarray(a))
        t = torch.as_tensor(a).cuda()
        label = "(%s) %s" % (",".join(map(str, shape)), "f64" if dtype == "float64" else "f32")
        row = {"case": label}
        for name, timer, f in entries:
            wall, device, reps = timer(f, x if timer is time_jax else t)
            row[name] = [wall, device, None, None]
            log.write(json.dumps({"case": label, "entry": name, "wall_s": wall,
                                  "device_s": device, "reps": reps,
                                  "device_kind": "pipelined" if timer is time_jax
                                  else "cuda_events"}) + "\n")
            log.flush()
            print("%-22s %-26s wall %10.1f us  device %10.1f us  (%d reps)"
                  % (label, name, wall * 1e6, device * 1e6, reps), flush=True)
            # PyTorch's cache otherwise keeps the GPU memory that JAX's
            # allocator then waits for (on an 80 GB H100, at 8192² f64).
            torch.cuda.empty_cache()
        rows.append(row)
        inputs.append(t)
        del x
    spanned = [e for e in ("linalgx.torch.lu_factor", "torch.linalg.lu_factor")
               if any(n == e for n, _, _ in entries)]
    for row, t in zip(rows, inputs):
        for name in spanned:
            f = next(f for n, _, f in entries if n == name)
            row[name][2:] = span, busy = gpu_span_torch(f, t)
            log.write(json.dumps({"case": row["case"], "entry": name,
                                  "gpu_span_s": span, "gpu_busy_s": busy}) + "\n")
            print("%-22s %-26s GPU span %10.1f us  busy %10.1f us"
                  % (row["case"], name, span * 1e6, busy * 1e6), flush=True)
    log.close()
    names = [name for name, _, _ in entries]
    lines = ["| case | " + " | ".join(names) + " |",
             "|---|" + "---:|" * len(names)]
    for row in rows:
        lines.append("| %s | " % row["case"] + " | ".join(
            "%.0f / %.0f" % (row[n][1] * 1e6, row[n][0] * 1e6) for n in names) + " |")
    table = ("µs per call, device / wall (median). Device: JAX columns pipelined time per "
             "call, PyTorch columns CUDA events. %s; %s\n\n" % (env, chain_graphs_note())
             ) + "\n".join(lines) + "\n"
    if len(spanned) == 2:
        table += host_overhead_table(rows)
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write(table)
    print(table)


def host_overhead_table(rows):
    """Wall minus the GPU time the profiler saw, ours beside PyTorch's, two
    ways: minus the span (first to last activity: a peer that launches many
    kernels counts the host work between them as device time) and minus the
    busy time (the union of the activities: what the GPU did)."""
    lines = ["| case | linalgx.torch.lu_factor GPU span / busy / wall "
             "| torch.linalg.lu_factor GPU span / busy / wall "
             "| overhead over span, ours / PyTorch's (ratio) "
             "| overhead over busy, ours / PyTorch's (ratio) |",
             "|---|---:|---:|---:|---:|"]

    def overheads(ours, theirs, index):
        over = [(entry[0] - entry[index]) * 1e6 for entry in (ours, theirs)]
        # Where the span is milliseconds long, wall minus span is timing noise
        # (it goes negative), and a ratio of noise means nothing.
        ratio = ("%.2f" % (over[0] / over[1])
                 if min(over) >= MIN_OVERHEAD_US else "–")
        return "%.1f / %.1f (%s)" % (over[0], over[1], ratio)

    for row in rows:
        ours, theirs = row["linalgx.torch.lu_factor"], row["torch.linalg.lu_factor"]
        times = ["%.1f / %.1f / %.1f" % (e[2] * 1e6, e[3] * 1e6, e[0] * 1e6)
                 for e in (ours, theirs)]
        lines.append("| %s | %s | %s | %s | %s |" % (
            row["case"], *times, overheads(ours, theirs, 2), overheads(ours, theirs, 3)))
    return ("\nHost overhead per call, µs: synchronous wall time minus the GPU time of one "
            "call from PyTorch's profiler, as its span (first to last kernel, copy or "
            "memset) and as its busy time (the union of those activities). The ratio is "
            "left out (–) where either overhead is under %g µs.\n\n" % MIN_OVERHEAD_US
            + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
