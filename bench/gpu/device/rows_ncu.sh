#!/bin/bash
# rows_ncu.sh: ncu on the row programs of bench/gpu/rows_ncu.py (softmax and layer norm with
# array ops, float32 8192 x 8192), the one-kernel form (KRAIT_ROWS_KERNEL=1) and the staged
# default, the last profiled launches' speed of light, occupancy, launch statistics and
# stall reasons. From the repository root, .dev/ carried; under 60 s.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH KRAIT_DEVICE=cuda
K=${K:-$PWD/.dev/build/krait}
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -n "$NCU" ] || { echo "no ncu"; exit 1; }
for rk in 1 0; do
    echo "== KRAIT_ROWS_KERNEL=$rk"
    KRAIT_ROWS_KERNEL=$rk timeout 25 "$NCU" -k regex:^kr_ -s 8 -c 8 --section SpeedOfLight \
        --section Occupancy --section LaunchStats --section WarpStateStats \
        "$K" bench/gpu/rows_ncu.py 2>&1 |
        grep -E "^  kr_|Duration|DRAM Throughput|Memory Throughput|Registers Per|Achieved Occ|Theoretical Occ|Block Size|Grid Size|Stall|Warp Cycles Per Issued|Local" |
        head -90
done
