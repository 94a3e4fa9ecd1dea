#!/bin/sh
# run_tile_tests.sh: run the tile kernels' conformance scripts (tests/tile/*.py and the
# examples/tiles/*.py with a tests/tile/examples/*.exp) on the GPU (KRAIT_DEVICE=cuda) through
# tests/run_test.cmake, compared byte for byte with the .exp files the NumPy reference wrote
# (tests/gen_expected_tile.py); prints "N passed, N failed" and, for each failure, its name
# and the first 30 lines of its diff. Scripts listed in tests/tile/pending.txt (what the
# front does not handle yet) are skipped unless --all is given.
#
#   bench/gpu/run_tile_tests.sh [--all] [path/to/krait]
#
# Without a path it uses $KRAIT, else build/krait, building it first (Release) if missing.
# KRAIT_DEVICE=cpu runs the same scripts on the CPU path; KRAIT_DEVICE=mock on the mock.
# Every generated kernel is also written to $TILE_DUMP_DIR (default: a temporary folder,
# kept when something fails) so a failure can be read with its CUDA C. On CUDA it also runs
# tests/tile_lower's tile_lower_test when it is built beside krait (every op's hand-built
# kernel on the device against the interpreter) and tests/embed's embed_test_tile_export
# (a C host launching ct.export output through krait.h).
set -u
all=0
if [ "${1:-}" = "--all" ]; then
    all=1
    shift
fi
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
out=${TMPDIR:-/tmp}/krait_tile_tests.$$
mkdir -p "$out/examples"
export KRAIT_TILE_DUMP=${TILE_DUMP_DIR:-$out/dump}
mkdir -p "$KRAIT_TILE_DUMP"
pending=""
[ -f "$root/tests/tile/pending.txt" ] && pending=$(grep '^[a-z]' "$root/tests/tile/pending.txt")
passed=0
failed=0
skipped=0
failed_names=""
run_one() { # dir name label
    if cmake -DKRAIT="$krait" -DLANG_DIR="$1" -DNAME="$2" -DTIMEOUT=300 -DOUT_DIR="$out/res" \
        -P "$root/tests/run_test.cmake" >"$out/$2.log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failed_names="$failed_names $3"
    fi
}
is_pending() {
    [ "$all" -eq 1 ] && return 1
    for p in $pending; do [ "$p" = "$1" ] && return 0; done
    return 1
}
for script in "$root"/tests/tile/*.py; do
    name=$(basename "$script" .py)
    case $name in _*) continue ;; esac
    [ -f "$root/tests/tile/$name.exp" ] || continue
    if is_pending "$name"; then
        skipped=$((skipped + 1))
        continue
    fi
    run_one "$root/tests/tile" "$name" "$name"
done
for exp in "$root"/tests/tile/examples/*.exp; do
    [ -f "$exp" ] || continue
    name=$(basename "$exp" .exp)
    [ -f "$root/examples/tiles/$name.py" ] || continue
    if is_pending "examples/$name"; then
        skipped=$((skipped + 1))
        continue
    fi
    cp "$root/examples/tiles/$name.py" "$exp" "$out/examples/"
    run_one "$out/examples" "$name" "examples/$name"
done
# the lowering's own test: hand-built kernels of every op on the device against the
# interpreter (built beside krait: build/tests/tile_lower/tile_lower_test)
lower_test=$(dirname "$krait")/tests/tile_lower/tile_lower_test
if [ -x "$lower_test" ] && [ "$KRAIT_DEVICE" = cuda ]; then
    if "$lower_test" >"$out/tile_lower_test.log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failed_names="$failed_names tile_lower_test"
    fi
    grep -E "^GPU:|FAIL|differ|checks," "$out/tile_lower_test.log" | head -n 20
fi
# the krait.h loader of ct.export output: a C host launches exported kernels with device
# pointers and checks the result (tests/embed/test_tile_export.c; it prints "device launch ok")
export_test=$(dirname "$krait")/tests/embed/embed_test_tile_export
if [ -x "$export_test" ] && [ "$KRAIT_DEVICE" = cuda ]; then
    if "$export_test" cuda >"$out/embed_test_tile_export.log" 2>&1 &&
        grep -q "device launch ok" "$out/embed_test_tile_export.log"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failed_names="$failed_names embed_test_tile_export"
    fi
fi
for name in $failed_names; do
    echo "=== FAILED: $name"
    if [ "$name" = embed_test_tile_export ]; then
        head -n 30 "$out/embed_test_tile_export.log"
    elif [ "$name" = tile_lower_test ]; then
        grep -E "FAIL|differ|GPU " "$out/tile_lower_test.log" | head -n 30
    else
        head -n 30 "$out/$(basename "$name").log"
    fi
done
echo "$passed passed, $failed failed, $skipped pending (skipped)"
if [ -n "$failed_names" ]; then
    echo "failed:$failed_names"
    echo "generated kernels: $KRAIT_TILE_DUMP"
    exit 1
fi
rm -rf "$out"
exit 0
