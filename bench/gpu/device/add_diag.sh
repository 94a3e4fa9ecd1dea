#!/bin/bash
# add_diag.sh: bench/gpu/add_diag.py four ways (a fresh kernel cache or the warm one, with and
# without user_patterns.py's first-use preamble), from the repository root, .dev/ carried.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH KRAIT_DEVICE=cuda
K=${K:-$PWD/.dev/build/krait}
for pre in "" --preamble; do
    for cache in fresh warm; do
        D=$(mktemp -d)
        [ $cache = warm ] && D=$HOME/.cache/krait
        echo "== cache $cache ${pre:-no preamble}"
        KRAIT_CACHE_DIR=$D timeout 20 "$K" bench/gpu/add_diag.py $pre
    done
done
