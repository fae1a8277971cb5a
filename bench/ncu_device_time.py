#!/usr/bin/env python3
"""Device time per call as the sum of kernel durations, from Nsight Compute.

    ncu_device_time.py [--timeout S] [--log DIR] -- TARGET ARGS...

runs
    ncu --clock-control none --profile-from-start off
        --metrics gpu__time_duration.sum --csv --print-units base
        --log-file LOG TARGET ARGS...

The target must profile exactly its timed calls between cu(da)ProfilerStart
and cu(da)ProfilerStop and print one JSON line (bench_linalgx --profile, or
bench_peers.py --ncu), whose "iters" says how many calls C were profiled.
We sum gpu__time_duration (ns) over every profiled kernel, divide by C, and
count kernels per call. This is how the peers' reference figures were
measured, applied the same way to linalgx, JAX and PyTorch.

Prints ONE JSON line: the target's fields plus
  "mode":"ncu", "device_us_ncu": total kernel time / C, "kernels_per_call",
  "ncu_kernels", "ncu_calls"   (or "error" on failure).
Exit status 0 on success, 1 on failure.
"""

import argparse
import csv
import glob
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

UNIT_TO_NS = {"ns": 1.0, "nsecond": 1.0, "nanosecond": 1.0,
              "us": 1e3, "usecond": 1e3, "microsecond": 1e3,
              "ms": 1e6, "msecond": 1e6, "millisecond": 1e6,
              "s": 1e9, "second": 1e9}


def find_ncu():
    env = os.environ.get("NCU_BIN")
    if env and os.access(env, os.X_OK):
        return env
    p = shutil.which("ncu")
    if p:
        return p
    # prefer the newest /opt install, then CUDA's
    for c in list(reversed(sorted(glob.glob("/opt/nvidia/nsight-compute/*/ncu")))) + \
            ["/usr/local/cuda/bin/ncu"] + sorted(glob.glob("/usr/local/cuda*/nsight-compute*/ncu")):
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def parse_ncu_csv(text):
    """Returns (total_ns, n_kernels, n_rows) from ncu --csv output (any
    surrounding noise such as ==PROF== lines is skipped)."""
    lines = text.splitlines()
    start = None
    for i, ln in enumerate(lines):
        s = ln.lstrip()
        if s.startswith('"ID"') or s.startswith("ID,"):
            start = i
            break
    if start is None:
        return 0.0, 0, 0
    body = [ln for ln in lines[start:] if ln.startswith('"') or ln.startswith("ID,")]
    reader = csv.reader(io.StringIO("\n".join(body)))
    header = next(reader)
    col = {name: k for k, name in enumerate(header)}
    need = ("ID", "Metric Name", "Metric Value")
    for k in need:
        if k not in col:
            raise ValueError(f"ncu CSV lacks column {k!r}; header: {header}")
    unit_col = col.get("Metric Unit")
    total_ns, ids, rows = 0.0, set(), 0
    for row in reader:
        if len(row) < len(header):
            continue
        if row[col["Metric Name"]] != "gpu__time_duration.sum":
            continue
        raw = row[col["Metric Value"]].replace(",", "").strip()
        try:
            v = float(raw)
        except ValueError:
            continue  # e.g. "n/a"
        unit = row[unit_col].strip().lower() if unit_col is not None else "ns"
        scale = UNIT_TO_NS.get(unit)
        if scale is None:
            raise ValueError(f"unknown time unit {unit!r}")
        # One row per kernel (and process); key on (process, ID).
        pid = row[col["Process ID"]] if "Process ID" in col else ""
        ids.add((pid, row[col["ID"]]))
        total_ns += v * scale
        rows += 1
    return total_ns, len(ids), rows


