#!/usr/bin/env bash
# Device call 1: GPU tests of main's kernels + lu_unpack, and an Nsight
# Compute source profile of the cluster panel at (1,1024,1024) f64.
set -u
P=$(cd .device/pypack && pwd)
O=$OUT/c1
mkdir -p "$O"
cd "$P"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
t0=$SECONDS
python3 - > "$O/torch_build.log" 2>&1 <<PY
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments("$P/src", "$P/lib", "$P/torch_build"))
PY
echo "torch build rc $? in $((SECONDS - t0)) s"; tail -3 "$O/torch_build.log"
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" 2>/dev/null || echo "NO OPERATOR LIBRARY"
LD_LIBRARY_PATH=$P/lib timeout 120 "$P/bin/linalgx_cuda_runtime_smoke" > "$O/smoke.log" 2>&1
echo "smoke rc $? $(grep -c '^PASS' "$O/smoke.log") PASS, $(grep -c '^FAIL' "$O/smoke.log") FAIL"
t0=$SECONDS
timeout 200 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "large_lu_gpu rc $? in $((SECONDS - t0)) s: $(tail -1 "$O/large_lu_gpu.log")"
grep -E "^FAIL|crossover" "$O/large_lu_gpu.log" | head -20
t0=$SECONDS
timeout 220 python3 torch_ops_gpu.py --source-root "$P/src" --library-dir "$P/lib" \
  --build-dir "$P/torch_build" > "$O/torch_ops_gpu.log" 2>&1
echo "torch_ops_gpu rc $? in $((SECONDS - t0)) s: $(tail -1 "$O/torch_ops_gpu.log")"
grep -vE "^PASS" "$O/torch_ops_gpu.log" | tail -30
t0=$SECONDS
rep=$O/ncu_cluster_panel_1024_f64
timeout 120 ncu --kernel-name regex:cluster_panel --launch-skip 32 --launch-count 1 \
  --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats \
  --section SchedulerStats --section SourceCounters --section InstructionStats -f -o "$rep" \
  python3 -c "
import torch, linalgx.torch as lxt
a = torch.randn(1024, 1024, dtype=torch.float64, device='cuda')
for _ in range(2): lxt.lu_factor(a)
torch.cuda.synchronize()" > "$rep.log" 2>&1
echo "ncu rc $? in $((SECONDS - t0)) s"; tail -3 "$rep.log"
ncu -i "$rep.ncu-rep" --page raw --csv > "$rep.raw.csv" 2>&1
ncu -i "$rep.ncu-rep" --page source --print-source sass --csv > "$rep.sass.csv" 2>&1
python3 stall_summary.py "$rep.raw.csv" "$rep.sass.csv" > "$rep.summary.txt" 2>&1
head -80 "$rep.summary.txt"
cd "$OUT" && tar cJf c1.tar.xz c1 && rm -rf c1
