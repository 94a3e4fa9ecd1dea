#!/bin/bash
# device_run1.sh: issue 19's checks for the H200 call of 2026-12-01 ~18:10 (under 90 s), from
# the repository root on the device with a Release build:
#   bash bench/tiles/device_run1.sh [.dev/build/krait]
# 1. the tfloat32 wgmma loop (back on: each stage waits for its own wgmma group) against the
#    NumPy-made .exp files, fed by TMA (the default) and by cp.async: tests/tile/mma_tf32
#    (six configurations over long K, exact and rounded operands) and tests/tile/mma_sm90;
# 2. bench/tiles/tf32.py: the tf32 rows at 8192^3 (five tile configurations, each checked
#    exactly) and the bf16 default beside them;
# 3. Nsight Compute on the two bandwidth rows furthest from their goals (layer norm f32
#    8192^2, softmax f16 32768x1024): duration, DRAM throughput, L2 hit rate, registers,
#    occupancy and its limiters, the top warp stalls (the launch with the large grid is the
#    benchmark's; smaller ones are the examples' own checks).
# Prints "... ok" / "... DIFF" / "ROW ... ok|FAIL"; exit 1 when a check failed.
K=${1:-.dev/build/krait}
export KRAIT_DEVICE=cuda PYTHONUNBUFFERED=1
OUT=${OUT:-$(mktemp -d)}
T0=$(date +%s)
el() { echo $(($(date +%s) - T0)); }
status=0
check() { # check TEST MODE
    if KRAIT_TILE_SM90=$2 timeout 60 "$K" tests/tile/$1.py > "$OUT/$1.$2.out" 2>&1 &&
        diff "$OUT/$1.$2.out" tests/tile/$1.exp > "$OUT/$1.$2.diff"; then
        echo "$1 ($2): ok"
    else
        echo "$1 ($2): DIFF"
        head -12 "$OUT/$1.$2.diff"
        return 1
    fi
}
pids=""
for mode in tma cpasync; do
    for t in mma_tf32 mma_sm90; do
        check $t $mode > "$OUT/check.$t.$mode" 2>&1 &
        pids="$pids $!"
    done
done
for p in $pids; do wait $p || status=1; done
cat "$OUT"/check.*
echo "checks done at $(el) s"
timeout 45 "$K" bench/tiles/tf32.py > "$OUT/tf32.log" 2>&1 || status=1
grep -E "TFLOP|ROW|FAIL|Error" "$OUT/tf32.log"
echo "tf32 done at $(el) s"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -n "$NCU" ]; then
    for r in "layernorm_f32 1024 layer_norm_fwd" "softmax_f16 4 softmax"; do
        set -- $r
        [ $(el) -lt 70 ] || break
        timeout 25 "$NCU" -k regex:$3 -c 6 --section SpeedOfLight --section Occupancy \
            --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats \
            "$K" bench/tiles/ncu_row.py $1 $2 > "$OUT/ncu.$1.log" 2>&1
        rc=$?
        echo "== ncu $1 $2 (rc $rc, at $(el) s)"
        [ $rc -eq 0 ] || tail -4 "$OUT/ncu.$1.log"
        grep -E "\([0-9]{4,}, 1, 1\)x|Duration|DRAM Throughput|Memory Throughput|L2 Hit Rate|L1/TEX Hit|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit (Reg|Shared|Warps)|Warp Cycles Per Issued|Stall|stalled|ERR|Error" \
            "$OUT/ncu.$1.log" | awk '/\([0-9][0-9][0-9][0-9]+, 1, 1\)x/ {big=1} big' | head -30
    done
else
    echo "ncu: not found"
fi
echo "all done at $(el) s (status $status)"
exit $status
