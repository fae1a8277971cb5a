#!/usr/bin/env python3
"""Splits the synchronous wall time of an LU call across the layers a user
goes through, in one process, the layers interleaved round by round so that
drift hits them alike (median over rounds of each round's median):

PyTorch, per case:
  entry        the AOT entry `_mlir_ciface_linalgx_lu_factor_<t>` through
               ctypes on outputs allocated once (linalgx's own host path);
  entry+alloc  the same with the outputs allocated per call (torch.empty);
  op           torch.ops.linalgx.lu_factor_ex (dispatcher, Autograd kernel);
  op/inference the same under torch.inference_mode();
  wrapper      linalgx.torch.lu_factor (the Python checks on top);
  torch        torch.linalg.lu_factor; and `x + 1`, the floor;
  lu           linalgx.torch.lu (torch.ops.linalgx.linalg_lu: one dispatch);
  lu/two ops   torch.ops.linalgx.lu then lu_unpack (what it replaced);
  torch lu     torch.linalg.lu.
Then one call of the op and of torch.linalg.lu_factor under PyTorch's
profiler: the host events of the call in order (offset from the call's
start, duration) and where the first GPU activity starts.

JAX, per case: jax.jit of `x + 1`, of a function with linalgx.jax.lu's four
outputs (lu, pivots, permutation, info as cheap XLA ops), linalgx.jax.lu and
jax.lax.linalg.lu.

Run on the GPU machine from the pack of scripts/pack-python-gpu.sh with the
PyTorch operator library built: python3 profile_call_layers.py OUTDIR
[--parts torch,jax] [--torch-cases N] (the first N PyTorch cases).
Writes OUTDIR/call_layers.md.
"""

import argparse
import os
import statistics
import time

import numpy as np

ROUNDS = 9

TORCH_CASES = [((75, 75), "float64", 200), ((4096, 32, 32), "float64", 200),
               ((16384, 16, 16), "float32", 200), ((1024, 1024), "float64", 40),
               ((4096, 4096), "float32", 10)]
JAX_CASES = [((2, 2), "float64"), ((75, 75), "float64"), ((64, 75, 75), "float64")]


def median_wall(call, sync, calls):
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        sync()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6


def interleaved(variants, sync, calls):
    """{name: median over ROUNDS of the per-round median wall (µs)}."""
    for call in variants.values():
        for _ in range(5):
            call()
        sync()
    rounds = {name: [] for name in variants}
    for _ in range(ROUNDS):
        for name, call in variants.items():
            rounds[name].append(median_wall(call, sync, calls))
    return {name: statistics.median(v) for name, v in rounds.items()}


def torch_variants(a):
    import torch
    import linalgx.torch as lxt
    from linalgx import cuda

    if lxt.operators() is None:
        raise RuntimeError("no PyTorch operator library: %s" % lxt.operators_error())
    kernels = cuda.kernels()
    type_name = {torch.float32: "f32", torch.float64: "f64"}[a.dtype]
    entry = kernels._entry("linalgx_lu_factor_" + type_name, 3, 3, 2, 1)
    *batch, m, n = a.shape
    b = int(np.prod(batch, dtype=np.int64)) if batch else 1
    k = min(m, n)
    stream = torch.cuda.current_stream().cuda_stream

    def outputs():
        return (torch.empty_like(a), torch.empty(tuple(batch) + (k,), dtype=torch.int32,
                                                 device=a.device),
                torch.empty(tuple(batch), dtype=torch.int32, device=a.device))

    fixed = outputs()

    def raw(out):
        kernels.call(entry, stream, (a.data_ptr(), (b, m, n)), (out[0].data_ptr(), (b, m, n)),
                     (out[1].data_ptr(), (b, k)), (out[2].data_ptr(), (b,)))
        return out

    def inference():
        with torch.inference_mode():
            return torch.ops.linalgx.lu_factor_ex(a)

    def two_operators():
        factors, _, permutation, _ = torch.ops.linalgx.lu(a)
        return torch.ops.linalgx.lu_unpack(factors, permutation)

    return {
        "entry": lambda: raw(fixed),
        "entry+alloc": lambda: raw(outputs()),
        "op": lambda: torch.ops.linalgx.lu_factor_ex(a),
        "op/inference": inference,
        "wrapper": lambda: lxt.lu_factor(a),
        "torch": lambda: torch.linalg.lu_factor(a),
        "x + 1": lambda: a + 1,
        "lu": lambda: lxt.lu(a),
        "lu/two ops": two_operators,
        "torch lu": lambda: torch.linalg.lu(a),
    }


