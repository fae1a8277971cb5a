#!/usr/bin/env bash
# Session 57 call C: large_lu_gpu.py --aot --quick on main's kernels and runtime (the kernel
# lookup cache with the blocked LU's cluster launches and >48 KiB shared memory).
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
O=${OUT:-/tmp/out}/c; mkdir -p "$O"
P=$D/pypack
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
cp "$P/lib_alt/base.so" "$P/lib/liblinalgx_cuda_kernels.so" 2>/dev/null
(cd "$P" && LD_LIBRARY_PATH=$P/lib timeout ${T:-300} python3 large_lu_gpu.py --aot "$P/lib" --quick) > "$O/large_lu_gpu.log" 2>&1
echo "rc=$?"; grep -vE "^(PASS|ok)" "$O/large_lu_gpu.log" | tail -n 12
xz -T4 "$O/large_lu_gpu.log"
