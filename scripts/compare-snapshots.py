#!/usr/bin/env python3
"""Compares two folders written by scripts/snapshot-lowering.sh.

    scripts/compare-snapshots.py BEFORE AFTER [--mlir-opt PATH]

Each file pair is, from strongest to weakest:
  identical     byte for byte;
  equivalent    the same diagnostics, every gpu.module (the kernels) byte
                for byte, and the host code equal once both sides went
                through upstream canonicalize + cse (which removes dead ops
                and deduplicates constants; the constants it hoists are
                compared as a set);
  DIFFERENT     anything else, with the first lines of the difference.
Prints a count of each and exits non-zero when any pair is DIFFERENT or a
file is missing on one side. Paths inside the snapshots (diagnostics name
the input file under the snapshot folder) are compared with the folder
names replaced.
"""

import argparse
import difflib
import pathlib
import re
import subprocess
import sys


def split_status(text):
    """The lowered module(s), and the exit status and diagnostics after."""
    lines = text.split("\n")
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith("exit "):
            return "\n".join(lines[:i]), "\n".join(lines[i:])
    return text, ""


def split_kernels(module):
    """The gpu.module text, and the host code with each kernel's body
    replaced by a stub (its signature stays, so the host still verifies)."""
    kernels, host, inside = [], [], False
    for line in module.split("\n"):
        if not inside and line.startswith("  gpu.module @"):
            inside = True
        if inside:
            kernels.append(line)
            if re.match(r"^ {0,4}\S", line):
                if line == "    }":
                    host.append("      gpu.return")
                host.append(line)
            if line == "  }":
                inside = False
        else:
            host.append(line)
    return kernels, "\n".join(host)


def canonical(host, mlir_opt):
    run = subprocess.run(
        [mlir_opt, "--allow-unregistered-dialect", "--split-input-file",
         "--canonicalize", "--cse"],
        input=host, capture_output=True, text=True)
    out, constants = [], []
    for line in run.stdout.split("\n"):
        if " = arith.constant " in line:
            constants.append(line)
            continue
        out += sorted(constants)
        constants = []
        out.append(line)
    out += sorted(constants)
    errors = re.sub(r"<stdin>:\d+:\d+:", "<stdin>:", run.stderr)
    return out + errors.split("\n")


def compare(before, after, names, mlir_opt):
    a = before.read_text()
    for old, new in names:
        a = a.replace(old, new)
    b = after.read_text()
    if a == b:
        return "identical", []
    (module_a, status_a), (module_b, status_b) = split_status(a), split_status(b)
    if status_a != status_b:
        return "DIFFERENT", ["exit status or diagnostics differ"]
    (kernels_a, host_a), (kernels_b, host_b) = (split_kernels(module_a),
                                                split_kernels(module_b))
    if kernels_a != kernels_b:
        return "DIFFERENT", list(difflib.unified_diff(
            kernels_a, kernels_b, lineterm="", n=1))[:20]
    host_a, host_b = canonical(host_a, mlir_opt), canonical(host_b, mlir_opt)
    if host_a != host_b:
        return "DIFFERENT", list(difflib.unified_diff(
            host_a, host_b, lineterm="", n=1))[:20]
    return "equivalent", []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=pathlib.Path)
    parser.add_argument("after", type=pathlib.Path)
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    args = parser.parse_args()
    before = {p.name: p for p in args.before.iterdir() if p.is_file()}
    after = {p.name: p for p in args.after.iterdir() if p.is_file()}
    counts = {"identical": 0, "equivalent": 0, "DIFFERENT": 0}
    missing = sorted(set(before) ^ set(after))
    for name in missing:
        print(f"MISSING {name} (only in {'before' if name in before else 'after'})")
    # Diagnostics name the inputs under the snapshot folder, as it was given.
    names = [(str(args.before.resolve()) + "/", str(args.after.resolve()) + "/"),
             (str(args.before) + "/", str(args.after) + "/")]
    for name in sorted(set(before) & set(after)):
        verdict, detail = compare(before[name], after[name], names,
                                  args.mlir_opt)
        counts[verdict] += 1
        if verdict == "DIFFERENT":
            print(f"DIFFERENT {name}")
            print("\n".join("    " + line for line in detail))
    print(", ".join(f"{n} {k}" for k, n in counts.items())
          + f", {len(missing)} missing")
    return 1 if counts["DIFFERENT"] or missing else 0


if __name__ == "__main__":
    sys.exit(main())
