#!/usr/bin/env python3
"""Markdown tables from bench.jsonl (bench/run_gpu_bench.sh).

    make_table.py OUTDIR/bench.jsonl

One table per op:
  * whole LU: linalgx lu_perm (strategies auto / nocyclic / cyclic / cusolver / batched and
    the pack's variants, those measured) vs
    JAX jax.lax.linalg.lu and PyTorch lu_factor + lu_unpack;
  * permutation: linalgx perm vs JAX lu_pivots_to_permutation and PyTorch
    lu_unpack(unpack_data=False);
  * noop: linalgx perm against one empty synchronous kernel.

Cells show "device | wall" in microseconds (medians). Device time is the
Nsight Compute kernel sum per call when measured, marked "n·K" with K kernels
per call; else CUDA-event time, marked "e"; JAX has no event time. The ratio
is linalgx (strategy auto) / the faster peer, on ncu device time when
linalgx and every peer of the row have it, else on wall time; the metric used
is named in the cell. Targets: permutation ratio <= 1/3 (>= 3x faster than the
faster peer); whole LU ratio <= 1.0; perm wall within 2x of the noop wall.
"""

import json
import statistics
import sys
from collections import defaultdict

PEERS = ("jax", "torch")
OP_LU = {"linalgx": "lu_perm", "jax": "lu", "torch": "lu"}
OP_PERM = {"linalgx": "perm", "jax": "perm", "torch": "perm"}
NOOP_CASES = 2  # the noop comparison uses the first two cases


def load(path):
    recs = []
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                recs.append(json.loads(line))
            except ValueError as e:
                print(f"warning: {path}:{ln}: bad JSON ({e})", file=sys.stderr)
    return recs


def case_key(r):
    return (int(r.get("batch", 1)), int(r.get("m", 0)), int(r.get("n", 0)),
            str(r.get("dtype", "?")))


def case_label(k):
    b, m, n, dt = k
    return f"({m},{n}) {dt}" if b == 1 else f"({b},{m},{n}) {dt}"


def num(x):
    return x if isinstance(x, (int, float)) and x == x else None


class Entry:
    """Timing + ncu results of one (framework, op, strategy, case)."""

    def __init__(self):
        self.timing = None
        self.ncu = None
        self.errors = []

    def add(self, r):
        if r.get("error"):
            self.errors.append(r["error"])
        if r.get("mode") == "ncu":
            if num(r.get("device_us_ncu")) is not None:
                self.ncu = r
        elif num(r.get("wall_us_median")) is not None:
            self.timing = r

    @property
    def wall(self):
        return num(self.timing.get("wall_us_median")) if self.timing else None

    @property
    def event(self):
        return num(self.timing.get("device_us_median")) if self.timing else None

    @property
    def ncu_us(self):
        return num(self.ncu.get("device_us_ncu")) if self.ncu else None

    @property
    def kernels(self):
        return num(self.ncu.get("kernels_per_call")) if self.ncu else None

    @property
    def check(self):
        return self.timing.get("check") if self.timing else None

    def device_cell(self):
        if self.ncu_us is not None:
            k = self.kernels
            ks = f"{k:g}" if k is not None and abs(k - round(k)) > 1e-9 else f"{int(round(k or 0))}"
            return f"{self.ncu_us:.1f} n·{ks}"
        if self.event is not None:
            return f"{self.event:.1f} e"
        return "–"

    def cell(self):
        if self.timing is None and self.ncu is None:
            return "error" if self.errors else "–"
        w = f"{self.wall:.1f}" if self.wall is not None else "–"
        c = self.check
        mark = " ⚠" if c and c != "ok" and c != "skipped" else ""
        return f"{self.device_cell()} / {w}{mark}"


def index(recs):
    ent = defaultdict(Entry)
    order = []
    for r in recs:
        fw = r.get("framework", "?")
        st = r.get("strategy", "default")
        if fw != "linalgx":
            st = "default"
        k = (fw, r.get("op"), st, case_key(r))
        ent[k].add(r)
        ck = case_key(r)
        if r.get("op") != "noop" and ck not in order:
            order.append(ck)
    return ent, order


def fmt_ratio(x):
    return f"{x:.2f}" if x is not None else "–"


def compare(lx, peers):
    """(ratio, metric, faster_peer_name) for linalgx vs the faster peer."""
    have = [(n, e) for n, e in peers if e.timing is not None or e.ncu is not None]
    if lx is None or not have:
        return None, None, None
    if lx.ncu_us is not None and all(e.ncu_us is not None for _, e in have):
        name, best = min(((n, e.ncu_us) for n, e in have), key=lambda t: t[1])
        return lx.ncu_us / best if best > 0 else None, "ncu", name
    w = [(n, e.wall) for n, e in have if e.wall is not None]
    if lx.wall is not None and w:
        name, best = min(w, key=lambda t: t[1])
        return lx.wall / best if best > 0 else None, "wall", name
    return None, None, None


def wall_ratio(lx, peers):
    w = [e.wall for _, e in peers if e.wall is not None]
    if lx is None or lx.wall is None or not w:
        return None
    return lx.wall / min(w)


