#!/bin/bash
# The first H200 call of the sixth session (2026-12-01 23:30 UTC), from the repository root
# with .dev/ carried (run_2026-12-01c.sh's layout): diff_22 alone under each
# KRAIT_FUSE_INTERP mode (it failed on the H200 in the fifth session), then run g (the
# correctness phase + the lead's checks), then the helpers' checks from NEXT.md that fit.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
export KRAIT_DEVICE=cuda
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
for m in default off always auto; do
  if [ $m = default ]; then unset KRAIT_FUSE_INTERP; else export KRAIT_FUSE_INTERP=$m; fi
  timeout 60 $K tests/gpu_diff/diff_22.py > $OUT/d22_$m.out 2>&1
  echo "diff_22 $m rc=$? lines=$(wc -l < $OUT/d22_$m.out) diff=$(diff $OUT/d22_$m.out tests/gpu_diff/diff_22.exp | grep -c '^[<>]')"
done
unset KRAIT_FUSE_INTERP
diff $OUT/d22_default.out tests/gpu_diff/diff_22.exp | head -20
timeout 240 bash bench/gpu/device/run_2026-12-01g.sh 2>&1 | tail -c 9000
echo "#### g done at $(el) s"
bash bench/gpu/device/run_2026-12-01h.sh \
  "OUT=$OUT bash bench/gpu/device/launch_check.sh" \
  "bash bench/gpu/device/rows_check.sh" \
  "bash bench/gpu/device/numpy_check.sh" \
  "bench/gpu/run_fault_tests.sh $K"
echo "#### all done at $(el) s"
