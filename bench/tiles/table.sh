#!/bin/bash
# table.sh: issue 19's whole table in one device call (about 2-4 minutes): every row under
# krait (bench/tiles/table.py: each row's configuration searched by ct.tune and kept in the
# disk cache; bench/tiles/attention.py: the attention rows), the same kernels under the
# device's PyTorch (bench/tiles/peers_torch.py), then table.py again, which finds every
# search in the disk cache (its "tuned: cached" lines, and a second measurement of each
# row), and Nsight Compute on the two rows furthest below their goals when there is time.
#   bash bench/tiles/table.sh [build/krait]        (repository root, on the GPU machine)
# Ends with the markdown table: krait, its check, the configuration, the peer, the goal.
# Exit status 1 when a krait row is wrong (FAIL) or a script died.
K=${1:-build/krait}
HERE=$(dirname "$0")
OUT=${OUT:-$(mktemp -d)}
export KRAIT_DEVICE=cuda PYTHONUNBUFFERED=1 UV_THREADPOOL_SIZE=${UV_THREADPOOL_SIZE:-16}
T0=$(date +%s)
el() { echo $(($(date +%s) - T0)); }
status=0
timeout 170 "$K" "$HERE/table.py" > "$OUT/table.txt" 2>&1 || status=1
cat "$OUT/table.txt"
echo "== table.py done at $(el) s"
timeout 100 "$K" "$HERE/attention.py" > "$OUT/attention.txt" 2>&1 || status=1
cat "$OUT/attention.txt"
echo "== attention.py done at $(el) s"
timeout 60 python3 "$HERE/peers_torch.py" > "$OUT/torch.txt" 2>&1
cat "$OUT/torch.txt"
echo "== torch done at $(el) s"
if [ $(el) -lt 150 ]; then
    timeout 60 "$K" "$HERE/table.py" > "$OUT/table2.txt" 2>&1 || status=1
    grep -E "tuned:|^ROW" "$OUT/table2.txt" | sed 's/^/(again) /'
    echo "== table.py again (disk cache) done at $(el) s"
fi

goal() {
    case $1 in
    vadd*) echo 4.3 ;;
    softmax_f32*) echo 3.95 ;;
    softmax_f16* | layernorm_bf16*) echo 3.5 ;;
    layernorm_f32*) echo 3.95 ;;
    matmul_bf16* | persistent_matmul_bf16*) echo 790 ;;
    matmul_f16*) echo 770 ;;
    matmul_tf32*) echo 380 ;;
    attention_f16_noncausal) echo 500 ;;
    attention_f16_causal) echo 450 ;;
    *) echo "" ;;
    esac
}
echo
echo "| kernel | krait | check | configuration | peer (torch) | goal | krait / goal |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
: > "$OUT/ratios"
grep -h '^ROW' "$OUT/table.txt" "$OUT/attention.txt" | while read -r _ name value unit ok note; do
    pname=$name
    [ "${name#persistent_}" != "$name" ] && pname=${name#persistent_}
    peer=$(grep "^PEER $pname " "$OUT/torch.txt" | head -1 | awk '{print $3 " " $4}')
    [ "$pname" != "$name" ] && [ -n "$peer" ] && peer="$peer (non-persistent)"
    g=$(goal "$name")
    r=$(awk -v v="$value" -v g="$g" 'BEGIN { if (g > 0) printf "%.2f", v / g }')
    echo "| $name | $value $unit | $ok | $note | ${peer:-—} | ${g:+≥ $g} | $r |"
    echo "$r $name $note" >> "$OUT/ratios"
done
if grep -h '^ROW' "$OUT"/table.txt "$OUT"/attention.txt | grep -q ' FAIL'; then status=1; fi
if grep -l 'Traceback' "$OUT"/table.txt "$OUT"/attention.txt; then status=1; fi

# Nsight Compute on the two bandwidth rows furthest below their goals (bench/tiles/ncu_row.py)
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -n "$NCU" ]; then
    sort -n "$OUT/ratios" | grep -E "softmax_f16|layernorm" | head -2 | while read -r _ name note; do
        [ $(el) -lt 185 ] || break
        case $name in
        layernorm_f32*) r=layernorm_f32 p=$(echo "$note" | awk '{print $2}') k=layer_norm_fwd ;;
        layernorm_bf16*) r=layernorm_bf16 p=$(echo "$note" | awk '{print $2}') k=layer_norm_fwd ;;
        softmax_f16*) r=softmax_f16 p=4 k=softmax ;;
        esac
        timeout 25 "$NCU" -k regex:$k -c 6 --section SpeedOfLight --section Occupancy \
            --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats \
            "$K" "$HERE/ncu_row.py" $r $p > "$OUT/ncu.$r.log" 2>&1
        echo "== ncu $r $p (rc $?, at $(el) s)"
        grep -E "\([0-9]{4,}, 1, 1\)x|Duration|DRAM Throughput|Memory Throughput|L2 Hit Rate|L1/TEX Hit|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit (Reg|Shared|Warps)|Warp Cycles Per Issued|Stall|stalled" \
            "$OUT/ncu.$r.log" | awk '/\([0-9][0-9][0-9][0-9]+, 1, 1\)x/ {big=1} big' | head -24
    done
    # the matmul row furthest below its goal (tf32 on 2026-12-01): tensor-core utilization
    mm=$(sort -n "$OUT/ratios" | grep -E "^[0-9.]+ matmul_(tf32|bf16|f16)" | head -1)
    if [ -n "$mm" ] && [ $(el) -lt 200 ]; then
        set -- $mm
        r=${2%%_8192*}
        timeout 25 "$NCU" -k regex:^kr_tile_matmul_kernel -c 8 --section SpeedOfLight \
            --section Occupancy --section WarpStateStats --section ComputeWorkloadAnalysis \
            "$K" "$HERE/ncu_row.py" $r $3 > "$OUT/ncu.$r.log" 2>&1
        echo "== ncu $r $3 (rc $?, at $(el) s)"
        grep -E "\([0-9]{4,}, 1, 1\)x|Duration|Compute \(SM\) Throughput|DRAM Throughput|SM Busy|Issue Slots Busy|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|Stall|stalled" \
            "$OUT/ncu.$r.log" | awk '/\([0-9][0-9][0-9][0-9]+, 1, 1\)x/ {big=1} big' | head -20
    fi
fi
echo "== all done at $(el) s (status $status)"
exit $status