def table(title, ent, order, ops, strategies, target_fn, target_text):
    out = [f"### {title}", "",
           "Cells: device µs (n·K = Nsight Compute sum over K kernels/call, e = CUDA events) "
           "/ wall µs (synchronous call), medians. " + target_text, ""]
    hdr = ["case"] + [f"linalgx {s}" for s in strategies] + \
          ["JAX", "PyTorch", "ratio vs faster peer", "wall ratio", "target"]
    out.append("| " + " | ".join(hdr) + " |")
    out.append("|" + "---|" * len(hdr))
    for ck in order:
        lxs = [ent.get(("linalgx", ops["linalgx"], s, ck)) for s in strategies]
        peers = [(p, ent.get((p, ops[p], "default", ck))) for p in PEERS]
        peers_present = [(p, e) for p, e in peers if e is not None]
        if all(x is None for x in lxs) and not peers_present:
            continue
        lx = lxs[0]
        ratio, metric, fp = compare(lx, peers_present)
        wr = wall_ratio(lx, peers_present)
        rcell = f"{fmt_ratio(ratio)} ({metric} vs {fp})" if ratio is not None else "–"
        tgt = "–"
        if ratio is not None:
            tgt = "✅" if target_fn(ratio) else "❌"
        if lx is not None and lx.check not in (None, "ok", "skipped"):
            tgt += " ⚠ check"
        row = [case_label(ck)] + [x.cell() if x else "–" for x in lxs] + \
              [e.cell() if e else "–" for _, e in peers] + [rcell, fmt_ratio(wr), tgt]
        out.append("| " + " | ".join(row) + " |")
    out.append("")
    return out


def noop_table(ent, order):
    noops = [e for (fw, op, st, ck), e in ent.items() if fw == "linalgx" and op == "noop"]
    walls = [e.wall for e in noops if e.wall is not None]
    evs = [e.event for e in noops if e.event is not None]
    ncus = [e.ncu_us for e in noops if e.ncu_us is not None]
    out = ["### Permutation vs an empty kernel (linalgx noop)", ""]
    if not noops or not walls:
        return out + ["no noop measurement", ""]
    nw = statistics.median(walls)
    ne = statistics.median(evs) if evs else None
    nn = statistics.median(ncus) if ncus else None
    out.append(f"noop: wall {nw:.1f} µs, events {ne:.1f} µs" if ne is not None else
               f"noop: wall {nw:.1f} µs")
    if nn is not None:
        out[-1] += f", ncu {nn:.1f} µs"
    out += ["", "Target: linalgx perm wall ≤ 2× noop wall.", "",
            "| case | perm wall µs | perm device µs | wall / noop | device / noop (events) | target |",
            "|---|---|---|---|---|---|"]
    for ck in order[:NOOP_CASES]:
        e = ent.get(("linalgx", "perm", "auto", ck))
        if e is None or e.wall is None:
            out.append(f"| {case_label(ck)} | – | – | – | – | – |")
            continue
        r = e.wall / nw if nw > 0 else None
        rd = (e.event / ne) if (e.event is not None and ne) else None
        out.append(f"| {case_label(ck)} | {e.wall:.1f} | {e.device_cell()} | {fmt_ratio(r)} | "
                   f"{fmt_ratio(rd)} | {'✅' if r is not None and r <= 2.0 else '❌'} |")
    out.append("")
    return out


def problems(recs):
    out = []
    for r in recs:
        err = r.get("error")
        chk = r.get("check")
        if err or (chk and chk not in ("ok", "skipped")):
            what = (f"{r.get('framework')} {r.get('op')} {r.get('strategy', '')} "
                    f"{case_label(case_key(r))}{' [ncu]' if r.get('mode') == 'ncu' else ''}")
            out.append(f"- {what}: {err or chk}")
    if out:
        return ["### Problems", ""] + out + [""]
    return []


def main(argv):
    if len(argv) != 2:
        print("usage: make_table.py bench.jsonl", file=sys.stderr)
        return 2
    recs = load(argv[1])
    if not recs:
        print("no records", file=sys.stderr)
        return 1
    ent, order = index(recs)
    lines = ["## linalgx GPU benchmark", ""]
    # The known strategies, then the pack's variants (LINALGX_PACK_VARIANTS),
    # those measured.
    measured = [st for (fw, op, st, _) in ent
                if fw == "linalgx" and op == OP_LU["linalgx"]]
    strategies = ["auto"] + [st for st in dict.fromkeys(
        ["nocyclic", "cyclic", "cusolver", "batched"] + measured)
        if st != "auto" and st in measured]
    lines += table("Whole LU with permutation (linalgx lu_perm vs jax.lax.linalg.lu vs "
                   "torch lu_factor + lu_unpack)", ent, order, OP_LU,
                   strategies, lambda r: r <= 1.0,
                   "Target: ratio ≤ 1.0 (strategy auto).")
    lines += table("Pivots → permutation (linalgx perm vs jax lu_pivots_to_permutation vs "
                   "torch lu_unpack)", ent, order, OP_PERM, ["auto"],
                   lambda r: r <= 1.0 / 3.0, "Target: ≥ 3× faster than the faster peer "
                   "(ratio ≤ 0.33).")
    lines += noop_table(ent, order)
    lines += problems(recs)
    lines += ["PyTorch's lu_unpack returns a permutation matrix (B×M×M), not an index "
              "vector: it is PyTorch's public path to the permutation.", ""]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
