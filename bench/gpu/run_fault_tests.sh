#!/bin/sh
# run_fault_tests.sh: the GPU fault tests of issue 11 (tests/gpu_faults), on the CUDA backend
# of the H200. Each script runs in its own krait process, because a real fault leaves the
# process's CUDA context unusable:
#   oom_fused        device memory filled, then fused expressions evaluated: MemoryError,
#                    then the right values once memory is freed
#   oob_store        tile scatter through bad indices: masked when checked; unchecked, a
#                    device fault reported as RuntimeError, host data kept, later calls fail
#                    at once
#   kernel_timeout   a kernel that never ends, under KRAIT_KERNEL_TIMEOUT=3: RuntimeError
#                    on time, later calls fail at once, the process still exits
#   random_launches  10,000 launches of random shapes/dtypes/kernels, every result checked
# A script passes when it exits 0 within its time limit, printed DONE and no FAIL line.
# From the repository root:
#
#   bench/gpu/run_fault_tests.sh [path/to/krait]
#
# Without an argument it uses $KRAIT, else build/krait (building it, Release, if missing).
# KRAIT_DEVICE=mock runs the same scripts on the mock device, where the parts that need a
# real device say SKIP. Prints each script's output, then "N passed, N failed".
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
out=${TMPDIR:-/tmp}/krait_fault_tests.$$
mkdir -p "$out"
passed=0
failed=0
failed_names=""
# name, time limit (s), extra environment
for spec in "oom_fused 600" "oob_store 300" "kernel_timeout 120 KRAIT_KERNEL_TIMEOUT=3" \
    "random_launches 1200"; do
    # shellcheck disable=SC2086
    set -- $spec
    name=$1
    limit=$2
    shift 2
    log=$out/$name.log
    echo "=== $name"
    start=$(date +%s)
    (cd "$root/tests/gpu_faults" && env "$@" timeout -k 10 "$limit" "$krait" "$name.py") \
        >"$log" 2>&1
    rc=$?
    took=$(($(date +%s) - start))
    cat "$log"
    why=""
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        why="ran past ${limit} s (hang, or the process did not exit after a fault)"
    elif [ "$rc" -ge 128 ]; then
        why="killed by signal $((rc - 128))"
    elif [ "$rc" -ne 0 ]; then
        why="exit status $rc"
    elif grep -q '^FAIL' "$log"; then
        why="a check failed"
    elif ! grep -q '^DONE' "$log"; then
        why="did not finish"
    fi
    if [ -z "$why" ]; then
        passed=$((passed + 1))
        echo "--- $name: ok (${took} s)"
    else
        failed=$((failed + 1))
        failed_names="$failed_names $name"
        echo "--- $name: FAILED: $why (${took} s)"
    fi
done
echo "$passed passed, $failed failed"
[ -n "$failed_names" ] && echo "failed:$failed_names"
rm -rf "$out"
[ "$failed" -eq 0 ]
