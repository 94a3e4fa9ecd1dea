#!/bin/bash
# attention_check.sh: the attention loop on Hopper (gpu/tile/lower/attention_sm90.c) checked and
# measured on the H200 in one call (< 90 s), from the repository root:
#   bench/gpu/device/attention_check.sh [.dev/build/krait]
# 1. tests/tile/attention_sm90.py, attention_sm90_more.py, tests/tile/mma_sm90_op.py (its two_products kernel takes the
#    loop) and examples/tiles/attention.py under KRAIT_DEVICE=cuda against their .exp files
#    (NumPy's), in parallel; 2. bench/tiles/attention.sh: B8 H16 S4096 D64 non-causal and
#    causal, each configuration checked before its figure counts, beside PyTorch's SDPA;
#    3. attention_sm90.py checked, then the 128x64 and 128x128 rows again, with
#    KRAIT_TILE_SM90=pingpong (the two warpgroups taking turns at the tensor cores); 4. the
#    same with KRAIT_TILE_SM90=serial (each wgmma group waited for at once: the fourth
#    session's loop, the software pipeline's comparison). About 100 s.
# Prints "name: ok" / "name: DIFF" (with the first differing lines); exit 1 on any failure.
K=$(realpath "${1:-.dev/build/krait}")
export KRAIT_DEVICE=cuda PYTHONUNBUFFERED=1
ROOT=$PWD
OUT=$(mktemp -d)
status=0
check() { # name folder script expected
    (cd "$2" && timeout 45 "$K" "$3" > "$OUT/$1.out" 2>&1)
    if diff "$OUT/$1.out" "$4" > "$OUT/$1.diff"; then echo "$1: ok"; else
        echo "$1: DIFF"; head -12 "$OUT/$1.diff"; return 1; fi
}
check attention_sm90 "$ROOT/tests/tile" attention_sm90.py "$ROOT/tests/tile/attention_sm90.exp" > "$OUT/a.log" &
check attention_sm90_more "$ROOT/tests/tile" attention_sm90_more.py "$ROOT/tests/tile/attention_sm90_more.exp" > "$OUT/d.log" &
check mma_sm90_op "$ROOT/tests/tile" mma_sm90_op.py "$ROOT/tests/tile/mma_sm90_op.exp" > "$OUT/b.log" &
check example_attention "$ROOT/examples/tiles" attention.py "$ROOT/tests/tile/examples/attention.exp" > "$OUT/c.log" &
wait
cat "$OUT"/a.log "$OUT"/d.log "$OUT"/b.log "$OUT"/c.log
grep -q DIFF "$OUT"/*.log && status=1
"$ROOT/bench/tiles/attention.sh" "$K" || status=1
# the ping-pong of the two warpgroups (opt-in): its check, then the 128-row configurations
echo "== KRAIT_TILE_SM90=pingpong"
KRAIT_TILE_SM90=pingpong check attention_sm90_pingpong "$ROOT/tests/tile" attention_sm90.py "$ROOT/tests/tile/attention_sm90.exp" || status=1
KRAIT_TILE_SM90=pingpong timeout 40 "$K" "$ROOT/bench/tiles/attention.py" 4096 128x64,128x128 2>&1 | grep -E "TFLOP|ROW|FAIL|Error" || status=1
# the loop without the software pipeline (S, then the softmax, then P V, each waited for)
echo "== KRAIT_TILE_SM90=serial"
KRAIT_TILE_SM90=serial check attention_sm90_serial "$ROOT/tests/tile" attention_sm90.py "$ROOT/tests/tile/attention_sm90.exp" || status=1
KRAIT_TILE_SM90=serial timeout 40 "$K" "$ROOT/bench/tiles/attention.py" 4096 128x64,128x128 2>&1 | grep -E "TFLOP|ROW|FAIL|Error" || status=1
rm -rf "$OUT"
exit $status
