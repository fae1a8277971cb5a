#!/usr/bin/env bash
# TEST ONLY (device check of the bench scripts with a stub object)
set -u
B=bench/_devtest/pack/bin/bench_linalgx
export LXLD=$PWD/bench/_devtest/pack/lib:/usr/local/cuda/lib64:/usr/local/cuda/lib
{
nvidia-smi -L; which ncu; ls -d /opt/nvidia/nsight-compute/* /usr/local/cuda/bin/ncu 2>&1; python3 -V
for a in "--op lu_perm --dtype f64 --batch 64 --m 75" "--op lu_perm --dtype f32 --m 75" "--op lu --dtype f64 --batch 3 --m 40 --n 30" \
         "--op lu_perm --dtype f64 --strategy batched --batch 4 --m 20" "--op perm --batch 16384 --m 16" "--op noop" "--op perm --m 4096 --profile"; do
  echo "== $a"; LD_LIBRARY_PATH=$LXLD $B $a --iters 20 --warmup 2; echo "rc=$?"
done
echo "== ncu wrapper"
LD_LIBRARY_PATH=$LXLD python3 bench/ncu_device_time.py --log $OUT/ncu1 -- $B --op perm --batch 64 --m 75 --iters 3 --warmup 2 --profile --no-check
for fw in jax torch; do for op in lu perm; do
python3 bench/ncu_device_time.py --log $OUT/ncu1 -- python3 bench/bench_peers.py --framework $fw --case 64x75x75:f64 --ops $op --iters 3 --warmup 2 --ncu
done; done
} > $OUT/smoke.txt 2>&1
cd $OUT/ncu1 && tar czf $OUT/ncu1.tgz . && cd - >/dev/null && rm -rf $OUT/ncu1
echo "== big peers"
for fw in jax torch; do
  PYTHONUNBUFFERED=1 python3 bench/bench_peers.py --framework $fw --case 1024x1024:f64 --case 4096x4096:f32 --case 8x512x512:f64 --iters-per-case 50/5,15/3,20/3 >> $OUT/bigpeers.jsonl 2>> $OUT/bigpeers.err
done
S=$(date +%s)
CASES="75x75:f64 64x75x75:f64 75x75:f32 64x75x75:f32 4096x32x32:f64 16384x16x16:f32 1024x64x64:f64 256x128x128:f64" NCU=1 NCU_BUDGET_S=150 \
  bench/run_gpu_bench.sh bench/_devtest/pack /tmp/rb > $OUT/run.log 2>&1
echo "run_gpu_bench: $(( $(date +%s) - S )) s" >> $OUT/run.log
cp /tmp/rb/bench.jsonl /tmp/rb/table.md $OUT/; cp /tmp/rb/env.txt /tmp/rb/logs/
cd /tmp/rb/logs && tar czf $OUT/logs.tgz . 
