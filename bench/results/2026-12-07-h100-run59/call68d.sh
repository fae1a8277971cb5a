#!/usr/bin/env bash
# Session 68 call D, right after call C on the same warm machine (one command line to the device
# tool, written out here): the kernels of the new default library at 8192² and 4096² f64 and
# 8192² f32 (profile_large_lu.py: PyTorch's profiler, mean of 5 calls).
D=$PWD/.device; P=$D/pypack
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
source $D/torchops67.sh
cp $D/new68.so $P/lib/liblinalgx_cuda_kernels.so
cd $P; mkdir -p $OUT/prof
timeout 200 python3 profile_large_lu.py $OUT/prof 8192x8192:float64 4096x4096:float64 8192x8192:float32 > $OUT/prof/log 2>&1
echo rc=$?
grep -A9 "linalgx.torch" $OUT/prof/large_lu_kernels.md | cut -c1-150
