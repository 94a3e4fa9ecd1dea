#!/bin/sh
# compile_time.sh: what NVRTC costs per generated tile kernel, on any machine with NVRTC
# (no GPU needed; docs/PERFORMANCE.md, "Tile compile time").
#
#   bench/tiles/compile_time.sh [path/to/krait] [script.py...]
#
# 1. Runs each script (default: examples/tiles/*.py) on the CPU path with
#    KRAIT_TILE_CHECK_NVRTC=2 and KRAIT_TILE_DUMP=DIR, so every specialization the script
#    launches is lowered in both variants (general, and exact where the kernel has one:
#    NAME-exact-KEY.cu) and its CUDA C written to DIR (a fresh disk cache: all compiled).
# 2. Compiles every dumped kernel again with bench/tiles/nvrtc_time.c (built here with cc
#    against /usr/local/cuda) under krait's options, and prints per kernel
#      TIME NAME first_ms best_ms cubin_bytes
#    in CPU milliseconds of the process (NVRTC compiles on the calling thread; on a shared
#    machine CPU time stays comparable where wall time does not), then NVRTC's own split
#    of the first compile into front end, NVVM optimizer and ptxas (-time=), and the totals.
#
# Environment: CUDA=/usr/local/cuda, REPEAT=3 (compiles per kernel), OPTS="-lineinfo"
# (extra NVRTC options, krait's default).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
krait=${1:-$root/build/krait}
[ $# -gt 0 ] && shift
[ -x "$krait" ] || { echo "no krait binary at $krait"; exit 2; }
krait=$(cd "$(dirname "$krait")" && pwd)/$(basename "$krait")
cuda=${CUDA:-/usr/local/cuda}
work=$(mktemp -d "${TMPDIR:-/tmp}/krait_compile_time.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/nvrtc_time" "$root/bench/tiles/nvrtc_time.c" -I"$cuda/include" \
    -L"$cuda/lib64" -lnvrtc -Wl,-rpath,"$cuda/lib64" || exit 2
mkdir -p "$work/dump"
if [ $# -eq 0 ]; then set -- "$root"/examples/tiles/*.py; fi
for script in "$@"; do
    (cd "$(dirname "$script")" &&
        KRAIT_DEVICE=cpu KRAIT_TILE_CHECK_NVRTC=2 KRAIT_TILE_DUMP="$work/dump" \
        KRAIT_CACHE_DIR="$work/cache" "$krait" "$(basename "$script")" >/dev/null 2>&1) ||
        echo "note: $script failed"
done
set -- "$work"/dump/*.cu
[ -e "$1" ] || { echo "no kernels dumped"; exit 1; }
# NVRTC's floor on this machine: a one-line kernel with no preludes (TIME one_line.cu)
echo 'extern "C" __global__ void k(float *p) { p[threadIdx.x] = 1.0f; }' > "$work/one_line.cu"
set -- "$work/one_line.cu" "$@"
opts=""
for o in ${OPTS:--lineinfo}; do opts="$opts -o $o"; done
# shellcheck disable=SC2086
"$work/nvrtc_time" -n "${REPEAT:-3}" $opts -o "-time=$work/phases.csv" "$@" | tee "$work/times"
echo "phases of each compile (ms, NVRTC -time=):"
awk -F', ' 'NR > 1 && $1 != "empty.cu" && !seen[$1 FS $2]++ {
                k = $1; sub(".*/", "", k); t[k] = t[k] "  " $2 " " $3 }
            END { for (k in t) print "  " k ":" t[k] }' "$work/phases.csv" | sort
awk '$1 == "TIME" && $2 != "startup" && $2 !~ /one_line/ {
         v = $2 ~ /-exact-/ ? "exact" : "general"; n[v]++; s[v] += $4; if ($4 > m[v]) m[v] = $4 }
     END { for (v in n) printf "KERNELS %s %d  best total %.0f ms  mean %.1f ms  max %.1f ms\n",
                                v, n[v], s[v], s[v] / n[v], m[v] }' "$work/times" | sort
