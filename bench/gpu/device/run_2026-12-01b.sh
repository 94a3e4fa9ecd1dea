#!/bin/bash
# The second H200 call of 2026-12-01's third session (docs/PERFORMANCE.md), from the repository
# root on the device: a Release build in .dev/build, the host libraries it links in .dev/lib and
# the test binaries (tile_lower_test, gpu_kernels_test, gpu_runtime_test, embed_test_tile_export,
# tile_host) in .dev/bin, carried there (DESIGN.md's last section); results under $OUT.
# device run 2 (2026-12-01 session 3): the fixes of the first run, the helpers' requests
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
PAR=10 timeout 80 bench/gpu/device/par.sh $K tile $PWD/tests/tile examples/tiles > $OUT/tile.log 2>&1 &
for n in fused_reduce fp_warnings_lazy; do cmake -DKRAIT=$K -DLANG_DIR=$PWD/tests/gpu -DNAME=$n -DTIMEOUT=60 -DOUT_DIR=/tmp/r1 -P tests/run_test.cmake > $OUT/$n.log 2>&1 && echo "$n: ok" || { echo "$n: FAIL"; head -20 $OUT/$n.log; }; done
wait
echo "phase A done at $(el) s"; head -c 2500 $OUT/tile.log
KRAIT_TILE_SM90=cpasync timeout 40 $K tests/tile/mma_sm90.py > $OUT/mma_cp.out 2>&1; diff $OUT/mma_cp.out tests/tile/mma_sm90.exp >/dev/null && echo "mma_sm90 cpasync: ok" || { echo "mma_sm90 cpasync: DIFF"; diff $OUT/mma_cp.out tests/tile/mma_sm90.exp | head -8; }
timeout 70 $K bench/tiles/quick.py > $OUT/quick.log 2>&1; echo "quick rc=$? at $(el) s"; grep -E "ROW|FAIL|Error|wrong" $OUT/quick.log | head -20
timeout 30 $K bench/gpu/profile_check.py > $OUT/prof.log 2>&1; echo "profile_check rc=$? at $(el) s"; tail -12 $OUT/prof.log
[ $(el) -lt 170 ] && { timeout 40 $K bench/async/gpu_latency.py quick > $OUT/lat.log 2>&1; echo "latency rc=$? at $(el) s"; tail -15 $OUT/lat.log; }
echo "all done at $(el) s"
