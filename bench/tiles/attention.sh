#!/bin/sh
# attention.sh: issue 19's attention rows on the device in one call: bench/tiles/attention.py
# under krait (each tile configuration checked against the gpu module's softmax(Q K^T) V
# before its figure counts), then PyTorch's scaled_dot_product_attention on the same shapes
# (bench/tiles/peers_torch.py attention), and the two side by side.
#   bench/tiles/attention.sh [build/krait] [S]      (repository root, on the GPU machine)
# Exit status 1 when a krait row is wrong (FAIL) or a script died.
KRAIT=${1:-build/krait}
HERE=$(dirname "$0")
OUT=$(mktemp -d)
KRAIT_DEVICE=cuda timeout 150 "$KRAIT" "$HERE/attention.py" $2 > "$OUT/krait.txt" 2>&1
rc=$?
cat "$OUT/krait.txt"
python3 "$HERE/peers_torch.py" attention > "$OUT/torch.txt" 2>&1
cat "$OUT/torch.txt"
echo "| kernel | krait | check | best config | torch SDPA |"
echo "| --- | --- | --- | --- | --- |"
grep '^ROW' "$OUT/krait.txt" | while read -r _ name value unit ok note; do
    peer=$(grep "^PEER $name " "$OUT/torch.txt" | awk '{print $3 " " $4}')
    echo "| $name | $value $unit | $ok | $note | ${peer:-—} |"
done
status=0
if [ $rc -ne 0 ] || grep -q ' FAIL' "$OUT/krait.txt" || ! grep -q '^ROW' "$OUT/krait.txt"; then status=1; fi
rm -rf "$OUT"
exit $status
