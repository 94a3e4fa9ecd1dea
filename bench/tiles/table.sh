#!/bin/bash
# table.sh: issue 19's whole table in one device call (under 150 s): every row under krait
# (bench/tiles/table.py: each row's configuration searched by ct.tune and kept in the disk
# cache; bench/tiles/attention.py: the attention rows), the same kernels under the device's
# PyTorch (bench/tiles/peers_torch.py), then Nsight Compute on every non-attention row below
# its goal (bench/tiles/ncu_row.py at the row's chosen configuration: what holds it back,
# the last profiled launch of the kernel only), then table.py again when there is time,
# which finds every search in the disk cache ("tuned: cached").
#   bash bench/tiles/table.sh [build/krait]        (repository root, on the GPU machine)
# Ends with the markdown table: krait, its check, the configuration, the peer, the goal.
# Exit status 1 when a krait row is wrong (FAIL) or a script died.
K=${1:-build/krait}
HERE=$(dirname "$0")
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
export KRAIT_DEVICE=cuda PYTHONUNBUFFERED=1 UV_THREADPOOL_SIZE=${UV_THREADPOOL_SIZE:-16}
export KRAIT_KERNEL_TIMEOUT=${KRAIT_KERNEL_TIMEOUT:-20}
T0=$(date +%s)
el() { echo $(($(date +%s) - T0)); }
status=0
timeout 85 "$K" "$HERE/table.py" > "$OUT/table.txt" 2>&1 || status=1
grep -vE "^\(|True$|^---|^shape|^forward|^backward|^split" "$OUT/table.txt"
echo "== table.py done at $(el) s"
timeout 40 "$K" "$HERE/attention.py" > "$OUT/attention.txt" 2>&1 || status=1
cat "$OUT/attention.txt"
echo "== attention.py done at $(el) s"
timeout 40 python3 "$HERE/peers_torch.py" > "$OUT/torch.txt" 2>&1
grep -E "^PEER|Error|error" "$OUT/torch.txt"
echo "== torch done at $(el) s"

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

# Nsight Compute on every non-attention row below its goal, slowest (against its goal)
# first, while there is time: the kernel's last launch (ncu_row.py's second; the examples'
# own checks launch it first at small sizes), at the configuration the row chose
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
last_kernel() { # the lines of the last profiled kernel of an ncu log
    awk '/^  kr_tile_[A-Za-z0-9_]+ \([0-9]+, 1, 1\)x/ {n = 0} {buf[n++] = $0}
         END {for (i = 0; i < n; i++) print buf[i]}' "$1"
}
BW="Duration|DRAM Throughput|Memory Throughput|L1/TEX Hit|L2 Hit Rate|Issue Slots Busy|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit (Reg|Shared|Warps)|Warp Cycles Per Issued|spends|stalled"
MM="Duration|Compute \(SM\) Throughput|DRAM Throughput|SM Busy|Issue Slots Busy|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|spends|stalled"
if [ -n "$NCU" ]; then
    sort -n "$OUT/ratios" | awk '$1 < 1' | grep -vE " attention" | while read -r _ name note; do
        [ $(el) -lt 128 ] || { echo "== ncu: no time left for $name"; continue; }
        case $name in
        layernorm_*) r=${name%%_[0-9]*} p=$(echo "$note" | awk '{print $2}') k=layer_norm_fwd pat=$BW ;;
        softmax_f16*) r=softmax_f16 p=$(echo "$note" | awk '{print $2}') k=softmax pat=$BW ;;
        persistent_matmul_bf16*) r=persistent_matmul_bf16 p=${note%% *} k=persistent_matmul_kernel pat=$MM ;;
        matmul_*) r=${name%%_8192*} p=${note%% *} k=matmul_kernel pat=$MM ;;
        *) continue ;;
        esac
        [ "${note#persistent}" != "$note" ] && continue # softmax's persistent variant: not in ncu_row
        o=$(echo "$note" | awk '{for (i = 1; i < NF; i++) if ($i == "occupancy") print $(i + 1)}')
        timeout 20 "$NCU" -k regex:^kr_tile_$k\$ -c 10 --section SpeedOfLight --section Occupancy \
            --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats \
            --section ComputeWorkloadAnalysis \
            "$K" "$HERE/ncu_row.py" $r $p $o > "$OUT/ncu.$r.log" 2>&1
        echo "== ncu $r $p ${o:+occupancy $o }(rc $?, at $(el) s)"
        last_kernel "$OUT/ncu.$r.log" | grep -E "kr_tile_|$pat" | head -22
    done
fi
if [ $(el) -lt 120 ]; then
    timeout 25 "$K" "$HERE/table.py" > "$OUT/table2.txt" 2>&1 || status=1
    grep -E "tuned:|^ROW" "$OUT/table2.txt" | sed 's/^/(again) /'
    echo "== table.py again (disk cache) done at $(el) s"
fi
echo "== all done at $(el) s (status $status)"
exit $status
