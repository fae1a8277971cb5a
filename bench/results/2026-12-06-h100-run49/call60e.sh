#!/usr/bin/env bash
# Session 60 call E: Nsight Compute on the look-ahead kernel (la4.so, b8284d4) at (1024,1024) f64:
# one launch mid-factorization, the full section set and the SASS with its stall samples.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/e; mkdir -p "$O" "${OUT:=/tmp/out}"
P=$D/pypack60
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python LD_LIBRARY_PATH=$P/lib
cat > "$O/one.py" <<'PY'
import warnings; warnings.simplefilter("ignore")
import torch, linalgx.torch as lxt
a = torch.randn(1024, 1024, dtype=torch.float64, device="cuda")
for _ in range(2):
    lxt.lu_factor(a)
torch.cuda.synchronize()
PY
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)
timeout 240 $NCU --kernel-name regex:look_ahead --launch-skip 40 --launch-count 1 --set full \
  --import-source no -o "$O/la4" python3 "$O/one.py" > "$O/ncu.log" 2>&1; echo "ncu rc=$?"; tail -3 "$O/ncu.log"
$NCU -i "$O/la4.ncu-rep" --page details > "$O/details.txt" 2>&1
$NCU -i "$O/la4.ncu-rep" --page source --print-source sass --csv > "$O/sass.csv" 2>&1
grep -E "Duration|Registers|Achieved Occupancy|Warp Cycles Per Issued|Stall|Cluster|Issued Ipc" "$O/details.txt" | head -40
tar cJf "$OUT/e-raw.tar.xz" -C "$O" details.txt sass.csv ncu.log
