#!/usr/bin/env python3
"""One table across kernel libraries: for each case of profile_large_lu.py's
reports (large_lu_kernels.md), linalgx's kernel µs a call split into panels,
updates (the update kernels and cuBLAS's GEMMs) and the rest, beside
torch.linalg.lu_factor's, with the ratio — so that compare_kernel_libraries.sh's
variants can be read side by side.

    python3 summarize_kernel_libraries.py OUTDIR
        reads OUTDIR/profile_<library>/large_lu_kernels.md, writes
        OUTDIR/summary.md and prints it
    python3 summarize_kernel_libraries.py NAME=FILE ...
        the named reports, printed
"""

import os
import re
import sys

SECTION = re.compile(r"^## \((?P<shape>[^)]*)\) (?P<dtype>\S+), (?P<who>\S+)")
TOTAL = re.compile(r"^kernels (?P<us>[0-9.]+) µs a call")
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
            ours = calls.get((case, "linalgx.torch.lu_factor"))
            if ours is None:
                continue
            theirs = calls.get((case, "torch.linalg.lu_factor"))
            peer = "%.1f" % theirs["total"] if theirs else "–"
            ratio = "%.2f" % (ours["total"] / theirs["total"]) if theirs and theirs["total"] else "–"
            lines.append("| %s | %s | %.1f (%.1f / %.1f / %.1f) | %s | %s |" % (
                case, library, ours["total"], ours["panel"], ours["update"], ours["other"], peer,
                ratio))
    return lines


def main(argv):
    if len(argv) == 2 and "=" not in argv[1]:
        out = argv[1]
        reports = {}
        for entry in sorted(os.listdir(out)):
            path = os.path.join(out, entry, "large_lu_kernels.md")
            if entry.startswith("profile_") and os.path.isfile(path):
                with open(path, encoding="utf-8") as f:
                    reports[entry[len("profile_"):]] = parse_report(f.read())
        summary = os.path.join(out, "summary.md")
    elif len(argv) >= 2:
        reports, summary = {}, None
        for arg in argv[1:]:
            name, path = arg.split("=", 1)
            with open(path, encoding="utf-8") as f:
                reports[name] = parse_report(f.read())
    else:
        print(__doc__, file=sys.stderr)
        return 2
    if not reports:
        print("summarize_kernel_libraries: no large_lu_kernels.md reports found", file=sys.stderr)
        return 1
    text = "\n".join(summarize(reports)) + "\n"
    if summary:
        with open(summary, "w", encoding="utf-8") as f:
            f.write(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
