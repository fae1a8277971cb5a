#!/usr/bin/env python3
"""Markdown table of the CPU benchmark (bench/cpu/run_cpu_bench.sh).

    make_cpu_table.py OUTDIR/bench.jsonl

One row per case: the median wall time per call (microseconds) of linalgx
with each lu-strategy (auto is the default; loops is skipped on large
matrices) and of each peer, then speedup = faster peer / linalgx auto, and
whether the case's target is met: >= 0.8 for the large single matrices (as
fast as LAPACK through a peer, within 20%), >= 1.5 for batches of small
matrices and the single 75x75; and the same speedup for lu-strategy=generated.
"""

import json
import sys

IMPLS = ["linalgx-auto", "linalgx-generated", "linalgx-lapack", "linalgx-unblocked", "linalgx-loops", "scipy", "jax"]
TARGETS = {"1024x1024xf64": 0.8, "2048x2048xf64": 0.8, "2048x2048xf32": 0.8,
           "4096x32x32xf64": 1.5, "16384x16x16xf32": 1.5, "64x75x75xf64": 1.5,
           "75x75xf64": 1.5}


def fmt(us):
    if us is None:
        return "-"
    if us >= 1000:
        return "%.2f ms" % (us / 1000)
    return "%.1f µs" % us


def main(path):
    times, order, versions = {}, [], None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            record = json.loads(line)
            if "versions" in record:
                versions = record["versions"]
                continue
            case = record["case"]
            if case not in order:
                order.append(case)
            times[(case, record["impl"])] = record.get("median_us")
    header = ["case"] + IMPLS + ["speedup (peer / auto)", "peer / generated", "target", "met"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for case in order:
        row = [case] + [fmt(times.get((case, impl))) for impl in IMPLS]
        ours = times.get((case, "linalgx-auto"))
        peers = [times.get((case, p)) for p in ("scipy", "jax") if times.get((case, p))]
        target = TARGETS.get(case)
        generated = times.get((case, "linalgx-generated"))
        if ours and peers:
            speedup = min(peers) / ours
            row += ["%.2fx" % speedup,
                    "%.2fx" % (min(peers) / generated) if generated else "-",
                    ">= %.1fx" % target if target else "-",
                    ("yes" if speedup >= target else "**no**") if target else "-"]
        else:
            row += ["-", "-", "-", "-"]
        print("| " + " | ".join(row) + " |")
    if versions:
        print()
        print("Peers: " + ", ".join("%s %s" % kv for kv in versions.items()))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bench.jsonl")
