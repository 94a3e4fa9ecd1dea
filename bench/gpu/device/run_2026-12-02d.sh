#!/bin/bash
# The seventh session's H200 call (2026-12-02, one call: 818 s of device time were left), from
# the repository root with .dev/ carried (DESIGN.md's last section). Phase 1, all at once (no
# timing in it): tests/gpu + gpu_diff, tests/tile + examples/tiles, tile_lower_test, the
# embedding check (issue 15) and the one-GPU NCCL check (issue 17). Phase 2, one at a time:
# each argument "SECONDS command", skipped when it would run past BUDGET seconds; each step's
# whole output is kept in $OUT/step_N.log and its tail printed.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
BUDGET=${BUDGET:-585}
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
git log --oneline -1 2>/dev/null | cat
nvidia-smi --query-gpu=name,clocks.max.sm,temperature.gpu --format=csv,noheader 2>/dev/null
(cd .dev/bin && timeout 120 ./tile_lower_test > $OUT/tlt.log 2>&1; echo "tlt rc=$?" >> $OUT/tlt.log) &
PAR=8 timeout 140 bench/gpu/device/par.sh $K gpu $PWD/tests/gpu $PWD/tests/gpu_diff > $OUT/gpu.log 2>&1 &
PAR=6 timeout 140 bench/gpu/device/par.sh $K tile $PWD/tests/tile examples/tiles > $OUT/tile.log 2>&1 &
(timeout 40 bash bench/embed/device_check.sh > $OUT/embed.log 2>&1; echo "embed rc=$?" >> $OUT/embed.log) &
(timeout 60 bash bench/gpu/multi/device_one.sh > $OUT/multi.log 2>&1; echo "multi rc=$?" >> $OUT/multi.log) &
wait
echo "#### phase 1 at $(el) s"
grep -E "^== " $OUT/gpu.log $OUT/tile.log; tail -2 $OUT/tlt.log; grep -E "^FAIL" $OUT/tlt.log | head -5
tail -4 $OUT/embed.log; tail -4 $OUT/multi.log
mkdir -p $OUT/fail
for n in $(grep -h "^== " $OUT/gpu.log $OUT/tile.log | sed 's/.*failed://'); do
  f=$(ls /tmp/par_gpu/$n.log /tmp/par_tile/$n.log 2>/dev/null | head -1)
  [ -n "$f" ] && cp $f $OUT/fail/ && head -c 800 $f
done
. bench/gpu/device/_steps.sh
TAIL=2500 steps $OUT "$@"
echo "#### all done at $(el) s"
