#!/bin/bash
# ab_check.sh OLD NEW: two krait builds side by side on the H200, alternating (old, new, old,
# new) so that drift shows: bench/gpu/rows_check.py (the row programs, each checked against a
# float64 host reference) and bench/gpu/add_loop.py (a loop making 1 GiB garbage results).
# From the repository root, .dev/ carried (both binaries under .dev/); under 120 s.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1 KRAIT_DEVICE=cuda
OLD=$PWD/$1 NEW=$PWD/$2
cd bench/gpu || exit 1
for round in 1 2; do
    for k in "$OLD" "$NEW"; do
        echo "== round $round: $k"
        timeout 25 "$k" rows_check.py | grep -E "PATTERN|FAILED|ALL CHECKS" | cut -c1-110
        timeout 15 "$k" add_loop.py
    done
done
