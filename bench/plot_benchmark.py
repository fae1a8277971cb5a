#!/usr/bin/env python3
"""Draws docs/images/benchmark.svg and .png from a committed bench_python.py
run: device time and synchronous wall time per call of the whole LU
(factors and permutation), linalgx through PyTorch and through jax.jit beside
PyTorch's and JAX's own LU, one group of bars per case, log scale.

    .venv/bin/python bench/plot_benchmark.py [RUN_DIR] [--out PREFIX]

RUN_DIR is a results folder holding bench_python.py's output
(bench_python.jsonl and table.md); it defaults to the latest full run of the
Python entry points. Every number comes from those files; the machine and
library versions from table.md's first line, which bench_python.py writes.
Needs matplotlib (not a CI requirement: `pip install matplotlib`).
"""

import argparse
import json
import os
import re

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_RUN = os.path.join(ROOT, "bench", "results", "2026-12-02-h200-run19")
DEFAULT_OUT = os.path.join(ROOT, "docs", "images", "benchmark")

# The whole LU as each library's users get it (factors and the permutation),
# in bench_python.py's entry names, with the label and colour of each series.
# linalgx in blues, the peers in warm colours, so the pairs read at a glance.
SERIES = [
    ("linalgx.torch.lu", "linalgx via PyTorch (linalgx.torch.lu)", "#1f4e9a"),
    ("torch lu_factor+lu_unpack", "torch.linalg.lu_factor + torch.lu_unpack", "#d9822b"),
    ("linalgx.jax.lu", "linalgx via jax.jit (linalgx.jax.lu)", "#5b9bd5"),
    ("jax.lax.linalg.lu", "jax.jit(jax.lax.linalg.lu)", "#b8312f"),
]


def read_run(run_dir):
    """Returns (cases in file order, {(case, entry): record}, header line)."""
    cases, records = [], {}
    with open(os.path.join(run_dir, "bench_python.jsonl")) as f:
        for line in f:
            rec = json.loads(line)
            # The profiler's records (kernels_s only) are a separate table.
            if "wall_s" not in rec:
                continue
            if rec["case"] not in cases:
                cases.append(rec["case"])
            records[(rec["case"], rec["entry"])] = rec
    with open(os.path.join(run_dir, "table.md")) as f:
        header = f.readline().strip()
    return cases, records, header


def describe_run(run_dir, header):
    """Title parts from the folder name (<date>-<machine>-run<N>) and the
    table's first line ("... jax X, torch Y, <GPU>")."""
    name = os.path.basename(os.path.normpath(run_dir))
    m = re.match(r"(\d{4}-\d{2}-\d{2})-.*?run(\d+)", name)
    run = "run %s, %s" % (m.group(2), m.group(1)) if m else name
    versions = header.rsplit(". ", 1)[-1]  # "jax 0.11.2, torch 2.11.0+cu130, NVIDIA H200"
    gpu = versions.rsplit(", ", 1)[-1]
    return gpu, run, versions


def plot(run_dir, out_prefix):
    cases, records, header = read_run(run_dir)
    gpu, run, versions = describe_run(run_dir, header)
    missing = [(c, e) for c in cases for e, _, _ in SERIES if (c, e) not in records]
    if missing:
        raise SystemExit("%s lacks %s" % (run_dir, missing))

    fig, axes = plt.subplots(2, 1, figsize=(12.5, 9), sharex=True)
    width = 0.8 / len(SERIES)
    panels = [
        ("device_s", "device time per call (µs)",
         "Device time: CUDA events around one call (PyTorch); time per call of "
         "back-to-back calls (jax.jit, whose stream is XLA's)"),
        ("wall_s", "synchronous wall time per call (µs)",
         "Wall time: one call and its synchronization, as a synchronous caller waits"),
    ]
    for ax, (key, ylabel, subtitle) in zip(axes, panels):
        for i, (entry, label, colour) in enumerate(SERIES):
            xs = [c + (i - (len(SERIES) - 1) / 2) * width for c in range(len(cases))]
            ys = [records[(case, entry)][key] * 1e6 for case in cases]
            ax.bar(xs, ys, width, label=label, color=colour)
        ax.set_yscale("log")
        # Ticks at 1-2-5 with plain numbers: "200" reads faster than 2x10^2.
        ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: "%g" % v))
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_ylabel(ylabel)
        ax.set_title(subtitle, fontsize=9, loc="left")
        ax.grid(axis="y", which="major", alpha=0.4)
        ax.set_axisbelow(True)
    axes[-1].set_xticks(range(len(cases)))
    # "(64,75,75) f64" -> two lines, so eleven labels fit without rotation.
    axes[-1].set_xticklabels([c.replace(") ", ")\n") for c in cases], fontsize=8.5)
    axes[-1].set_xlabel("case: (batch, rows, columns) or (rows, columns), element type")
    # One legend for both panels, between the title and the first panel,
    # where it covers no bar.
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, ncol=2, fontsize=9, loc="upper center",
               bbox_to_anchor=(0.5, 0.94), frameon=False)
    fig.suptitle("LU with permutation, median µs per call (lower is better), log scale\n"
                 "%s, %s; %s" % (gpu, run, versions.replace(", " + gpu, "")), fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.945))

    os.makedirs(os.path.dirname(out_prefix), exist_ok=True)
    # Fixed hash salt and no date, so that regenerating from the same data
    # gives the same SVG and a diff only when the numbers change.
    plt.rcParams["svg.hashsalt"] = "linalgx-benchmark"
    fig.savefig(out_prefix + ".svg", metadata={"Date": None})
    fig.savefig(out_prefix + ".png", dpi=110)
    print("wrote %s.svg and %s.png from %s" % (out_prefix, out_prefix, run_dir))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run_dir", nargs="?", default=DEFAULT_RUN)
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="output path without extension (default docs/images/benchmark)")
    args = parser.parse_args()
    plot(args.run_dir, args.out)


if __name__ == "__main__":
    main()
