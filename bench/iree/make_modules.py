"""JAX's LU exports imported by linalgx for IREE and compiled for CUDA (see README.md)."""
import subprocess, sys
import numpy as np, jax
from jax import export
jax.config.update("jax_enable_x64", True)
from linalgx import import_jax
for name, shape in [("lu_75x75_f64", (75, 75)), ("lu_64x75x75_f64", (64, 75, 75))]:
    ex = export.export(jax.jit(jax.lax.linalg.lu), platforms=["cuda"])(jax.ShapeDtypeStruct(shape, np.float64))
    text = import_jax.import_exported(ex, for_iree=True)
    open(name + ".mlir", "w").write(text)
    subprocess.run([sys.argv[1], name + ".mlir", "--iree-hal-target-device=cuda", "--iree-cuda-target=sm_89",
                    "--iree-input-demote-f64-to-f32=false", "-o", name + ".cuda.vmfb"], check=True)
