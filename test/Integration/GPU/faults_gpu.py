#!/usr/bin/env python3
"""GPU faults end in a clear message and a non-zero exit, never in output
reported as success (issue 6, docs/reliability.md "GPU faults").

Runs on the GPU machine from a pack made by scripts/pack-gpu.sh:

  python3 faults_gpu.py --pack PACK_DIR

Each scenario runs in its own child process, because the linalgx CUDA
runtime ends the process on the first error with one line

  linalgx-cuda-runtime: error: <operation>: <call> failed with <code name>
  (<code>): <description>[ (injected)]

and each checks: the exit status is not 0; stderr holds that line, naming
the operation and the error expected; the program printed none of the
results it prints after the failing op (a clean run of the same program is
the control).

Real faults:
  oom            lu_perm_auto_f64 on a descriptor claiming 1x300000x300000
                 matrices: the 720 GB column-major workspace cannot be
                 allocated (cudaMalloc fails before any kernel reads the
                 small real buffer behind the descriptor)
  bad-address    perm_i32 on a descriptor whose data pointer is not device
                 memory: the kernel faults, the error surfaces at the
                 stream synchronization
  no-device      an integration test with CUDA_VISIBLE_DEVICES="" (the
                 runtime's first CUDA call finds no device)
Injected faults (LINALGX_CUDA_INJECT_FAULT, a test-only switch of the
runtime, for what cannot be caused on demand):
  alloc, launch, module (loading the fatbin) on an integration test;
  getrf (cuSOLVER) on lu_perm_cusolver_f64

Ends with `faults-gpu: N passed, N failed`; exit status 1 on any failure.
"""

import argparse
import ctypes
import os
import subprocess
import sys

PREFIX = "linalgx-cuda-runtime: error: "


def child_call(pack, entry, shapes, dtype, bogus_pointer):
    """In the child: call `entry` of liblinalgx_gpu_kernels.so with
    descriptors of `shapes` over small real device buffers (or a bogus
    pointer), then print DONE (which a correct runtime never reaches)."""
    import torch  # the GPU machine's PyTorch owns the real buffers

    lib = ctypes.CDLL(os.path.join(pack, "lib", "liblinalgx_gpu_kernels.so"))
    descriptors, keep = [], []
    for shape, type_name in zip(shapes, dtype):
        rank = len(shape)

        class MemRef(ctypes.Structure):
            _fields_ = [("base", ctypes.c_void_p), ("data", ctypes.c_void_p),
                        ("offset", ctypes.c_int64),
                        ("sizes", ctypes.c_int64 * rank),
                        ("strides", ctypes.c_int64 * rank)]

        real = torch.zeros(64, dtype=getattr(torch, type_name), device="cuda")
        keep.append(real)
        d = MemRef()
        d.base = d.data = 0x10 if bogus_pointer else real.data_ptr()
        stride = 1
        for dim in reversed(range(rank)):
            d.sizes[dim] = shape[dim]
            d.strides[dim] = stride
            stride *= shape[dim]
        descriptors.append(d)
    torch.cuda.synchronize()
    fn = getattr(lib, "_mlir_ciface_" + entry)
    fn.restype = None
    fn(*[ctypes.byref(d) for d in descriptors])
    torch.cuda.synchronize()
    print("DONE")


