#!/bin/sh
# run.sh: issue 19's table on the device: every bench/tiles script under krait (CUDA backend),
# then the same kernels under the device's PyTorch, one table at the end.
#   bench/tiles/run.sh [build/krait]        (from the repository root, on the GPU machine)
# Exit status 1 when a krait kernel's output was wrong (its row says FAIL) or a script died.
KRAIT=${1:-build/krait}
HERE=$(dirname "$0")
OUT=$(mktemp -d)
status=0
for s in vadd softmax layernorm matmul attention; do
    echo "== $s"
    KRAIT_DEVICE=cuda timeout 300 "$KRAIT" "$HERE/$s.py" 2>&1 | tee "$OUT/$s.txt"
done
for mode in cpasync off; do
    echo "== matmul, KRAIT_TILE_SM90=$mode"
    KRAIT_TILE_SM90=$mode KRAIT_DEVICE=cuda timeout 300 "$KRAIT" "$HERE/matmul.py" 8192 $mode 2>&1 |
        tee "$OUT/matmul_$mode.txt"
done
echo "== torch"
python3 "$HERE/peers_torch.py" 2>&1 | tee "$OUT/torch.txt"
echo
echo "| kernel | krait | check | best config | torch |"
echo "| --- | --- | --- | --- | --- |"
cat "$OUT"/vadd.txt "$OUT"/softmax.txt "$OUT"/layernorm.txt "$OUT"/matmul.txt \
    "$OUT"/matmul_cpasync.txt "$OUT"/matmul_off.txt "$OUT"/attention.txt 2>/dev/null | grep '^ROW' | while read -r _ name value unit ok note; do
    peer=$(grep "^PEER ${name%_cpasync} \|^PEER ${name%_off} " "$OUT/torch.txt" | head -1 |
        awk '{print $3 " " $4}')
    echo "| $name | $value $unit | $ok | $note | ${peer:-—} |"
done
# a wrong result (a FAIL row) or a script that died (a traceback) fails the run
if grep -h '^ROW' "$OUT"/*.txt | grep -q ' FAIL'; then status=1; fi
if grep -l 'Traceback\|Error:' "$OUT"/*.txt; then status=1; fi
rm -rf "$OUT"
exit $status
