"""scripts/gpu-run.sh's totals, on a pack made up here: stand-in test programs
and Python checks in place of the GPU ones, the real FileCheck. Every test of
the pack's tests/MANIFEST (written by scripts/pack-gpu.sh) counts: one that
did not build for the GPU is a failure, one with a `// GPU-SKIP:` reason a
skip, and the script exits non-zero when anything failed."""

import os
import shutil
import stat
import subprocess

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GPU_RUN = os.path.join(REPO, "scripts", "gpu-run.sh")
FILECHECK = shutil.which("FileCheck") or "/usr/lib/llvm-22/bin/FileCheck"
PYTHON_CHECKS = ["random_gpu_vs_scipy.py", "extreme_gpu.py", "generated_lu_gpu.py",
                 "large_lu_gpu.py", "faults_gpu.py"]

pytestmark = pytest.mark.skipif(not os.access(FILECHECK, os.X_OK), reason="no FileCheck")


def write(path, text, executable=False):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    if executable:
        path.chmod(path.stat().st_mode | stat.S_IXUSR)


def make_pack(root, manifest, programs, failing_checks=()):
    """programs: name -> shell body of the stand-in test executable."""
    pack = root / "pack"
    (pack / "bin").mkdir(parents=True)
    shutil.copy(GPU_RUN, pack / "gpu-run.sh")
    os.symlink(FILECHECK, pack / "bin" / "FileCheck")
    write(pack / "bin" / "linalgx_cuda_runtime_smoke", "#!/bin/sh\necho PASS: getrf\n", True)
    for check in PYTHON_CHECKS:
        code = 1 if check in failing_checks else 0
        write(pack / check, f"import sys\nprint('{check}')\nsys.exit({code})\n")
    if manifest is not None:
        write(pack / "tests" / "MANIFEST", manifest)
    for name, body in programs.items():
        write(pack / "tests" / name, "#!/bin/sh\n" + body, True)
        write(pack / "tests" / f"{name}.mlir", "// CHECK: hello\n")
    # nvidia-smi stands in for the GPU machine's.
    write(root / "path" / "nvidia-smi", "#!/bin/sh\necho 'Fake GPU, 0, 0 MiB'\n", True)
    return pack


def gpu_run(root, pack):
    env = dict(os.environ, PATH=f"{root / 'path'}:{os.environ['PATH']}")
    result = subprocess.run(["bash", str(pack / "gpu-run.sh"), str(pack), str(root / "out"),
                             "tests"], capture_output=True, text=True, env=env)
    return result.returncode, result.stdout.splitlines()


def test_every_test_of_the_manifest_counts(tmp_path):
    manifest = ("pass\tbuilt\n"
                "wrong\tbuilt\n"
                "crash\tbuilt\n"
                "gone\tbuilt\n"
                "broken\tbuild-failed\n"
                "memref\tskipped\tstrided outs on the host are not lowered for the GPU\n")
    # `read` drains its stdin: were it the manifest, the tests after it would
    # go uncounted.
    programs = {"pass": "read -r line; echo hello\n", "wrong": "echo bye\n",
                "crash": "echo hello; exit 3\n"}
    pack = make_pack(tmp_path, manifest, programs, failing_checks=["extreme_gpu.py"])
    write(pack / "tests" / "broken.build-error", "error: failed to legalize 'linalgx.lu'\n")
    rc, lines = gpu_run(tmp_path, pack)
    for line in ["PASS: pass", "FAIL: wrong", "FAIL: crash", "FAIL: gone",
                 "FAIL: broken (does not build for the GPU)",
                 "error: failed to legalize 'linalgx.lu'",
                 "SKIP: memref (strided outs on the host are not lowered for the GPU)"]:
        assert line in lines
    # 1 program, 2 smoke runs and 4 Python checks passed; 3 programs, 1 build
    # and extreme_gpu.py failed.
    assert lines[-1] == "7 passed, 5 failed, 1 skipped"
    assert rc == 1


def test_all_passing_exits_zero(tmp_path):
    pack = make_pack(tmp_path, "pass\tbuilt\nmemref\tskipped\tno reason\n",
                     {"pass": "echo hello\n"})
    rc, lines = gpu_run(tmp_path, pack)
    assert lines[-1] == "8 passed, 0 failed, 1 skipped"
    assert rc == 0


def test_missing_manifest_and_smoke_test_fail(tmp_path):
    pack = make_pack(tmp_path, None, {})
    os.remove(pack / "bin" / "linalgx_cuda_runtime_smoke")
    rc, lines = gpu_run(tmp_path, pack)
    assert any(line.startswith("FAIL: integration tests: ") and "MANIFEST is missing" in line
               for line in lines)
    assert "FAIL: runtime smoke --getrf-streams=1" in lines
    assert lines[-1] == "5 passed, 3 failed, 0 skipped"
    assert rc == 1


def test_unknown_mode_is_refused(tmp_path):
    pack = make_pack(tmp_path, "", {})
    result = subprocess.run(["bash", str(pack / "gpu-run.sh"), str(pack), str(tmp_path / "out"),
                             "test"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "tests, bench or all" in result.stderr
