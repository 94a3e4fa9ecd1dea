#!/bin/bash
# The sixth session's second H200 call: run c's correctness phase again (its summary lines
# only), the lead's checks (which steps fail), then the tile checks waiting since the fifth
# session (attention_check.sh, ws_check.sh) and issue 14's one-run table (issue14.sh).
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
(cd .dev/bin && timeout 150 ./tile_lower_test > $OUT/tlt.log 2>&1; echo "tlt rc=$?" >> $OUT/tlt.log) &
PAR=8 timeout 170 bench/gpu/device/par.sh $K gpu $PWD/tests/gpu $PWD/tests/gpu_diff > $OUT/gpu.log 2>&1 &
PAR=6 timeout 170 bench/gpu/device/par.sh $K tile $PWD/tests/tile examples/tiles > $OUT/tile.log 2>&1 &
wait
echo "phase A at $(el) s"; grep -E "^== |^--- " $OUT/gpu.log $OUT/tile.log | head -20; tail -2 $OUT/tlt.log
head -60 $(grep -l "FAIL" /tmp/par_gpu/*.log 2>/dev/null | head -2) 2>/dev/null | head -60
OUT=$OUT timeout 200 bash bench/gpu/device/lead_checks.sh $K > $OUT/lead.log 2>&1
grep -E "^== |FAILED|SOME|ALL" $OUT/lead.log | head -30
echo "lead at $(el) s"
bash bench/gpu/device/run_2026-12-01h.sh \
  "bench/gpu/device/attention_check.sh $K" \
  "bash bench/tiles/ws_check.sh $K" \
  "OUT=$OUT bash bench/gpu/device/issue14.sh" > $OUT/helpers.log 2>&1
grep -vE "^\[|^ +[0-9]" $OUT/helpers.log | tail -c 7000
echo "#### all done at $(el) s"
