#!/bin/bash
# hoist_check.sh: KRAIT_TILE_HOIST=1 (gpu/tile/lower/hoist.c: a loop's invariant broadcasts
# of one-element tiles emitted once before it, the layer norm sample's mean and rstd) checked
# and measured on the H200 in one call (under 60 s), from the repository root:
#   bash bench/tiles/hoist_check.sh [.dev/build/krait]
# 1. under KRAIT_TILE_HOIST=1 against the NumPy-made .exp files: examples/tiles/layer_norm
#    (forward and backward), examples/tiles/softmax, tests/tile/control_flow and
#    reduce_ops (loops, broadcasts of reductions), and tile_lower_test hoist (the
#    hand-built loop run on the GPU against the CPU path, with and without hoisting);
# 2. the layer norm rows (bench/tiles/layernorm.py, checked) at the table's configurations
#    with and without hoisting, one after the other.
# Every failure prints its exit status, its diff and its output's last lines; exit 1 when a
# check failed.
K=${1:-.dev/build/krait}
. "$(dirname "$0")/_check.sh" # BUILD, the environment, OUT, el, status, TLT
check() { run_check KRAIT_TILE_HOIST=1 hoist "$@"; }
case $K in /*) ;; *) K=$PWD/$K ;; esac
pids=""
for e in layer_norm softmax; do
    check examples/tiles/$e.py tests/tile/examples/$e.exp > "$OUT/check.$e" 2>&1 &
    pids="$pids $!"
done
for t in control_flow reduce_ops; do
    check $t.py $t.exp tests/tile > "$OUT/check.$t" 2>&1 &
    pids="$pids $!"
done
if [ -n "$TLT" ]; then
    KRAIT_TILE_TEST_GPU=1 timeout 30 "$TLT" hoist > "$OUT/lower.log" 2>&1
    echo "tile_lower_test hoist: rc $?" >> "$OUT/lower.log"
else
    echo "tile_lower_test: not found" > "$OUT/lower.log"
fi
for p in $pids; do wait $p || status=1; done
cat "$OUT"/check.*
grep -E "^ok|GPU|checks|FAIL|rc |not found" "$OUT/lower.log" | head -8
grep -q "tile_lower_test hoist: rc 0" "$OUT/lower.log" || status=1
echo "checks done at $(el) s"
for h in 0 1; do
    [ $(el) -lt 50 ] || { echo "no time left for the rows (hoist $h)"; break; }
    tag=$([ $h = 1 ] && echo hoist || echo nohoist)
    KRAIT_TILE_HOIST=$h timeout 25 "$K" bench/tiles/layernorm.py $tag 1024x2,2048x2,4096x2,4096x4 \
        > "$OUT/ln.$tag.log" 2>&1 || { status=1; tail -5 "$OUT/ln.$tag.log"; }
    grep -E "TB/s|ROW|FAIL|Error" "$OUT/ln.$tag.log"
    echo "layer norm ($tag) done at $(el) s"
done
echo "all done at $(el) s (status $status)"
exit $status
