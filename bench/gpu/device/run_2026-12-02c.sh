#!/bin/bash
# The sixth session's last H200 call (planned for ~01:45, main at 01:40), from the repository
# root with .dev/ carried: the correctness phase (tests/gpu + gpu_diff, tests/tile +
# examples/tiles, tile_lower_test, all at once), then each argument "SECONDS command" in
# order under its own time limit; every step prints only its summary lines.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
git log --oneline -1 2>/dev/null | cat
(cd .dev/bin && timeout 120 ./tile_lower_test > $OUT/tlt.log 2>&1; echo "tlt rc=$?" >> $OUT/tlt.log) &
PAR=8 timeout 150 bench/gpu/device/par.sh $K gpu $PWD/tests/gpu $PWD/tests/gpu_diff > $OUT/gpu.log 2>&1 &
PAR=6 timeout 150 bench/gpu/device/par.sh $K tile $PWD/tests/tile examples/tiles > $OUT/tile.log 2>&1 &
wait
echo "#### correctness at $(el) s"
grep -E "^== " $OUT/gpu.log $OUT/tile.log; tail -2 $OUT/tlt.log; grep -E "^FAIL" $OUT/tlt.log | head -5
for n in $(grep -h "^== " $OUT/gpu.log $OUT/tile.log | sed 's/.*failed://'); do
  f=$(ls /tmp/par_gpu/$n.log /tmp/par_tile/$n.log 2>/dev/null | head -1); [ -n "$f" ] && head -c 1500 $f
done
for req in "$@"; do
  secs=${req%% *}; cmd=${req#* }
  echo "######## $cmd (limit $secs s, at $(el) s)"
  timeout $secs bash -c "$cmd" > $OUT/step.log 2>&1; rc=$?
  tail -c 5000 $OUT/step.log
  echo "######## rc=$rc at $(el) s"
done
echo "#### all done at $(el) s"
