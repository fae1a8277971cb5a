"""pytest entry of the randomized LU reference check.

Runs test/Integration/Random/random_lu_vs_scipy.py in --quick mode with a
seed of its own (the lit test runs the default, larger configuration), so the
two suites look at different random problems. Skipped without NumPy/SciPy or
without a built linalgx-runner (found on PATH, through $LINALGX_RUNNER, or in
<repo>/build/bin).
"""

import os
import shutil
import subprocess
import sys
import tempfile

import pytest

pytest.importorskip("numpy")
pytest.importorskip("scipy")

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(REPO, "test", "Integration", "Random", "random_lu_vs_scipy.py")
PYTEST_SEED = 7301


def find_runner():
    candidates = [os.environ.get("LINALGX_RUNNER"), shutil.which("linalgx-runner"),
                  os.path.join(REPO, "build", "bin", "linalgx-runner")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def lapack_built(runner):
    """Whether the CPU runtime next to the runner has LAPACK: lu-strategy=lapack
    is rejected by the lowering otherwise."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as module:
        module.write("func.func @main() {\n  return\n}\n")
    try:
        probe = subprocess.run([runner, "--lu-strategy=lapack", module.name],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               universal_newlines=True)
    finally:
        os.unlink(module.name)
    if "built without it" in probe.stdout:
        return False
    assert probe.returncode == 0, probe.stdout
    return True


# Every CPU lowering of linalgx.lu (docs/cpu.md): auto (the runner's default),
# the reference loops, the runtime's unblocked kernel and LAPACK.
@pytest.mark.parametrize("strategy", ["auto", "loops", "unblocked", "lapack", "generated"])
def test_random_lu_vs_scipy_quick(strategy):
    runner = find_runner()
    if runner is None:
        pytest.skip("linalgx-runner not built (set LINALGX_RUNNER)")
    if strategy == "lapack" and not lapack_built(runner):
        pytest.skip("linalgx built without LAPACK (libopenblas-dev)")
    proc = subprocess.run(
        [sys.executable, SCRIPT, "--quick", "--seed", str(PYTEST_SEED), "--runner", runner,
         "--lu-strategy", strategy],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
        timeout=900)
    summary = [line for line in proc.stdout.splitlines()
               if line.startswith("random-vs-scipy:") and " cases, " in line]
    assert proc.returncode == 0, proc.stdout[-20000:]
    assert summary and " 0 failed" in summary[-1], proc.stdout[-20000:]