def run(argv, env_changes=None, timeout=120):
    env = dict(os.environ)
    for key, value in (env_changes or {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    try:
        p = subprocess.run(argv, env=env, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % timeout


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def expect_failure(self, name, result, wants, control_stdout=None):
        rc, out, err = result
        lines = [l for l in err.splitlines() if l.startswith(PREFIX)]
        problems = []
        if rc is None:
            problems.append(err)
        elif rc == 0:
            problems.append("exit status 0")
        if len(lines) != 1:
            problems.append("%d runtime error lines, expected 1" % len(lines))
        for want in wants:
            if not any(want in l for l in lines):
                problems.append("no '%s' in the error line" % want)
        if "DONE" in out:
            problems.append("the program went on after the fault")
        if control_stdout is not None and len(out.splitlines()) >= len(
                control_stdout.splitlines()):
            problems.append("printed as much as a clean run (%d lines)"
                            % len(out.splitlines()))
        status = "FAIL" if problems else "PASS"
        if problems:
            self.failed += 1
        else:
            self.passed += 1
        print("%s: %s: exit %s; %s%s" % (
            status, name, rc, lines[0] if lines else err.strip()[-300:],
            "" if not problems else "  <-- " + "; ".join(problems)))

    def expect_success(self, name, result):
        rc, out, err = result
        ok = rc == 0
        self.passed += ok
        self.failed += not ok
        print("%s: %s: exit %s (%d lines of output)%s" % (
            "PASS" if ok else "FAIL", name, rc, len(out.splitlines()),
            "" if ok else "  <-- " + err.strip()[-300:]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pack", required=True)
    parser.add_argument("--child", nargs=2, metavar=("ENTRY", "SCENARIO"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    pack = os.path.abspath(args.pack)

    scenarios = {
        # entry, operand shapes, operand dtypes, bogus pointer
        "oom": ("lu_perm_auto_f64",
                [(1, 300000, 300000), (1, 300000, 300000), (1, 300000), (1,),
                 (1, 300000)],
                ["float64", "float64", "int32", "int32", "int32"], False),
        "small": ("lu_perm_cusolver_f64",
                  [(1, 4, 4), (1, 4, 4), (1, 4), (1,), (1, 4)],
                  ["float64", "float64", "int32", "int32", "int32"], False),
        "bad-address": ("perm_i32", [(4096, 4096), (4096, 4096)],
                        ["int32", "int32"], True),
    }
    if args.child:
        entry, scenario = args.child
        _, shapes, dtypes, bogus = scenarios[scenario]
        child_call(pack, entry, shapes, dtypes, bogus)
        return 0

    env = {"LD_LIBRARY_PATH": os.path.join(pack, "lib") + ":" +
           os.environ.get("LD_LIBRARY_PATH", "")}
    checks = Checks()
    me = [sys.executable, os.path.abspath(__file__), "--pack", pack]

    # Real faults through the dynamic-shape entry points.
    checks.expect_failure(
        "real out-of-memory (720 GB workspace)",
        run(me + ["--child", "lu_perm_auto_f64", "oom"], env),
        ["mgpuMemAlloc", "cudaErrorMemoryAllocation"])
    checks.expect_failure(
        "real kernel fault (data pointer 0x10)",
        run(me + ["--child", "perm_i32", "bad-address"], env),
        ["cudaErrorIllegalAddress"])

    # An AOT integration test: the control, no device, injected faults.
    test = os.path.join(pack, "tests", "lu-f64")
    control = run([test], env)
    checks.expect_success("control: tests/lu-f64 runs clean", control)
    no_device = dict(env, CUDA_VISIBLE_DEVICES="")
    checks.expect_failure("no device (CUDA_VISIBLE_DEVICES='')",
                          run([test], no_device), ["no CUDA"], control[1])
    for fault, wants in (("alloc", ["cudaErrorMemoryAllocation", "injected"]),
                         ("launch", ["injected"]),
                         ("module", ["injected"])):
        checks.expect_failure(
            "injected %s fault" % fault,
            run([test], dict(env, LINALGX_CUDA_INJECT_FAULT=fault)), wants, control[1])

    # cuSOLVER itself, through the entry point that always calls it.
    checks.expect_failure(
        "injected cuSOLVER getrf fault (lu_perm_cusolver_f64)",
        run(me + ["--child", "lu_perm_cusolver_f64", "small"],
            dict(env, LINALGX_CUDA_INJECT_FAULT="getrf")),
        ["linalgxCudaGetrf", "cusolverDn", "injected"])

    print("faults-gpu: %d passed, %d failed" % (checks.passed, checks.failed))
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
