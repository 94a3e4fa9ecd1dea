#!/bin/sh
# dev.sh: set up, build and run krait on a fresh Debian machine (as root).
#   ./dev.sh demo   install what is missing, build, run the demo script
#   ./dev.sh test   install what is missing, build, run the whole test suite:
#                   the normal build, the AddressSanitizer+UBSan build, GC stress, and
#                   each libFuzzer target of tests/fuzz for 20 s (clang, build-fuzz)
set -eu
cd "$(dirname "$0")"
JOBS=$(nproc 2>/dev/null || echo 2)

install_missing() {
    missing=""
    for tool in cmake:cmake make:make gcc:gcc clang:clang python3:python3; do
        command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
    done
    # libopenblas0: LAPACK for numpy.linalg and BLAS for the CPU backend's matmul (dlopen'ed);
    # libhwy1: Highway's vqsort for the CPU backend's np.sort (dlopen'ed)
    for pkg in libuv1-dev libreadline-dev libpcre2-dev zlib1g-dev libopenblas0 libhwy1; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
    done
    if [ -n "$missing" ]; then
        echo "dev.sh: installing$missing"
        if [ "$(id -u)" -ne 0 ]; then
            echo "dev.sh: need root to install:$missing" >&2
            exit 1
        fi
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
    fi
}

build() { # build DIR [cmake options...]
    dir=$1
    shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
    cmake --build "$dir" -j "$JOBS"
}

case "${1:-}" in
demo)
    install_missing
    build build
    exec ./build/krait examples/demo.py
    ;;
test)
    install_missing
    build build -DKRAIT_TEST_GC_STRESS=ON
    build build-asan -DKRAIT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
    CC=clang build build-fuzz -DKRAIT_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
    # allocator_may_return_null: a huge request must reach krait as a failed allocation (MemoryError),
    # as it does with the system allocator, not abort the process.
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    log=$(mktemp)
    status=0
    (cd build && ctest -j "$JOBS" --output-on-failure -LE gc_stress) | tee "$log" || status=1
    (cd build && ctest -j "$JOBS" --output-on-failure -L gc_stress) | tee -a "$log" || status=1
    (cd build-asan && ctest -j "$JOBS" --output-on-failure -LE gc_stress) | tee -a "$log" || status=1
    # the fuzzers, KRAIT_FUZZ_SECONDS (20) each on their corpus: 8 targets, under 3 minutes
    (cd build-fuzz && ctest -j "$JOBS" --output-on-failure -L fuzz) | tee -a "$log" || status=1
    passed=0
    failed=0
    for line in $(grep -E '^[0-9]+% tests passed, [0-9]+ tests failed out of [0-9]+' "$log" |
        sed -E 's/^[0-9]+% tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\1:\2/'); do
        f=${line%%:*}
        t=${line#*:}
        failed=$((failed + f))
        passed=$((passed + t - f))
    done
    rm -f "$log"
    # tee hides ctest's status inside the pipelines above, so the counts decide.
    [ "$failed" -eq 0 ] || status=1
    echo "$passed passed, $failed failed"
    exit $status
    ;;
*)
    echo "usage: ./dev.sh demo | test" >&2
    exit 2
    ;;
esac
