#!/bin/bash
# The second H200 call of 2026-12-01's fourth session (phase B of run_2026-12-01c.sh, right
# after it on the same warm machine): the helpers' device checks and benchmarks one at a time.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
# ---- phase B
timeout 90 $K bench/gpu/matmul_ep_check.py > $OUT/mep.log 2>&1; echo "matmul_ep rc=$? at $(el) s"; grep -E "FAILED|ROW|Error|declined" $OUT/mep.log | head -30; tail -1 $OUT/mep.log
timeout 60 python3 bench/gpu/matmul_ep_torch.py 2>&1 | grep PEER
OUT=$OUT timeout 100 bash bench/tiles/device_run1.sh $K > $OUT/tiles1.log 2>&1; echo "tiles device_run1 rc=$? at $(el) s"; cat $OUT/tiles1.log | head -60
timeout 95 bash bench/async/device_check.sh $K > $OUT/async.log 2>&1; echo "async device_check rc=$? at $(el) s"; cat $OUT/async.log | head -70
timeout 110 bash bench/gpu/device/attention_check.sh $K > $OUT/attn.log 2>&1; echo "attention_check rc=$? at $(el) s"; cat $OUT/attn.log | head -50
echo "all done at $(el) s"
