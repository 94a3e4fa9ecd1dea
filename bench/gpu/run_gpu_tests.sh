#!/bin/sh
# run_gpu_tests.sh: run every tests/gpu/*.py conformance script and every tests/gpu_diff/*.py
# differential test on the CUDA backend (KRAIT_DEVICE=cuda) through tests/run_test.cmake, and
# print "N passed, N failed" and, for each failure, its name and the first 20 lines of its
# diff. On the H200, from the repository root:
#
#   bench/gpu/run_gpu_tests.sh [path/to/krait]
#
# Without an argument it uses $KRAIT, else build/krait, building it first (Release) if it is
# missing. Set KRAIT_DEVICE=cpu (or mock) to run the same scripts on the CPU backend (or the
# CUDA backend over the mock device). GPU_DIFF_HUNT="SEED FILES" also generates and runs that
# many more differential files for SEED (tests/gpu_diff/gen.py --hunt; needs NumPy 2).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
krait=${1:-${KRAIT:-$root/build/krait}}
if [ ! -x "$krait" ]; then
    echo "building $krait"
    cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null &&
        cmake --build "$root/build" -j "$(nproc 2>/dev/null || echo 4)" >/dev/null || exit 2
    krait=$root/build/krait
fi
case $krait in /*) ;; *) krait=$(pwd)/$krait ;; esac
export KRAIT_DEVICE=${KRAIT_DEVICE:-cuda}
"$krait" -c 'import gpu; print("backend:", gpu.backend()); print("device:", gpu.device())' ||
    exit 2
out=${TMPDIR:-/tmp}/krait_gpu_tests.$$
mkdir -p "$out"
passed=0
failed=0
failed_names=""
for dir in gpu gpu_diff; do
    for script in "$root/tests/$dir"/*.py; do
        name=$(basename "$script" .py)
        case $name in _* | gen) continue ;; esac
        # cpu_*: what only the CPU backend does (its floating-point warnings)
        case $name in cpu_*) [ "$KRAIT_DEVICE" = cpu ] || continue ;; esac
        [ -f "$root/tests/$dir/$name.exp" ] || continue
        if cmake -DKRAIT="$krait" -DLANG_DIR="$root/tests/$dir" -DNAME="$name" -DTIMEOUT=120 \
            -DOUT_DIR="$out" -P "$root/tests/run_test.cmake" >"$out/$dir.$name.log" 2>&1; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            failed_names="$failed_names $dir.$name"
        fi
    done
done
for name in $failed_names; do
    echo "=== FAILED: $name"
    head -n 20 "$out/$name.log"
done
if [ -n "${GPU_DIFF_HUNT:-}" ]; then
    # shellcheck disable=SC2086
    set -- $GPU_DIFF_HUNT
    echo "=== differential hunt: seed $1, $2 files"
    if ! python3 "$root/tests/gpu_diff/gen.py" --hunt "$1" "$2" --out "$out/hunt" \
        --krait "$krait" --device "$KRAIT_DEVICE"; then
        failed=$((failed + 1))
        failed_names="$failed_names hunt"
    fi
fi
echo "$passed passed, $failed failed"
[ -n "$failed_names" ] && echo "failed:$failed_names"
rm -rf "$out"
[ "$failed" -eq 0 ]