def trace(call, label):
    """The host events of one profiled call, in order, and the first GPU
    activity's offset."""
    import torch
    from torch.profiler import ProfilerActivity, profile, record_function

    for _ in range(3):
        call()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        with record_function("traced_call"):
            call()
            torch.cuda.synchronize()
    events = list(prof.events())
    outer = next(e for e in events if e.name == "traced_call")
    t0 = outer.time_range.start
    host = sorted((e for e in events if e.device_type == torch.autograd.DeviceType.CPU
                   and e is not outer and e.time_range.start >= t0),
                  key=lambda e: e.time_range.start)
    gpu = sorted((e for e in events if e.device_type == torch.autograd.DeviceType.CUDA),
                 key=lambda e: e.time_range.start)
    lines = ["\n### %s: one profiled call (µs from its start)\n" % label,
             "call %.1f; first GPU activity at %.1f (%s)\n"
             % (outer.time_range.elapsed_us(), gpu[0].time_range.start - t0 if gpu else -1,
                gpu[0].name[:60] if gpu else "-"),
             "| offset | duration | host event |", "|---:|---:|---|"]
    for e in host[:45]:
        lines.append("| %.1f | %.1f | %s |" % (e.time_range.start - t0,
                                               e.time_range.elapsed_us(), e.name[:70]))
    lines.append("\nGPU activities: %d, first ten:\n" % len(gpu))
    lines.append("| offset | duration | kernel |\n|---:|---:|---|")
    for e in gpu[:10]:
        lines.append("| %.1f | %.1f | %s |" % (e.time_range.start - t0,
                                               e.time_range.elapsed_us(), e.name[:70]))
    return lines


def torch_part(lines, cases):
    import torch

    rng = np.random.default_rng(5)
    lines.append("## PyTorch: synchronous wall µs (median of %d rounds' medians)\n" % ROUNDS)
    header = None
    for shape, dtype, calls in cases:
        a = torch.as_tensor(rng.standard_normal(shape).astype(dtype)).cuda()
        variants = torch_variants(a)
        walls = interleaved(variants, torch.cuda.synchronize, calls)
        if header is None:
            header = list(walls)
            lines.append("| case | " + " | ".join(header) + " |")
            lines.append("|---|" + "---:|" * len(header))
        lines.append("| %s %s | " % (shape, dtype)
                     + " | ".join("%.1f" % walls[h] for h in header) + " |")
        print(lines[-1], flush=True)
    for shape, dtype, _ in cases[:2]:
        a = torch.as_tensor(rng.standard_normal(shape).astype(dtype)).cuda()
        variants = torch_variants(a)
        for name in ("entry", "op", "lu", "torch"):
            lines += trace(variants[name], "%s %s %s" % (shape, dtype, name))


def jax_part(lines):
    import jax
    import jax.numpy as jnp
    import linalgx.jax as lxj

    jax.config.update("jax_enable_x64", True)

    def four_outputs(x):
        column = x[..., 0].astype(jnp.int32)
        return x + 1, column, column + 1, column[..., 0]

    functions = {
        "jit(x + 1)": jax.jit(lambda x: x + 1),
        "jit(4 outputs)": jax.jit(four_outputs),
        "jit(linalgx.jax.lu)": jax.jit(lxj.lu),
        "jit(lax.linalg.lu)": jax.jit(jax.lax.linalg.lu),
    }
    rng = np.random.default_rng(6)
    lines.append("\n## JAX: synchronous wall µs (median of %d rounds' medians)\n" % ROUNDS)
    lines.append("| case | " + " | ".join(functions) + " |")
    lines.append("|---|" + "---:|" * len(functions))
    for shape, dtype in JAX_CASES:
        x = jnp.asarray(rng.standard_normal(shape).astype(dtype))
        variants = {name: (lambda f=f: jax.block_until_ready(f(x)))
                    for name, f in functions.items()}
        walls = interleaved(variants, lambda: None, 200)
        lines.append("| %s %s | " % (shape, dtype)
                     + " | ".join("%.1f" % walls[n] for n in functions) + " |")
        print(lines[-1], flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default=".")
    parser.add_argument("--parts", default="torch,jax")
    parser.add_argument("--torch-cases", type=int, default=len(TORCH_CASES))
    args = parser.parse_args()
    out = args.out
    os.makedirs(out, exist_ok=True)
    lines = ["# The layers of an LU call\n"]
    parts = {"torch": lambda lines: torch_part(lines, TORCH_CASES[:args.torch_cases]),
             "jax": jax_part}
    names = args.parts.split(",")
    unknown = set(names) - set(parts)
    if unknown:
        parser.error("--parts: unknown %s (torch, jax)" % ", ".join(sorted(unknown)))
    for name in names:
        try:
            parts[name](lines)
        except Exception as error:  # one framework missing leaves the other's table
            lines.append("\n%s part failed: %r\n" % (name, error))
            print(lines[-1], flush=True)
    with open(os.path.join(out, "call_layers.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
