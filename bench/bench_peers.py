#!/usr/bin/env python3
"""Measures JAX and PyTorch on the linalgx benchmark cases (bench/README.md).

One process handles one framework and any number of cases; each case is
  BxMxN:dtype   (batched, shape [B, M, N])   or   MxN:dtype   (unbatched)
e.g.  --case 64x75x75:f64 --case 1024x1024:f64

Ops (--ops, comma separated):
  lu    JAX:   jax.jit(jax.lax.linalg.lu)(a) -> (lu, pivots, permutation),
               the whole LU as JAX users get it (getrf + JAX's permutation
               kernel).
        torch: torch.linalg.lu_factor(a) then
               torch.lu_unpack(LU, piv, unpack_data=False): PyTorch's path to
               the permutation. NOTE: lu_unpack returns a permutation MATRIX P
               (B x M x M, dtype of a), not an index vector; PyTorch has no
               public pivots->index-permutation op, so this is what a PyTorch
               user runs.
  perm  JAX:   jax.jit(lambda p: jax.lax.linalg.lu_pivots_to_permutation(p, M))
               on the pivots of a real LU of the case's random input.
        torch: torch.lu_unpack(LU, piv, unpack_data=False) alone, on the
               factors of a real LU (the permutation step).

Timing mode (default): per call, synchronous wall time (the call followed by
jax.block_until_ready / torch.cuda.synchronize). Torch also gets device time
from CUDA events recorded on the current stream around the call. JAX has no
events: device_us_* is null (use --ncu through bench/ncu_device_time.py).

--ncu mode: for use under `ncu --profile-from-start off`
(bench/ncu_device_time.py): exactly one case and one op; warm-up outside the
profiled range, then cuProfilerStart (driver API via ctypes on libcuda.so.1),
exactly --iters synchronous calls, cuProfilerStop. Prints the same JSON line
(with "profile": true).

Output: one JSON line per (case, op) on stdout, schema as bench_linalgx.
Per-case failures are reported as a JSON line with "error" and the run goes on.
"""

import argparse
import ctypes
import json
import math
import os
import sys
import time
import traceback

SEED = 42


def log(msg):
    print(f"[bench_peers] {msg}", file=sys.stderr, flush=True)


