#!/usr/bin/env bash
# Session 68 call B, run right after call Z on the same warm machine (given to the device tool as
# one command line; written out here as it ran): main's library against w256 and w512 on issue
# 27's large cases, main and w256 twice (CUDA-event µs beside torch.linalg.lu_factor), then the
# large-LU GPU suite on w256.
set -u; D=$PWD/.device; P=$D/pypack
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python
source $D/torchops67.sh
cp $D/variants67/*.so $P/lib_alt/; cp -n $P/lib/liblinalgx_cuda_kernels.so $P/lib_alt/main.so
cd $P
for L in main w256 w512 main w256; do
  cp lib_alt/$L.so lib/liblinalgx_cuda_kernels.so
  timeout 60 python3 time_lu_streams.py $L 1024x1024:float64 2048x2048:float64 4096x4096:float32 \
    4096x4096:float64 8192x8192:float32 8192x8192:float64 32x1024x1024:float32 8x512x512:float64 \
    2>&1 | grep "^|" | tee -a $OUT/w2.md
done
cp lib_alt/w256.so lib/liblinalgx_cuda_kernels.so
LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot $P/lib > $OUT/large_w256.log 2>&1
tail -2 $OUT/large_w256.log
