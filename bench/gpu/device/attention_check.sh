#!/bin/bash
# attention_check.sh: the attention loop's variants on the H200 in one call (< 60 s), from the
# repository root (the default's correctness is the correctness phase's tests/tile, its rows
# bench/tiles/table.sh's attention.py beside SDPA):
#   bash bench/gpu/device/attention_check.sh [.dev/build/krait]
# 1. the opt-in modes checked against NumPy's .exp: KRAIT_TILE_SM90=pipeline on
#    tests/tile/attention_sm90_more.py (128x128 tiles pipelined at one block an SM),
#    =pingpong on attention_sm90.py; 2. B8 H16 S4096 D64 fp16, non-causal and causal, each
#    configuration checked against the gpu module's softmax(Q K^T / sqrt(D)) V before its
#    figure counts: the default (128x64 pipelined at 2 blocks an SM, 128x128 serial at 2
#    blocks, 192x128 serial at one; causal grids walked in reverse), =serial (the fourth
#    session's run-2 kernels exactly: 424.3 / 328.6 there), =pipeline and =pingpong at
#    128x128 (one block an SM: the fifth session's default, < 346 in the sixth session's
#    first run). Prints "name: ok|DIFF" (with the diff), each configuration's TFLOP/s line
#    and a last "BEST" line per row; exit 1 on any failure.
K=$(realpath "${1:-.dev/build/krait}")
export KRAIT_DEVICE=cuda PYTHONUNBUFFERED=1
ROOT=$PWD
OUT=$(mktemp -d)
status=0
check() { # mode script
    (cd "$ROOT/tests/tile" && KRAIT_TILE_SM90=$1 timeout 25 "$K" "$2.py" > "$OUT/$1.out" 2>&1)
    if diff "$OUT/$1.out" "$ROOT/tests/tile/$2.exp" > "$OUT/$1.diff"; then echo "$2 ($1): ok"
    else echo "$2 ($1): DIFF"; head -12 "$OUT/$1.diff"; return 1; fi
}
check pipeline attention_sm90_more > "$OUT/c1.log" &
check pingpong attention_sm90 > "$OUT/c2.log" &
wait
cat "$OUT/c1.log" "$OUT/c2.log"
grep -q DIFF "$OUT"/c*.log && status=1
rows() { # label mode tiles seconds
    echo "== $1"
    KRAIT_TILE_SM90=$2 timeout "$4" "$K" "$ROOT/bench/tiles/attention.py" 4096 "$3" \
        > "$OUT/r.txt" 2>&1 || { status=1; tail -5 "$OUT/r.txt"; }
    grep -E "TFLOP|FAIL|Error" "$OUT/r.txt" | grep -v "^ROW"
    grep -E "TFLOP/s +(ok|WRONG)" "$OUT/r.txt" | sed "s/^/$1 /" >> "$OUT/all.txt"
    grep -q "WRONG\|FAIL" "$OUT/r.txt" && status=1
}
rows default "" 128x64,128x128,192x128 25
rows serial serial 128x128 12
rows pipeline pipeline 128x128 12
rows pingpong pingpong 128x128 12
for c in noncausal causal; do
    grep " $c " "$OUT/all.txt" | grep " ok$" | sort -k5 -n -r | head -1 | \
        awk -v c=$c '{print "BEST " c ": " $5 " TFLOP/s (" $1 ", " $3 "x" $4 ")"}'
done
rm -rf "$OUT"
exit $status
