#!/usr/bin/env bash
# Session 64 call C (the machine of call B, its pack with big4k.so as the kernel library):
# where the time of issue 27's cases goes, and two timelines of single large matrices.
cd .device/pypack && export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$PWD/lib PYTHONPATH=$PWD/python LINALGX_CUDA_PROGRAMMATIC_LAUNCH=1 && mkdir -p $OUT/p && timeout 150 python3 profile_large_lu.py $OUT/p 1024x1024:float64 2048x2048:float64 4096x4096:float32 4096x4096:float64 8x512x512:float64 256x128x128:float64 32x1024x1024:float32 2>&1 | tail -n 40; timeout 60 python3 trace_large_lu.py $OUT/p 4096x4096:float64 8192x8192:float32 > /dev/null 2>&1; grep -h "first activity" $OUT/p/trace*.md; ls $OUT/p