def last_json_line(text):
    for ln in reversed(text.splitlines()):
        ln = ln.strip()
        if ln.startswith("{") and ln.endswith("}"):
            try:
                return json.loads(ln)
            except ValueError:
                continue
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--timeout", type=float, default=300.0,
                    help="seconds before the profiled run is killed")
    ap.add_argument("--log", default=None,
                    help="folder to keep ncu's log (CSV) and the target's output in")
    ap.add_argument("--ncu", default=None, help="path to ncu (default: search)")
    ap.add_argument("--csv-file", default=None,
                    help="parse this saved ncu CSV log instead of running (testing)")
    ap.add_argument("--calls", type=int, default=None,
                    help="profiled calls (default: the target JSON's 'iters')")
    ap.add_argument("--meta", default=None,
                    help="JSON object of fields (framework, op, dtype, ...) used where "
                         "the target prints none (e.g. when it fails)")
    ap.add_argument("--which", action="store_true",
                    help="print the ncu that would be used and exit (1 if none)")
    ap.add_argument("target", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    target = args.target[1:] if args.target[:1] == ["--"] else args.target

    if args.which:
        p = args.ncu or find_ncu()
        print(p or "ncu not found")
        return 0 if p else 1

    rec = {}
    meta = {}
    if args.meta:
        try:
            meta = json.loads(args.meta)
        except ValueError as e:
            ap.error(f"--meta: {e}")

    def finish(extra, rc):
        rec.update(extra)
        for k, v in meta.items():
            rec.setdefault(k, v)
        rec["mode"] = "ncu"
        print(json.dumps(rec), flush=True)
        return rc

    if args.csv_file:
        with open(args.csv_file) as f:
            log_text = f.read()
        out_text = ""
    else:
        if not target:
            ap.error("no target command")
        ncu = args.ncu or find_ncu()
        if not ncu:
            return finish({"error": "ncu not found (PATH, /opt/nvidia/nsight-compute/*/ncu, "
                                    "/usr/local/cuda/bin/ncu)"}, 1)
        logdir = args.log or tempfile.mkdtemp(prefix="ncu_dt_")
        os.makedirs(logdir, exist_ok=True)
        tag = f"{int(time.time() * 1000) % 10**9}_{os.getpid()}"
        log_file = os.path.join(logdir, f"ncu_{tag}.csv")
        cmd = [ncu, "--clock-control", "none", "--profile-from-start", "off",
               "--metrics", "gpu__time_duration.sum", "--csv", "--print-units", "base",
               "--log-file", log_file] + target
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, timeout=args.timeout, errors="replace")
            out_text, err_text, rc = p.stdout, p.stderr, p.returncode
        except subprocess.TimeoutExpired as e:
            def _s(x):
                return x.decode(errors="replace") if isinstance(x, bytes) else (x or "")
            out_text, err_text, rc = _s(e.stdout), _s(e.stderr), "timeout"
        with open(os.path.join(logdir, f"target_{tag}.txt"), "w") as f:
            f.write("$ " + " ".join(cmd) + "\n--- stdout\n" + out_text +
                    "\n--- stderr\n" + err_text)
        log_text = ""
        if os.path.exists(log_file):
            with open(log_file, errors="replace") as f:
                log_text = f.read()
        if '"ID"' not in log_text:  # some ncu versions print the CSV to stdout
            log_text = log_text + "\n" + out_text
        tj = last_json_line(out_text)
        if tj:
            # The target's own timings are inflated by the profiler: drop them.
            rec.update({k: v for k, v in tj.items()
                        if not (k.startswith("device_us_") or k.startswith("wall_us_"))})
        rec["ncu_log"] = log_file
        if rc != 0:
            msg = [ln for ln in (err_text + "\n" + log_text).splitlines()
                   if "ERR" in ln or "rror" in ln][-3:]
            rec.setdefault("error", f"target under ncu exited {rc}: {' | '.join(msg)[:400]}")
            # keep going: partial CSV may still be useful, but report failure

    try:
        total_ns, nk, _ = parse_ncu_csv(log_text)
    except Exception as e:
        return finish({"error": f"CSV parse: {e}"}, 1)
    calls = args.calls or rec.get("iters") or 0
    if not calls:
        return finish({"error": rec.get("error", "target printed no JSON with 'iters'")}, 1)
    if nk == 0:
        return finish({"error": rec.get("error", "ncu profiled no kernels "
                                                 "(profiler start/stop not seen?)"),
                       "ncu_kernels": 0, "ncu_calls": calls}, 1)
    extra = {"device_us_ncu": total_ns / calls / 1e3, "kernels_per_call": nk / calls,
             "ncu_kernels": nk, "ncu_calls": calls}
    return finish(extra, 1 if "error" in rec else 0)


if __name__ == "__main__":
    sys.exit(main())
