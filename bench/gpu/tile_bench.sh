#!/bin/sh
# tile_bench.sh: the tile compiler's figures on the GPU (docs/PERFORMANCE.md): runs
# bench/gpu/tile_bench.py three times against one fresh disk cache:
#   1. "compile": first launch of a new kernel in a fresh process (NVRTC's start-up included),
#      then a further new kernel;
#   2. "cached": the same script again in a new process: served by the disk cache; this
#      script checks that no CUBIN was added to the cache (nothing compiled);
#   3. "throughput": per-launch cost from the script, vector add, softmax, matmul.
#
#   bench/gpu/tile_bench.sh [path/to/krait]
#
# Prints the BENCH and CHECK lines of each run; exit status 1 when a CHECK failed or the
# second run compiled something.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
krait=${1:-${KRAIT:-$root/build/krait}}
[ -x "$krait" ] || { echo "no krait binary at $krait"; exit 2; }
export KRAIT_DEVICE=${KRAIT_DEVICE:-cuda}
cache=$(mktemp -d "${TMPDIR:-/tmp}/krait_tile_cache.XXXXXX")
export KRAIT_CACHE_DIR=$cache
status=0
count() { find "$cache" -name '*.cubin' | wc -l | tr -d ' '; }
"$krait" "$root/bench/gpu/tile_bench.py" compile || status=1
before=$(count)
"$krait" "$root/bench/gpu/tile_bench.py" cached || status=1
after=$(count)
echo "BENCH cached_run_new_cubins $((after - before)) files (cache holds $before)"
if [ "$after" -ne "$before" ] || [ "$before" -eq 0 ]; then
    echo "CHECK second_run_compiles_nothing FAIL"
    status=1
else
    echo "CHECK second_run_compiles_nothing ok"
fi
"$krait" "$root/bench/gpu/tile_bench.py" throughput || status=1
rm -rf "$cache"
exit $status