def parse_case(s):
    """'64x75x75:f64' -> (batch, m, n, dtype, batched)."""
    try:
        shape, dtype = s.split(":")
        dims = [int(x) for x in shape.lower().split("x")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad case {s!r}; want BxMxN:dtype or MxN:dtype")
    if dtype not in ("f32", "f64"):
        raise argparse.ArgumentTypeError(f"bad dtype in {s!r}")
    if len(dims) == 2:
        return (1, dims[0], dims[1], dtype, False)
    if len(dims) == 3:
        return (dims[0], dims[1], dims[2], dtype, True)
    raise argparse.ArgumentTypeError(f"bad shape in {s!r}")


def percentile(v, q):
    if not v:
        return None
    s = sorted(v)
    pos = q * (len(s) - 1)
    lo, hi = math.floor(pos), math.ceil(pos)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def summarize(dev, wall):
    out = {}
    for name, v in (("device", dev), ("wall", wall)):
        out[f"{name}_us_median"] = percentile(v, 0.5) if v else None
        out[f"{name}_us_p10"] = percentile(v, 0.1) if v else None
        out[f"{name}_us_p90"] = percentile(v, 0.9) if v else None
        out[f"{name}_us_mean"] = (sum(v) / len(v)) if v else None
    return out


def random_input(case):
    import numpy as np
    b, m, n, dtype, batched = case
    rng = np.random.default_rng(SEED)
    shape = (b, m, n) if batched else (m, n)
    return rng.standard_normal(shape).astype(np.float32 if dtype == "f32" else np.float64)


# ---------------------------------------------------------------------------
# cuProfilerStart / Stop through the driver API (works for any process,
# whatever CUDA runtime the framework carries).
# ---------------------------------------------------------------------------

class DriverProfiler:
    def __init__(self):
        self.cu = ctypes.CDLL("libcuda.so.1")
        for name in ("cuInit", "cuProfilerStart", "cuProfilerStop", "cuCtxGetCurrent",
                     "cuDeviceGet", "cuDevicePrimaryCtxRetain", "cuCtxPushCurrent_v2",
                     "cuCtxPopCurrent_v2", "cuCtxSynchronize"):
            getattr(self.cu, name).restype = ctypes.c_int
        self._check(self.cu.cuInit(0), "cuInit")

    def _check(self, rc, what):
        if rc != 0:
            raise RuntimeError(f"{what} failed with CUresult {rc}")

    def _with_ctx(self, fn, what):
        # cuProfilerStart/Stop act on the calling thread's current context.
        # torch makes the primary context current on the main thread; JAX
        # (XLA) may not, so push device 0's primary context (both frameworks
        # use the primary context) when none is current.
        cur = ctypes.c_void_p()
        self._check(self.cu.cuCtxGetCurrent(ctypes.byref(cur)), "cuCtxGetCurrent")
        pushed = False
        if not cur.value:
            dev = ctypes.c_int()
            self._check(self.cu.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
            ctx = ctypes.c_void_p()
            self._check(self.cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev),
                        "cuDevicePrimaryCtxRetain")
            self._check(self.cu.cuCtxPushCurrent_v2(ctx), "cuCtxPushCurrent")
            pushed = True
        try:
            self._check(fn(), what)
        finally:
            if pushed:
                popped = ctypes.c_void_p()
                self.cu.cuCtxPopCurrent_v2(ctypes.byref(popped))

    def start(self):
        self._with_ctx(self.cu.cuProfilerStart, "cuProfilerStart")

    def stop(self):
        self._with_ctx(self.cu.cuProfilerStop, "cuProfilerStop")


# ---------------------------------------------------------------------------
# Frameworks: each returns (callable that runs one op and waits, event timer
# or None).
# ---------------------------------------------------------------------------

class JaxBackend:
    name = "jax"

    def __init__(self):
        os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
        import jax
        jax.config.update("jax_enable_x64", True)
        import jax.numpy as jnp
        self.jax, self.jnp = jax, jnp
        gpus = [d for d in jax.devices() if d.platform == "gpu"]
        if not gpus:
            raise RuntimeError(f"JAX sees no GPU: {jax.devices()}")
        self.dev = gpus[0]
        self.version = jax.__version__

    def make(self, case, op):
        jax = self.jax
        b, m, n, dtype, batched = case
        a = jax.device_put(random_input(case), self.dev)
        lu_fn = jax.jit(jax.lax.linalg.lu)
        if op == "lu":
            def run():
                return jax.block_until_ready(lu_fn(a))
            return run
        if op == "perm":
            _, piv, _ = jax.block_until_ready(lu_fn(a))
            piv = jax.block_until_ready(piv.astype(self.jnp.int32))
            perm_fn = jax.jit(lambda p: jax.lax.linalg.lu_pivots_to_permutation(p, m))

            def run():
                return jax.block_until_ready(perm_fn(piv))
            return run
        raise ValueError(op)

    def timer(self):
        return None


class TorchBackend:
    name = "torch"

    def __init__(self):
        import torch
        self.torch = torch
        if not torch.cuda.is_available():
            raise RuntimeError("torch.cuda.is_available() is False")
        self.dev = torch.device("cuda", 0)
        torch.cuda.init()
        self.version = torch.__version__

    def make(self, case, op):
        torch = self.torch
        a = torch.from_numpy(random_input(case)).to(self.dev)
        sync = torch.cuda.synchronize
        if op == "lu":
            def run():
                LU, piv = torch.linalg.lu_factor(a)
                P, _, _ = torch.lu_unpack(LU, piv, unpack_data=False)
                sync()
                return P
            return run
        if op == "perm":
            LU, piv = torch.linalg.lu_factor(a)
            sync()

            def run():
                P, _, _ = torch.lu_unpack(LU, piv, unpack_data=False)
                sync()
                return P
            return run
        raise ValueError(op)

    def timer(self):
        torch = self.torch

        class T:
            def __init__(self):
                self.e0 = torch.cuda.Event(enable_timing=True)
                self.e1 = torch.cuda.Event(enable_timing=True)

            def start(self):
                self.e0.record(torch.cuda.current_stream())

            def stop(self):
                self.e1.record(torch.cuda.current_stream())

            def elapsed_us(self):
                self.e1.synchronize()
                return self.e0.elapsed_time(self.e1) * 1000.0
        return T


def case_fields(case):
    b, m, n, dtype, batched = case
    return {"dtype": dtype, "batch": b, "m": m, "n": n, "batched": batched}


def measure(backend, case, op, iters, warmup, max_seconds, ncu, profiler):
    run = backend.make(case, op)
    t_start = time.perf_counter()
    for _ in range(warmup):  # includes the jit compile on the first call
        run()
        if time.perf_counter() - t_start > max_seconds and _ >= 1:
            break
    timer_cls = None if ncu else backend.timer()
    dev, wall = [], []
    timers = []
    stopped = None
    if ncu:
        profiler.start()
    t_loop = time.perf_counter()
    for i in range(iters):
        tm = timer_cls() if timer_cls else None
        if tm:
            tm.start()
        t0 = time.perf_counter()
        run()
        t1 = time.perf_counter()
        if tm:
            tm.stop()
            timers.append(tm)
        wall.append((t1 - t0) * 1e6)
        if not ncu and i >= 2 and time.perf_counter() - t_loop > max_seconds:
            stopped = "max-seconds"
            break
    if ncu:
        profiler.stop()
    dev = [t.elapsed_us() for t in timers]
    rec = {"framework": backend.name, "op": op, "strategy": "default"}
    rec.update(case_fields(case))
    rec.update(summarize(dev, wall))
    rec.update({"iters": len(wall), "warmup": warmup, "profile": bool(ncu),
                "version": backend.version})
    if stopped:
        rec["stopped"] = stopped
    return rec


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--framework", choices=["jax", "torch"], required=True)
    ap.add_argument("--case", type=parse_case, action="append", required=True,
                    help="BxMxN:dtype or MxN:dtype; repeatable")
    ap.add_argument("--ops", default="lu,perm", help="comma separated: lu,perm")
    ap.add_argument("--iters", type=int, default=100)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iters-per-case", default="",
                    help="optional comma list 'iters/warmup' per --case, e.g. 200/20,20/3")
    ap.add_argument("--max-seconds", type=float, default=20.0,
                    help="cap on each timed loop (not in --ncu mode)")
    ap.add_argument("--ncu", action="store_true",
                    help="profile mode: exactly one case and op, cuProfilerStart/Stop "
                         "around exactly --iters calls")
    args = ap.parse_args()

    ops = [o for o in args.ops.split(",") if o]
    for o in ops:
        if o not in ("lu", "perm"):
            ap.error(f"unknown op {o!r}")
    if args.iters < 1 or args.warmup < 0:
        ap.error("--iters must be >= 1 and --warmup >= 0")
    per_case = []
    if args.iters_per_case:
        for item in args.iters_per_case.split(","):
            i, w = item.split("/")
            per_case.append((int(i), int(w)))
        if len(per_case) != len(args.case):
            ap.error("--iters-per-case needs one entry per --case")
    if args.ncu and (len(args.case) != 1 or len(ops) != 1):
        ap.error("--ncu takes exactly one --case and one op")

    def emit(rec):
        print(json.dumps(rec), flush=True)

    try:
        backend = JaxBackend() if args.framework == "jax" else TorchBackend()
        profiler = DriverProfiler() if args.ncu else None
    except Exception as e:  # the framework is unusable: one error line per case/op
        log(f"{args.framework} setup failed: {e!r}")
        for case in args.case:
            for op in ops:
                rec = {"framework": args.framework, "op": op, "strategy": "default"}
                rec.update(case_fields(case))
                rec.update({"iters": 0, "error": f"setup: {e!r}"})
                emit(rec)
        return 1

    failures = 0
    for ci, case in enumerate(args.case):
        iters, warmup = per_case[ci] if per_case else (args.iters, args.warmup)
        for op in ops:
            label = f"{args.framework} {op} {case[:4]}"
            try:
                t = time.perf_counter()
                rec = measure(backend, case, op, iters, warmup, args.max_seconds,
                              args.ncu, profiler)
                emit(rec)
                log(f"{label}: wall median {rec['wall_us_median']:.1f} us"
                    + (f", device median {rec['device_us_median']:.1f} us"
                       if rec.get("device_us_median") is not None else "")
                    + f" ({time.perf_counter() - t:.1f} s)")
            except Exception as e:
                failures += 1
                log(f"{label}: FAILED {e!r}\n{traceback.format_exc()}")
                rec = {"framework": args.framework, "op": op, "strategy": "default"}
                rec.update(case_fields(case))
                rec.update({"iters": 0, "error": repr(e)[:500]})
                emit(rec)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
