#!/usr/bin/env python3
"""One table across kernel libraries: for each case of profile_large_lu.py's
reports (large_lu_kernels.md), linalgx's kernel µs a call split into panels,
updates (the update kernels and cuBLAS's GEMMs) and the rest, beside
torch.linalg.lu_factor's, with the ratio — so that compare_kernel_libraries.sh's
variants can be read side by side; and the libraries' timed calls (bench_python.py's CUDA events
and synchronous walls, compare_kernel_libraries.sh's BENCH_CASES) with the
library of the lowest mean ratio to PyTorch.

    python3 summarize_kernel_libraries.py OUTDIR
        reads OUTDIR/profile_<library>/large_lu_kernels.md and
        OUTDIR/bench_<library>/bench_python.jsonl, writes OUTDIR/summary.md
        and prints it
    python3 summarize_kernel_libraries.py NAME=FILE ...
        the named reports, printed
"""

import json
import os
import re
import sys

SECTION = re.compile(r"^## \((?P<shape>[^)]*)\) (?P<dtype>\S+), (?P<who>\S+)")
TOTAL = re.compile(r"^kernels (?P<us>[0-9.]+) µs a call")
# The two calls every report and timing compares.
OURS, PEER = "linalgx.torch.lu_factor", "torch.linalg.lu_factor"
ROW = re.compile(r"^\| (?P<name>.*?) \| (?P<launches>[0-9.]+) \| (?P<us>[0-9.]+) \| ")


def kernel_group(name):
    """panel, update or other, by the kernel's name."""
    if "panel" in name:
        return "panel"
    if any(word in name for word in ("update", "trailing", "exchange_solve", "gemm")):
        return "update"
    return "other"


def parse_report(text):
    """{(case, who): {"total": µs, "panel": µs, "update": µs, "other": µs}}
    from one large_lu_kernels.md (who: linalgx.torch.lu_factor or
    torch.linalg.lu_factor)."""
    calls, current = {}, None
    for line in text.splitlines():
        section = SECTION.match(line)
        if section:
            case = "(%s) %s" % (section["shape"], section["dtype"])
            current = calls.setdefault((case, section["who"]),
                                       {"total": 0.0, "panel": 0.0, "update": 0.0, "other": 0.0})
            continue
        if current is None:
            continue
        total = TOTAL.match(line)
        if (total or line.startswith("| kernel |")) and current.get("rows"):
            # A second call under one heading (a log cut by grep): not ours.
            current = None
            continue
        if total:
            current["total"] = float(total["us"])
            continue
        row = ROW.match(line)
        if row:
            current[kernel_group(row["name"])] += float(row["us"])
            current["rows"] = True
    for call in calls.values():
        call.pop("rows", None)
    return calls


def summarize(reports):
    """Markdown table rows for {library: parsed report}."""
    cases = []
    for calls in reports.values():
        for case, _ in calls:
            if case not in cases:
                cases.append(case)
    lines = ["| case | library | linalgx µs (panels / updates / other) | torch.linalg.lu_factor µs | ratio |",
             "|---|---|---:|---:|---:|"]
    for case in cases:
        for library, calls in reports.items():
            ours = calls.get((case, OURS))
            if ours is None:
                continue
            theirs = calls.get((case, PEER))
            peer = "%.1f" % theirs["total"] if theirs else "–"
            ratio = "%.2f" % (ours["total"] / theirs["total"]) if theirs and theirs["total"] else "–"
            lines.append("| %s | %s | %.1f (%.1f / %.1f / %.1f) | %s | %s |" % (
                case, library, ours["total"], ours["panel"], ours["update"], ours["other"], peer,
                ratio))
    return lines


def parse_bench(lines):
    """{case: {entry: (device s, wall s)}} from one bench_python.jsonl."""
    calls = {}
    for line in lines:
        row = json.loads(line)
        if "device_s" in row:
            calls.setdefault(row["case"], {})[row["entry"]] = (row["device_s"], row["wall_s"])
    return calls


def summarize_bench(benches):
    """Markdown rows for {library: parse_bench(...)}, the device ratios to
    PyTorch case by case with each case's best library (where the defaults'
    crossovers show), then the library whose ratio is lowest on average over
    the cases that every library timed."""
    timed = [{case for case, t in calls.items() if OURS in t and PEER in t}
             for calls in benches.values()]
    common = set.intersection(*timed) if timed else set()
    lines = ["| case | library | %s µs device / wall | %s µs device / wall | ratio (device) |"
             % (OURS, PEER), "|---|---|---:|---:|---:|"]
    ratio = {}  # {library: {case: device ratio}}
    for library, calls in benches.items():
        for case in sorted(common):
            (od, ow), (pd, pw) = calls[case][OURS], calls[case][PEER]
            ratio.setdefault(library, {})[case] = od / pd
            lines.append("| %s | %s | %.0f / %.0f | %.0f / %.0f | %.3f |" % (
                case, library, od * 1e6, ow * 1e6, pd * 1e6, pw * 1e6, od / pd))
    mean = {library: sum(r.values()) / len(r) for library, r in ratio.items()}
    if mean:
        lines += ["", "| case | %s | best |" % " | ".join(mean),
                  "|---|" + "---:|" * len(mean) + "---|"]
        for case in sorted(common):
            lines.append("| %s | %s | %s |" % (
                case, " | ".join("%.3f" % ratio[library][case] for library in mean),
                min(mean, key=lambda library: ratio[library][case])))
        lines.append("")
        lines.append("mean device ratio over %d cases: %s; best: %s" % (
            len(common), ", ".join("%s %.3f" % kv for kv in sorted(mean.items(), key=lambda kv: kv[1])),
            min(mean, key=mean.get)))
    return lines


def main(argv):
    if len(argv) == 2 and "=" not in argv[1]:
        out = argv[1]
        reports, benches = {}, {}
        for entry in sorted(os.listdir(out)):
            path = os.path.join(out, entry, "large_lu_kernels.md")
            if entry.startswith("profile_") and os.path.isfile(path):
                with open(path, encoding="utf-8") as f:
                    reports[entry[len("profile_"):]] = parse_report(f.read())
            path = os.path.join(out, entry, "bench_python.jsonl")
            if entry.startswith("bench_") and os.path.isfile(path):
                with open(path, encoding="utf-8") as f:
                    benches[entry[len("bench_"):]] = parse_bench(f)
        summary = os.path.join(out, "summary.md")
    elif len(argv) >= 2:
        reports, benches, summary = {}, {}, None
        for arg in argv[1:]:
            name, path = arg.split("=", 1)
            with open(path, encoding="utf-8") as f:
                reports[name] = parse_report(f.read())
    else:
        print(__doc__, file=sys.stderr)
        return 2
    if not reports and not benches:
        print("summarize_kernel_libraries: no large_lu_kernels.md or bench_python.jsonl found",
              file=sys.stderr)
        return 1
    text = "\n".join((summarize(reports) if reports else [])
                     + ([""] if reports and benches else [])
                     + (summarize_bench(benches) if benches else [])) + "\n"
    if summary:
        with open(summary, "w", encoding="utf-8") as f:
            f.write(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
