#!/bin/bash
# The fourth H200 call of 2026-12-01's fourth session (right after run_2026-12-01e.sh on the
# same warm machine): issue 14's one-run table (bench/gpu/device/issue14.sh) and issue 19's
# (bench/tiles/table.sh: every tile row, attention included, beside PyTorch). Results under $OUT.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
OUT=$OUT K=$K timeout 95 bash bench/gpu/device/issue14.sh > $OUT/i14.log 2>&1; echo "issue14 rc=$? at $(el) s"; cat $OUT/i14.log | tail -60
mkdir -p $OUT/t19; OUT=$OUT/t19 timeout 420 bash bench/tiles/table.sh $K > $OUT/t19.log 2>&1; echo "table.sh rc=$? at $(el) s"; grep -vE "^\s*$" $OUT/t19.log | tail -90
echo "all done at $(el) s"
