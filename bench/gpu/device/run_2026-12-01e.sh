#!/bin/bash
# The third H200 call of 2026-12-01's fourth session (docs/PERFORMANCE.md: "run 2"): the first
# call's correctness and checks (run_2026-12-01c.sh), then the epilogue check with its peer,
# the tile compile figures and the async check; run_2026-12-01f.sh is the fourth call (the
# one-run tables). From the repository root on the device, .dev/ carried as for run c.
bash bench/gpu/device/run_2026-12-01c.sh
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
timeout 90 $K bench/gpu/matmul_ep_check.py > $OUT/mep.log 2>&1; echo "matmul_ep rc=$? at $(el) s"; grep -E "FAILED|ROW|Error|declined" $OUT/mep.log | head -30; tail -1 $OUT/mep.log
timeout 60 python3 bench/gpu/matmul_ep_torch.py 2>&1 | grep PEER
timeout 60 bash bench/gpu/device/tile_check.sh --figures $K 2>&1 | grep -E "BENCH|TIME|failed|Error" | head -20
timeout 95 bash bench/async/device_check.sh $K > $OUT/async.log 2>&1; echo "async device_check rc=$? at $(el) s"; grep -E "[|] (callback|spin|poll) [|]|^==|failed|HUNG|all at once|compile_async:" $OUT/async.log | head -60
echo "all done at $(el) s"
