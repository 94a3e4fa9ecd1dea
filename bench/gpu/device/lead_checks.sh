#!/bin/bash
# The lead's H200 checks of issue 18's remaining items (fifth session of 2026-12-01), from
# the repository root with .dev/ carried (run_2026-12-01c.sh's layout; .dev/lib also holds
# libnvtx3interop.so.1 and .dev/bin libnvtx_inject.so, tests/gpu_nvtx's stand-in tool):
# the epilogue checks with GELU written out and its peer, the profiler's checks (bytes of
# krait's own kernels), the NVTX ranges through the stand-in tool on CUDA, and the three
# examples/cuda scripts. Prints one line per step with its rc; exit 1 if any step failed.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=${1:-$PWD/.dev/build/krait}
export KRAIT_DEVICE=cuda
OUT=${OUT:-/tmp}
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
bad=0
step() { # name rc
  echo "== $1 rc=$2 at $(el) s"; [ "$2" = 0 ] || bad=1
}
timeout 120 $K bench/gpu/matmul_ep_check.py > $OUT/mep.log 2>&1; step matmul_ep_check $?
grep -E "FAILED|ROW|Error|declined" $OUT/mep.log | head -30; tail -1 $OUT/mep.log
timeout 60 python3 bench/gpu/matmul_ep_torch.py 2>&1 | grep PEER
timeout 60 $K bench/gpu/profile_check.py > $OUT/prof.log 2>&1; step profile_check $?
grep -E "FAILED|Error|us" $OUT/prof.log | head -8
timeout 60 $K tests/gpu/profile_checks.py > $OUT/profc.log 2>&1; r=$?
grep -c " ok$" $OUT/profc.log | sed 's/^/profile_checks ok lines: /'; grep -E "FAILED|Error" $OUT/profc.log | head
step profile_checks $r
NVTX_INJECTION64_PATH=$PWD/.dev/bin/libnvtx_inject.so KRAIT_NVTX_TEST_LOG=$OUT/nvtx.log \
  timeout 60 $K tests/gpu_nvtx/nvtx_ranges.py > $OUT/nvtx_out.log 2>&1; r=$?
grep -E "FAILED|SKIP|failed|Error" $OUT/nvtx_out.log; head -12 $OUT/nvtx.log 2>/dev/null
step nvtx_ranges $r
for e in "raw_kernel" "fused_mlp 2048" "profiled $OUT/profiled_trace.json"; do
  set -- $e
  timeout 60 $K examples/cuda/$1.py $2 > $OUT/ex_$1.log 2>&1; r=$?
  head -30 $OUT/ex_$1.log; step examples/cuda/$1 $r
done
echo "lead checks: $( [ $bad = 0 ] && echo 'failed: none' || echo 'SOME FAILED') at $(el) s"
exit $bad
