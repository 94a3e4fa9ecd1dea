#!/bin/bash
# launch_check.sh: issue 14's small-op and first-use rows and issue 16's launch path on the
# H200, in one device call under 60 s (docs/PERFORMANCE.md "The launch path and first use"):
#  1. first use of a new fused expression in fresh processes (bench/gpu/first_use.py), the
#     default mode: cold (an empty disk cache: the expression runs on krait's graph
#     interpreter, loaded from the build's prebuilt CUBIN, while its own kernel compiles on a
#     thread; checked: at most 20 ms, and a profiled cold run's first call loads "prebuilt"
#     and compiles nothing), warm (the same cache, a new expression), KRAIT_FUSE_INTERP=off,
#     and PyTorch's / CuPy's first use;
#  2. the small ops, krait (bench/gpu/small_ops.py) beside PyTorch and CuPy
#     (bench/gpu/small_ops_torch.py);
#  3. with LAUNCH_TESTS=1 only: tests/gpu + tests/gpu_diff with every fused expression on the
#     interpreter (KRAIT_FUSE_INTERP=always, bench/gpu/device/par.sh; ~60 s more).
# Within 60 s (each step's timeout shrinks to what is left; steps past 55 s are skipped).
# From the repository root on the device, a Release build in .dev/build and its host libraries
# in .dev/lib (carried). Exit status 1 when a check failed.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1 KRAIT_DEVICE=cuda
K=${K:-$PWD/.dev/build/krait}
OUT=${OUT:-/tmp}
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
git log --oneline -1 2>/dev/null | cat
D=$(mktemp -d)
rc=0
run() { # label, limit, command...: its PATTERN/SMALL/DIAG/CHECK lines (skipped past 55 s)
  local label=$1 lim=$2; shift 2
  if [ $(el) -ge 55 ]; then echo "[$label] SKIPPED: the 60 s budget"; return; fi
  [ $lim -gt $(( 58 - $(el) )) ] && lim=$(( 58 - $(el) ))
  timeout $lim "$@" > $OUT/$label.log 2>&1
  local r=$?
  grep -E "^(PATTERN|SMALL|DIAG|CHECK|PEER)|Error|FAILED" $OUT/$label.log | sed "s/^/[$label] /"
  grep -q "CHECK .* FAIL\|Error" $OUT/$label.log && rc=1
  echo "[$label] rc=$r at $(el) s"
}
# the default (auto since the sixth session): the interpreter is the build's CUBIN
# (gpu/runtime/jit_prebuilt.h), so even an empty disk cache needs no NVRTC at first use
run cold 12 env KRAIT_CACHE_DIR=$D $K bench/gpu/first_use.py a
D2=$(mktemp -d)
run cold_prof 12 env KRAIT_CACHE_DIR=$D2 $K bench/gpu/first_use.py b --profile-first
cold_ms=$(awk '/^PATTERN first_use/ {print $3}' $OUT/cold.log)
echo "CHECK cold_first_use_at_most_20ms($cold_ms) $(awk -v v="$cold_ms" 'BEGIN {print (v != "" && v <= 20) ? "ok" : "FAIL"}')"
grep -q "DIAG first call's compiles and loads:.*('load', 'prebuilt'" $OUT/cold_prof.log &&
  ! grep -q "DIAG first call.*'compile'" $OUT/cold_prof.log && p=ok || { p=FAIL; rc=1; }
echo "CHECK cold_first_call_loads_the_prebuilt_interpreter_and_compiles_nothing $p"
awk -v v="$cold_ms" 'BEGIN {exit !(v != "" && v <= 20)}' || rc=1
run warm 8 env KRAIT_CACHE_DIR=$D $K bench/gpu/first_use.py c
run off 8 env KRAIT_CACHE_DIR=$D KRAIT_FUSE_INTERP=off $K bench/gpu/first_use.py d
run small 15 env KRAIT_CACHE_DIR=$D $K bench/gpu/small_ops.py
run peers 20 python3 bench/gpu/small_ops_torch.py
if [ "${LAUNCH_TESTS:-0}" = 1 ]; then # the always mode's correctness run (passed on 2026-12-01)
  echo "== tests with every fused expression interpreted (at $(el) s)"
  KRAIT_FUSE_INTERP=always KRAIT_CACHE_DIR=$D timeout 90 \
    bash bench/gpu/device/par.sh $K interp $PWD/tests/gpu $PWD/tests/gpu_diff > $OUT/interp_tests.log 2>&1
  grep -A30 "^== interp" $OUT/interp_tests.log | head -60
  grep -q "^== interp: [0-9]* passed, 0 failed" $OUT/interp_tests.log || rc=1
fi
echo "done at $(el) s, rc=$rc"
exit $rc
