"""JAX's LU exports imported by linalgx for IREE and compiled for CUDA (see
README.md), in the two forms linalgx makes:

  NAME.cuda.vmfb           for_iree=True: linalgx's ops as loops IREE compiles
  NAME.linalgx-cuda.vmfb   for_iree="cuda": hal.dispatch.extern of linalgx's kernels

The timed cases get both forms; the test cases (every function, dtype and
kernel family) the second. manifest.json says what each NAME is.

Usage: make_modules.py IREE_COMPILE [OUTDIR]"""
import json, os, subprocess, sys
import numpy as np, jax
from jax import export
jax.config.update("jax_enable_x64", True)
from cases import FUNCTIONS
from linalgx import import_jax

TIMED = [("lu", (75, 75), "float64"), ("lu", (64, 75, 75), "float64")]
TESTED = [("lu", shape, dtype)
          for dtype in ("float32", "float64", "complex64", "complex128")
          for shape in ((8, 16, 16), (2, 40, 24), (3, 24, 40), (100, 100))] + [
          ("lu_factor", (4, 75, 75), "float64"), ("pivots_to_permutation", (6, 20), "int32")]


def name_of(function, shape, dtype):
    return "%s_%s_%s" % (function, "x".join(map(str, shape)), dtype)


compiler = sys.argv[1]
outdir = sys.argv[2] if len(sys.argv) > 2 else "."
os.makedirs(outdir, exist_ok=True)
manifest = {}
for case in TIMED + TESTED:
    function, shape, dtype = case
    name = name_of(*case)
    ex = export.export(jax.jit(FUNCTIONS[function]), platforms=["cuda"])(
        jax.ShapeDtypeStruct(shape, np.dtype(dtype)))
    forms = [("cuda", True), ("linalgx-cuda", "cuda")] if case in TIMED else [
        ("linalgx-cuda", "cuda")]
    for form, for_iree in forms:
        source = os.path.join(outdir, "%s.%s.mlir" % (name, form))
        with open(source, "w") as stream:
            stream.write(import_jax.import_exported(ex, for_iree=for_iree))
        # IREE 3.13 knows no sm_90 target: its own code is PTX for sm_89,
        # which the driver compiles for Hopper (linalgx's kernels are sm_90).
        subprocess.run([compiler, source, "--iree-hal-target-device=cuda",
                        "--iree-cuda-target=sm_89", "--iree-input-demote-f64-to-f32=false",
                        "-o", os.path.join(outdir, "%s.%s.vmfb" % (name, form))], check=True)
        os.remove(source)
    manifest[name] = {"function": function, "shape": list(shape), "dtype": dtype,
                      "timed": case in TIMED, "forms": [form for form, _ in forms]}
with open(os.path.join(outdir, "manifest.json"), "w") as stream:
    json.dump(manifest, stream, indent=1)
