#!/usr/bin/env bash
# Session 65 call F: Nsight Compute at (1024,1024) f64 on main's library: one exchange-and-solve
# launch and one one-block register panel launch of the second call, full sections and SASS
# stall samples, summarized by stall_summary.py.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/f; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/f-raw.tar.xz" -C "$O" .; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cat > "$O/one.py" <<'PY'
import warnings; warnings.simplefilter("ignore")
import torch, linalgx.torch as lxt
a = torch.randn(1024, 1024, dtype=torch.float64, device="cuda")
for _ in range(2):
    lxt.lu_factor(a)
torch.cuda.synchronize()
PY
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)
profile() {  # NAME REGEX SKIP
  timeout 120 $NCU --kernel-name "regex:$2" --launch-skip "$3" --launch-count 1 --set full \
    --import-source no -o "$O/$1" python3 "$O/one.py" > "$O/$1.log" 2>&1; echo "ncu $1 rc=$?"
  $NCU -i "$O/$1.ncu-rep" --page details > "$O/$1_details.txt" 2>&1
  $NCU -i "$O/$1.ncu-rep" --page raw --csv > "$O/$1_raw.csv" 2>&1
  $NCU -i "$O/$1.ncu-rep" --page source --print-source sass --csv > "$O/$1_sass.csv" 2>&1
  python3 "$P/stall_summary.py" "$O/$1_raw.csv" "$O/$1_sass.csv" > "$O/$1_summary.txt" 2>&1
  head -45 "$O/$1_summary.txt"; rm -f "$O/$1.ncu-rep"; save
}
profile exchange_solve exchange_solve_narrow 36
profile register_panel "linalgx_lu_blocked_register_panel_f64" 18
