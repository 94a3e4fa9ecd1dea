#!/bin/bash
# The row programs on the H200 (issue 14: softmax and layer norm with array ops as one kernel
# per row, gpu/kernels/kernels_rows.c): tests/gpu/row_programs.py and the reduction tests
# against their NumPy .exp on CUDA, then bench/gpu/rows_check.py (timings, each call's
# kernels, a float64 host reference). From the repository root, a Release build in
# .dev/build and its libraries in .dev/lib. Under 90 s; exit status 1 on any failure.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1 KRAIT_DEVICE=${KRAIT_DEVICE:-cuda} KRAIT_ROWS_KERNEL=${KRAIT_ROWS_KERNEL:-1}
K=${K:-$PWD/.dev/build/krait}
git log --oneline -1 2>/dev/null | cat
fail=0
for t in row_programs fused_reduce reduce_mean_var reduce_sum reduce_minmax sync_pending_checks; do
    if (cd tests/gpu && timeout 30 $K $t.py 2>/dev/null | diff -q - $t.exp > /dev/null); then
        echo "tests/gpu/$t ok"
    else
        echo "tests/gpu/$t FAILED:"; (cd tests/gpu && timeout 30 $K $t.py 2>/dev/null | diff - $t.exp | head -10)
        fail=1
    fi
done
(cd bench/gpu && timeout 60 $K rows_check.py $ROWS_ARGS) || fail=1
exit $fail
