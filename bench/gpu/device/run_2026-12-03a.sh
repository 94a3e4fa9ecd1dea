#!/bin/bash
# The next session's H200 call (written 2026-12-02, seventh session), from the repository root
# with .dev/ carried (DESIGN.md's last section): what the seventh session's call left open.
# Phase 1, at once (no timing in it): tests/gpu + gpu_diff on CUDA (device_sort_scan's
# misalignment fix ran on the mock only), tests/tile + examples/tiles under the default and
# under KRAIT_TILE_SM90=ws (ws becomes the non-persistent matmul's default when it passes:
# PERFORMANCE.md "H200, seventh session"), tile_lower_test. Phase 2, one at a time, each
# "SECONDS command" argument, skipped when it would run past BUDGET seconds.
# The device tool returns 8 files and the last 12,000 characters of output: every log goes
# into one tarball ($OUT/logs.tgz) and the summary is printed last.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
BUDGET=${BUDGET:-585}
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
L=/tmp/run_logs; rm -rf $L; mkdir -p $L
S=$L/summary; : > $S
note() { echo "$*" | tee -a $S; }
(cd .dev/bin && timeout 120 ./tile_lower_test > $L/tlt.log 2>&1; echo "tlt rc=$?" >> $L/tlt.log) &
# GPU_ENV / TILE_ENV / WS_ENV: settings for the three test runs (eighth session: the row
# kernel under tests/gpu, the watchdog under tests/tile); TILE_ENV=skip or WS_ENV=skip leaves
# that run out
env $GPU_ENV PAR=8 timeout 150 bench/gpu/device/par.sh $K gpu $PWD/tests/gpu $PWD/tests/gpu_diff \
    > $L/gpu.log 2>&1 &
[ "$TILE_ENV" = skip ] || env $TILE_ENV PAR=4 timeout 150 bench/gpu/device/par.sh $K tile \
    $PWD/tests/tile examples/tiles > $L/tile.log 2>&1 &
[ "$WS_ENV" = skip ] || env KRAIT_TILE_SM90=ws KRAIT_KERNEL_TIMEOUT=20 $WS_ENV PAR=4 timeout 150 \
    bench/gpu/device/par.sh $K tilews $PWD/tests/tile examples/tiles > $L/tilews.log 2>&1 &
wait
note "#### phase 1 at $(el) s"
grep -hE "^== " $L/gpu.log $L/tile.log $L/tilews.log 2>/dev/null | tee -a $S
tail -2 $L/tlt.log | tee -a $S
mkdir -p $L/fail
for lab in gpu tile tilews; do
  for n in $(grep -h "^== " $L/$lab.log | sed 's/.*failed://'); do
    [ -f /tmp/par_$lab/$n.log ] && cp /tmp/par_$lab/$n.log $L/fail/$lab.$n.log
  done
done
. bench/gpu/device/_steps.sh
steps $L "$@"
tar czf $OUT/logs.tgz -C /tmp run_logs $(cd /tmp && ls -d par_gpu/res par_tile/res par_tilews/res 2>/dev/null)
echo "================ summary"
cat $S
for f in $L/fail/*.log; do [ -f "$f" ] && { echo "--- $f"; head -c 600 "$f"; echo; }; done | head -c 4000
echo "#### all done at $(el) s"
