#!/bin/bash
# Issue 9's H200 checks: np.float64 device scalars, the device reductions' own
# floating-point warnings, and the sixth session's additions (arcsinh/arccosh/arctanh as
# fused device kernels with their warnings, AxisError, _numpy_misc's functions and nditer,
# read-only broadcast views as device operands, the keyword audit). tests/gpu's scripts
# against their NumPy .exp on CUDA (a failure prints its diff here), then
# bench/gpu/numpy_check.py (bytes moved, no waits, multi-block overflow/invalid, the
# checked kernel's cost against the unchecked one). From the repository root, a Release
# build in .dev/build and its libraries in .dev/lib. Under 60 s (each script 20 s at most,
# numpy_check.py 30 s); prints a summary line last; exit status 1 on a failure.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1 KRAIT_DEVICE=${KRAIT_DEVICE:-cuda}
K=${K:-$PWD/.dev/build/krait}
git log --oneline -1 2>/dev/null | cat
fail=0
failed=""
for t in transfer_scalar_f64 transfer_scalar reduce_flags reduce_warnings fp_warnings_lazy \
    scalar_types unary_arc_hyperbolic unary_math axis_error lib_misc broadcast_readonly \
    lib_bytes_npz kwargs_audit; do
    [ -f tests/gpu/$t.exp ] || continue
    if timeout 25 cmake -DKRAIT=$K -DLANG_DIR=$PWD/tests/gpu -DNAME=$t -DTIMEOUT=20 \
        -DOUT_DIR=/tmp/numpy_check -P tests/run_test.cmake > /tmp/numpy_check_$t.log 2>&1; then
        echo "tests/gpu/$t ok"
    else
        echo "tests/gpu/$t FAILED (the diff, krait's lines marked):"; head -40 /tmp/numpy_check_$t.log
        fail=1
        failed="$failed $t"
    fi
done
(cd bench/gpu && timeout 30 $K numpy_check.py $NUMPY_ARGS) || { fail=1; failed="$failed numpy_check.py"; }
if [ $fail = 0 ]; then echo "numpy_check: all ok"; else echo "numpy_check: FAILED:$failed"; fi
exit $fail
