#!/usr/bin/env python3
"""Summarizes one profiled kernel from Nsight Compute CSV exports.

    stall_summary.py RAW_CSV SASS_CSV

RAW_CSV:  ncu -i REP --page raw --csv        (one kernel)
SASS_CSV: ncu -i REP --page source --print-source sass --csv

Prints the kernel's duration, launch shape, registers, occupancy and issue
rate, the stall reasons (cycles per issued instruction, largest first), and
the SASS opcodes and single instructions that collect the most warp stall
samples, with the columns of the source page that say why.
"""

import collections
import csv
import io
import re
import sys


def read_csv(path):
    text = open(path, errors="replace").read()
    lines = [ln for ln in text.splitlines() if ln.startswith('"')]
    return list(csv.reader(io.StringIO("\n".join(lines))))


def number(s):
    try:
        return float(s.replace(",", ""))
    except (ValueError, AttributeError):
        return None


def raw_summary(path):
    rows = read_csv(path)
    if len(rows) < 3:
        print(f"  (no raw metrics in {path})")
        return
    header, units, values = rows[0], rows[1], rows[2]
    metric = dict(zip(header, values))
    unit = dict(zip(header, units))

    def show(label, name):
        if name in metric:
            print(f"  {label:34s} {metric[name]} {unit.get(name, '')}")

    show("kernel", "Kernel Name")
    show("duration", "gpu__time_duration.sum")
    show("grid", "launch__grid_size")
    show("block", "launch__block_size")
    show("registers/thread", "launch__registers_per_thread")
    show("shared memory/block", "launch__shared_mem_per_block_static")
    show("achieved occupancy", "sm__warps_active.avg.pct_of_peak_sustained_active")
    show("theoretical occupancy", "sm__maximum_warps_per_active_cycle_pct")
    show("issue slots busy", "sm__instruction_throughput.avg.pct_of_peak_sustained_active")
    show("issued IPC (per SM)", "sm__inst_executed.avg.per_cycle_active")
    show("instructions executed", "smsp__inst_executed.sum")
    show("SM cycles (avg active)", "sm__cycles_active.avg")
    show("warp cycles per issue", "smsp__average_warp_latency_per_inst_issued.ratio")
    pattern = re.compile(
        r"smsp__average_warps_issue_stalled_(.+)_per_issue_active\.ratio$")
    stalls = []
    for name, v in metric.items():
        m = pattern.match(name)
        if m and number(v):
            stalls.append((number(v), m.group(1)))
    if stalls:
        print("  stall reasons (warps stalled per issued instruction):")
        for v, reason in sorted(stalls, reverse=True)[:12]:
            print(f"    {reason:28s} {v:8.3f}")


def sass_summary(path):
    rows = [r for r in read_csv(path) if r and r[0] != "Kernel Name"]
    if len(rows) < 2:
        print(f"  (no source page in {path})")
        return
    header = rows[0]
    col = {h: i for i, h in enumerate(header)}
    src = next((i for h, i in col.items() if h in ("Source", "# Source")), None)
    addr = col.get("Address")
    samples = next((i for h, i in col.items()
                    if h.startswith("Warp Stall Sampling (All")), None)
    executed = col.get("Instructions Executed")
    if src is None or samples is None:
        print(f"  source page columns: {header}")
        return
    reason_cols = [(h, i) for h, i in col.items()
                   if h.startswith("stall_") and "Not Issued" not in h]
    body = [r for r in rows[1:] if len(r) == len(header)]
    total = sum(number(r[samples]) or 0 for r in body)
    n_exec = sum(number(r[executed]) or 0 for r in body) if executed is not None else 0
    print(f"  SASS: {len(body)} instructions, {total:.0f} stall samples,"
          f" {n_exec:.0f} warp instructions executed")
    if not total:
        return
    by_op = collections.defaultdict(float)
    by_op_reason = collections.defaultdict(lambda: collections.defaultdict(float))
    for r in body:
        text = re.sub(r"^@!?U?P\w+\s+", "", r[src].strip())
        op = text.split(" ")[0] if text else "?"
        s = number(r[samples]) or 0
        by_op[op] += s
        for h, i in reason_cols:
            by_op_reason[op][h] += number(r[i]) or 0
    print("  stall samples by opcode:")
    for op, s in sorted(by_op.items(), key=lambda kv: -kv[1])[:14]:
        reasons = sorted(by_op_reason[op].items(), key=lambda kv: -kv[1])[:3]
        why = ", ".join(f"{h.replace('stall_', '')} {v / s:.0%}"
                        for h, v in reasons if v) if s else ""
        print(f"    {op:14s} {s / total:6.1%}  {why}")
    print("  instructions with the most samples:")
    top = sorted(body, key=lambda r: -(number(r[samples]) or 0))[:16]
    for r in top:
        s = number(r[samples]) or 0
        reasons = sorted(((number(r[i]) or 0, h) for h, i in reason_cols),
                         reverse=True)[:2]
        why = ", ".join(f"{h.replace('stall_', '')} {v:.0f}" for v, h in reasons if v)
        where = r[addr] if addr is not None else ""
        print(f"    {where:>8s} {s / total:6.2%}  {r[src].strip()[:60]:60s} {why}")
    if reason_cols:
        sums = sorted(((sum(number(r[i]) or 0 for r in body), h)
                       for h, i in reason_cols), reverse=True)[:10]
        print("  source-page stall columns (share of samples): " +
              ", ".join(f"{h.replace('stall_', '')} {v / total:.0%}" for v, h in sums if v))


def main():
    raw, sass = sys.argv[1], sys.argv[2]
    raw_summary(raw)
    sass_summary(sass)


if __name__ == "__main__":
    main()
