"""The JAX functions bench/iree exports (make_modules.py, here) and checks
against (run_iree.py, on the GPU machine), by the names manifest.json uses."""
import jax

FUNCTIONS = {"lu": jax.lax.linalg.lu, "lu_factor": jax.scipy.linalg.lu_factor,
             "pivots_to_permutation":
                 lambda p: jax.lax.linalg.lu_pivots_to_permutation(p, p.shape[-1] + 3)}
