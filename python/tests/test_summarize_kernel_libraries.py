"""bench/summarize_kernel_libraries.py: profile_large_lu.py's reports of
several kernel libraries as one table — linalgx's kernel time split into
panels, updates (update kernels and cuBLAS GEMMs) and the rest, beside
torch.linalg.lu_factor's, per case and library; and bench_python.py's timed
calls of the libraries with the one of the lowest mean ratio to PyTorch."""

import json
import os
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(REPO, "bench", "summarize_kernel_libraries.py")

# The shape profile_large_lu.py writes (large_lu_kernels.md).
REPORT = """# Kernels of a large LU (µs a call, PyTorch's profiler, mean of 5 calls), GPU, torch X


## (8, 512, 512) float64, linalgx.torch.lu_factor

kernels 900.0 µs a call (0.80 TFLOP/s)

| kernel | launches | µs | share |
|---|---:|---:|---:|
| linalgx_lu_blocked_panel_f64_i32 | 16 | 500.0 | 55.6 % |
| linalgx_lu_blocked_exchange_solve_narrow_mma_f64_i32 | 16 | 100.0 | 11.1 % |
| sm90_xmma_gemm_f64f64_f64f64_f64_nn_n_tilesize64x64x16 | 30 | 250.0 | 27.8 % |
| linalgx_pivots_to_permutation_i32 | 1 | 50.0 | 5.6 % |

## (8, 512, 512) float64, torch.linalg.lu_factor

kernels 2400.0 µs a call (0.30 TFLOP/s)

| kernel | launches | µs | share |
|---|---:|---:|---:|
| void dgetf2_fused_batched_kernel<16>(int, double**, int, int, int, int**, int*, int) | 32 | 2400.0 | 100.0 % |
"""


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True,
                          check=False)


def test_one_table_over_the_libraries(tmp_path):
    for library, scale in (("default", 1.0), ("gemm", 0.5)):
        folder = tmp_path / ("profile_" + library)
        folder.mkdir()
        report = REPORT.replace("900.0 µs", "%.1f µs" % (900.0 * scale))
        (folder / "large_lu_kernels.md").write_text(report, encoding="utf-8")
    result = run(str(tmp_path))
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("| (8")]
    assert rows == [
        "| (8, 512, 512) float64 | default | 900.0 (500.0 / 350.0 / 50.0) | 2400.0 | 0.38 |",
        "| (8, 512, 512) float64 | gemm | 450.0 (500.0 / 350.0 / 50.0) | 2400.0 | 0.19 |",
    ]
    assert (tmp_path / "summary.md").read_text(encoding="utf-8") == result.stdout


def test_a_second_table_under_one_heading_is_not_counted(tmp_path):
    # A log cut by grep loses the peer's heading; its rows are not ours.
    cut = REPORT.replace("## (8, 512, 512) float64, torch.linalg.lu_factor\n", "")
    path = tmp_path / "cut.log"
    path.write_text(cut, encoding="utf-8")
    result = run("cut=%s" % path)
    assert result.returncode == 0, result.stderr
    assert "| (8, 512, 512) float64 | cut | 900.0 (500.0 / 350.0 / 50.0) | – | – |" in result.stdout


def write_bench(folder, timings):
    """bench_python.jsonl of {case: (ours s, PyTorch's s)}, plus a GPU-span
    row that is not a timing."""
    folder.mkdir()
    with open(folder / "bench_python.jsonl", "w", encoding="utf-8") as f:
        for case, (ours, theirs) in timings.items():
            for entry, device in (("linalgx.torch.lu_factor", ours),
                                  ("torch.linalg.lu_factor", theirs)):
                f.write(json.dumps({"case": case, "entry": entry, "device_s": device,
                                    "wall_s": device + 1e-5}) + "\n")
            f.write(json.dumps({"case": case, "entry": "torch.linalg.lu_factor",
                                "gpu_span_s": theirs}) + "\n")


def test_timed_libraries_and_the_best(tmp_path):
    write_bench(tmp_path / "bench_default", {"(1024,1024) f64": (2e-3, 2.5e-3),
                                             "(8,512,512) f64": (1e-3, 3e-3)})
    write_bench(tmp_path / "bench_register", {"(1024,1024) f64": (1e-3, 2.5e-3),
                                              "(8,512,512) f64": (0.9e-3, 3e-3),
                                              "(2048,2048) f64": (1e-3, 5e-3)})
    result = run(str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "| (1024,1024) f64 | register | 1000 / 1010 | 2500 / 2510 | 0.400 |" in result.stdout
    # Case by case: each library's ratio and the best.
    assert "| case | default | register | best |" in result.stdout
    assert "| (8,512,512) f64 | 0.333 | 0.300 | register |" in result.stdout
    # Only the cases that every library timed count toward the mean.
    assert "(2048,2048)" not in result.stdout
    assert result.stdout.splitlines()[-1] == (
        "mean device ratio over 2 cases: register 0.350, default 0.567; best: register")


def test_no_reports_is_an_error(tmp_path):
    result = run(str(tmp_path))
    assert result.returncode == 1
    assert "no large_lu_kernels.md or bench_python.jsonl found" in result.stderr
