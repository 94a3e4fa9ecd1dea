#!/bin/bash
# The first H200 call of 2026-12-01's third session (docs/PERFORMANCE.md), from the repository
# root on the device: a Release build in .dev/build, the host libraries it links in .dev/lib and
# the test binaries (tile_lower_test, gpu_kernels_test, gpu_runtime_test, embed_test_tile_export,
# tile_host) in .dev/bin, carried there (DESIGN.md's last section); results under $OUT.
# device run (2026-12-01 session 3): correctness in parallel, then benchmarks one at a time.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
git log --oneline -1 2>/dev/null | cat; nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
$K -c 'import gpu; print(gpu.backend(), gpu.device())'
# ---- phase A: correctness, in parallel (16 cores)
(cd .dev/bin && timeout 150 ./tile_lower_test > $OUT/tlt.log 2>&1; echo "tlt rc=$?" >> $OUT/tlt.log) &
(cd .dev/bin && timeout 60 ./gpu_kernels_test > $OUT/gk.log 2>&1; echo "gk rc=$?" >> $OUT/gk.log; timeout 60 ./gpu_runtime_test > $OUT/gr.log 2>&1; echo "gr rc=$?" >> $OUT/gr.log; timeout 60 ./embed_test_tile_export cuda > $OUT/tex.log 2>&1; echo "tex rc=$?" >> $OUT/tex.log; timeout 60 ./tile_host > $OUT/th.log 2>&1; echo "tile_host rc=$?" >> $OUT/th.log) &
PAR=8 timeout 170 bench/gpu/device/par.sh $K gpu $PWD/tests/gpu $PWD/tests/gpu_diff > $OUT/gpu.log 2>&1 &
PAR=6 timeout 170 bench/gpu/device/par.sh $K tile $PWD/tests/tile examples/tiles > $OUT/tile.log 2>&1 &
wait
echo "phase A done at $(el) s"
head -c 3000 $OUT/gpu.log; head -c 3000 $OUT/tile.log
for f in tlt gk gr tex th; do tail -3 $OUT/$f.log; done
grep -E "^FAIL" $OUT/tlt.log | head -5
[ -f bench/gpu/cuda_core_check.py ] && { timeout 40 $K bench/gpu/cuda_core_check.py > $OUT/cc.log 2>&1; echo "cuda.core rc=$?"; tail -3 $OUT/cc.log; }
[ -f bench/gpu/linalg_check.py ] && { timeout 40 $K bench/gpu/linalg_check.py > $OUT/la.log 2>&1; echo "linalg rc=$?"; tail -2 $OUT/la.log; }
[ -x bench/gpu/run_fault_tests.sh ] && { timeout 100 bench/gpu/run_fault_tests.sh $K > $OUT/faults.log 2>&1; echo "faults rc=$?"; grep -E "passed|failed|FAIL" $OUT/faults.log | tail -6; }
echo "checks done at $(el) s"
# ---- phase B: benchmarks (GPU to itself), most important first
for s in matmul attention layernorm softmax; do
  [ $(el) -lt 300 ] || { echo "skip $s (time)"; continue; }
  KRAIT_DEVICE=cuda timeout 70 $K bench/tiles/$s.py > $OUT/t_$s.log 2>&1; echo "$s rc=$? at $(el) s"; grep -E "^ROW|Error|FAIL" $OUT/t_$s.log | head -12
done
[ $(el) -lt 330 ] && { timeout 60 python3 bench/tiles/peers_torch.py > $OUT/t_torch.log 2>&1; grep PEER $OUT/t_torch.log | head -12; }
if [ $(el) -lt 360 ]; then D=$(mktemp -d); KRAIT_CACHE_DIR=$D timeout 90 $K bench/gpu/user_patterns.py > $OUT/up.log 2>&1; echo "user_patterns rc=$? at $(el) s"; grep -E "^PATTERN|FAIL|CHECK" $OUT/up.log | head -40; fi
if [ $(el) -lt 420 ]; then timeout 60 python3 bench/gpu/user_patterns_torch.py > $OUT/upt.log 2>&1; echo "torch rc=$?"; grep PATTERN $OUT/upt.log | head -30; fi
if [ $(el) -lt 450 ]; then timeout 30 $K bench/async/gpu_latency.py quick > $OUT/async.log 2>&1; echo "async rc=$?"; tail -12 $OUT/async.log; fi
echo "all done at $(el) s"
