#!/bin/bash
# The third H200 call of 2026-12-01's fourth session (docs/PERFORMANCE.md: "run 2"), from the repository
# root on the device: a Release build in .dev/build, the host libraries it links in .dev/lib and
# the test binaries in .dev/bin, carried there (DESIGN.md's last section); results under $OUT.
# Correctness in parallel (16 cores), then the checks one at a time, the async check and the
# tile compile figures; run_2026-12-01f.sh is the fourth call (the one-run tables).
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
git log --oneline -1 2>/dev/null | cat; nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
$K -c 'import gpu; print(gpu.backend(), gpu.device())'
# ---- phase A
(cd .dev/bin && timeout 150 ./tile_lower_test > $OUT/tlt.log 2>&1; echo "tlt rc=$?" >> $OUT/tlt.log) &
(cd .dev/bin && timeout 90 ./gpu_kernels_test > $OUT/gk.log 2>&1; echo "gk rc=$?" >> $OUT/gk.log; timeout 60 ./gpu_runtime_test > $OUT/gr.log 2>&1; echo "gr rc=$?" >> $OUT/gr.log; timeout 60 ./embed_test_tile_export cuda > $OUT/tex.log 2>&1; echo "tex rc=$?" >> $OUT/tex.log; timeout 60 ./tile_host > $OUT/th.log 2>&1; echo "tile_host rc=$?" >> $OUT/th.log) &
PAR=8 timeout 170 bench/gpu/device/par.sh $K gpu $PWD/tests/gpu $PWD/tests/gpu_diff > $OUT/gpu.log 2>&1 &
PAR=6 timeout 170 bench/gpu/device/par.sh $K tile $PWD/tests/tile examples/tiles > $OUT/tile.log 2>&1 &
wait
echo "phase A done at $(el) s"
head -c 3000 $OUT/gpu.log; head -c 3000 $OUT/tile.log
for f in tlt gk gr tex th; do tail -3 $OUT/$f.log; done
grep -E "^FAIL" $OUT/tlt.log | head -5
for c in cuda_core_check linalg_check profile_check graph_check; do
  timeout 60 $K bench/gpu/$c.py > $OUT/$c.log 2>&1; echo "$c rc=$? at $(el) s"; grep -E "FAILED|Error|us|TFLOP" $OUT/$c.log | head -8; tail -1 $OUT/$c.log
done
timeout 30 python3 bench/gpu/graph_check_torch.py 2>&1 | tail -2; timeout 60 python3 bench/gpu/raw_launch_peers.py 2>&1 | grep PEER
timeout 100 bench/gpu/run_fault_tests.sh $K > $OUT/faults.log 2>&1; echo "faults rc=$?"; grep -E "passed|failed|FAIL" $OUT/faults.log | tail -6
timeout 90 $K bench/gpu/matmul_ep_check.py > $OUT/mep.log 2>&1; echo "matmul_ep rc=$? at $(el) s"; grep -E "FAILED|ROW|Error|declined" $OUT/mep.log | head -30; tail -1 $OUT/mep.log
timeout 60 python3 bench/gpu/matmul_ep_torch.py 2>&1 | grep PEER
echo "checks done at $(el) s"
timeout 60 bash bench/gpu/device/tile_check.sh --figures $K 2>&1 | grep -E "BENCH|TIME|failed|Error" | head -20
timeout 95 bash bench/async/device_check.sh $K > $OUT/async.log 2>&1; echo "async device_check rc=$? at $(el) s"; grep -E "[|] (callback|spin|poll) [|]|^==|failed|HUNG|all at once|compile_async:" $OUT/async.log | head -60
echo "all done at $(el) s"
