#!/bin/bash
# ws_check.sh: the warp-specialized matmul loop (KRAIT_TILE_SM90=ws, gpu/tile/lower/
# mma_sm90_ws.c) checked and measured on the H200 in one call (under 60 s), from the
# repository root on the device with a Release build:
#   bash bench/tiles/ws_check.sh [.dev/build/krait]
# 1. against the NumPy-made .exp files under KRAIT_TILE_SM90=ws: tests/tile/mma_sm90 (edges,
#    odd strides and transposed views: the cp.async fallback of a warp-specialized kernel,
#    a k range with a start and step, a persistent loop), tests/tile/mma_tf32 (four
#    consumer warpgroups at 128x256x32: these hung before 2026-12-02's register-pool fix),
#    and examples/tiles/matmul (the sample's kernels; its tiles stay on mma.sync);
# 2. tile_lower_test ws (the warp-specialized cases only, 1 to 4 consumer warpgroups), each
#    run on the GPU against the CPU path;
# 3. the matmul rows at 8192^3 warp-specialized (bench/tiles/matmul.py, each configuration
#    checked exactly; table.sh measures the TMA loop without a producer);
# 4. Nsight Compute on the warp-specialized bf16 matmul when there is time.
# Every failure prints its exit status, the diff against the .exp and the output's last
# lines to stdout. A hung kernel raises after KRAIT_KERNEL_TIMEOUT seconds (15) instead of
# running into the timeout. Prints "... ok" / "... FAIL" / "ROW ... ok|FAIL"; exit 1 when
# a check failed.
K=${1:-.dev/build/krait}
. "$(dirname "$0")/_check.sh" # BUILD, the environment, OUT, el, status, TLT
check() { run_check KRAIT_TILE_SM90=ws ws "$@"; }
pids=""
for t in mma_sm90 mma_tf32; do
    check tests/tile/$t.py tests/tile/$t.exp > "$OUT/check.$t" 2>&1 &
    pids="$pids $!"
done
check examples/tiles/matmul.py tests/tile/examples/matmul.exp > "$OUT/check.example" 2>&1 &
pids="$pids $!"
if [ -n "$TLT" ]; then
    (KRAIT_TILE_TEST_GPU=1 timeout 40 "$TLT" ws > "$OUT/lower.log" 2>&1
     echo "tile_lower_test ws: rc $?" >> "$OUT/lower.log") &
    lower=$!
else
    echo "tile_lower_test: not found (looked beside $K and in .dev/bin, build/)" > "$OUT/lower.log"
    lower=""
fi
for p in $pids; do wait $p || status=1; done
cat "$OUT"/check.*
echo "checks done at $(el) s"
# the rows warp-specialized (table.sh has them on the TMA loop without a producer): bf16,
# f16 and the persistent kernel at 128x256x64 (two consumer warpgroups), tfloat32 at
# 256x128x32 (two, 128 accumulator registers each)
KRAIT_TILE_SM90=ws timeout 30 "$K" bench/tiles/matmul.py 8192 ws 128x256x64,256x128x32 \
    > "$OUT/matmul.ws.log" 2>&1
rc=$?
grep -E "TFLOP|ROW|FAIL|Error" "$OUT/matmul.ws.log"
if [ $rc -ne 0 ]; then
    status=1
    echo "matmul (ws): exit status $rc; its last lines:"
    tail -6 "$OUT/matmul.ws.log"
fi
echo "matmul (ws) done at $(el) s"
[ -n "$lower" ] && wait $lower
grep -E "^ok .* ws|GPU|checks|FAIL|differ|rc |not found|SKIP" "$OUT/lower.log" | head -24
grep -q "tile_lower_test ws: rc 0" "$OUT/lower.log" || status=1
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -n "$NCU" ] && [ $(el) -lt 42 ]; then
    KRAIT_TILE_SM90=ws timeout 15 "$NCU" -k regex:matmul --launch-skip 1 --launch-count 1 \
        --section SpeedOfLight --section Occupancy --section LaunchStats \
        --section WarpStateStats --metrics sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active \
        "$K" bench/tiles/ncu_row.py matmul_bf16 128x256x64 > "$OUT/ncu.log" 2>&1
    echo "== ncu matmul_bf16 ws (rc $?, at $(el) s)"
    grep -E "Duration|Compute \(SM\) Throughput|Registers Per|Block Size|Achieved Occupancy|Warp Cycles Per Issued|Stall|stalled|tensor_op|ERR|Error" \
        "$OUT/ncu.log" | head -24
fi
echo "all done at $(el) s (status $status)"
exit $status
