#!/bin/bash
# The speed helper's H200 check (issue 14, sixth session): the device sort/scan/compaction
# tests on CUDA through tests/run_test.cmake (each failure's diff printed), then the row
# programs one kernel a row (KRAIT_ROWS_KERNEL=1, the default since the eighth session: vector
# loads, two blocks an SM) beside the staged form (=0) in the same call
# (bench/gpu/rows_check.py, each checked against a float64 host reference). From the repository root, a Release build in .dev/build and its libraries
# in .dev/lib. Under 90 s; exit status 1 on any failure. Then run issue14.sh for the table.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1 KRAIT_DEVICE=${KRAIT_DEVICE:-cuda}
K=${K:-$PWD/.dev/build/krait}
T0=$(date +%s)
git log --oneline -1 2>/dev/null | cat
fail=0
O=$(mktemp -d)
for t in device_sort_scan sort_radix sort_unique unique_axis cumsum index_bool index_int_arrays \
         index_mask_leading index_multi_advanced more_functions2 reduce_flags row_programs; do
    if cmake -DKRAIT="$K" -DLANG_DIR="$PWD/tests/gpu" -DNAME=$t -DTIMEOUT=40 -DOUT_DIR="$O" \
        -P tests/run_test.cmake > "$O/$t.log" 2>&1; then
        echo "tests/gpu/$t ok"
    else
        echo "tests/gpu/$t FAILED:"; head -25 "$O/$t.log"
        fail=1
    fi
done
echo "tests done at $(( $(date +%s) - T0 )) s"
for rk in 1 0; do
    echo "== KRAIT_ROWS_KERNEL=$rk"
    (cd bench/gpu && KRAIT_ROWS_KERNEL=$rk timeout 30 $K rows_check.py) || fail=1
done
echo "done at $(( $(date +%s) - T0 )) s, fail=$fail"
exit $fail
