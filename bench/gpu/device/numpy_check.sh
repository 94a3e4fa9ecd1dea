#!/bin/bash
# Issue 9's H200 checks: np.float64 device scalars and the device reductions' own
# floating-point warnings. tests/gpu's scripts for them against their NumPy .exp on CUDA,
# then bench/gpu/numpy_check.py (bytes moved, no waits, multi-block overflow/invalid, the
# checked kernel's cost against the unchecked one). From the repository root, a Release
# build in .dev/build and its libraries in .dev/lib. Under 60 s; exit status 1 on a failure.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1 KRAIT_DEVICE=${KRAIT_DEVICE:-cuda}
K=${K:-$PWD/.dev/build/krait}
git log --oneline -1 2>/dev/null | cat
fail=0
for t in transfer_scalar_f64 transfer_scalar reduce_flags reduce_warnings fp_warnings_lazy scalar_types; do
    [ -f tests/gpu/$t.exp ] || continue
    if cmake -DKRAIT=$K -DLANG_DIR=$PWD/tests/gpu -DNAME=$t -DTIMEOUT=30 -DOUT_DIR=/tmp/numpy_check \
        -P tests/run_test.cmake > /tmp/numpy_check_$t.log 2>&1; then
        echo "tests/gpu/$t ok"
    else
        echo "tests/gpu/$t FAILED:"; head -20 /tmp/numpy_check_$t.log
        fail=1
    fi
done
(cd bench/gpu && timeout 40 $K numpy_check.py $NUMPY_ARGS) || fail=1
exit $fail
