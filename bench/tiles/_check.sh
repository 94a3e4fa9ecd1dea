# _check.sh: what ws_check.sh and hoist_check.sh share, sourced once K (the krait binary) is
# set: the environment (the CUDA device, a kernel timeout so a hang raises), OUT (a folder
# for the logs), el (seconds since the start), status, TLT (the tile_lower_test beside K's
# build, or in the carried binaries' folder .dev/bin; empty when none), and run_check.
BUILD=$(dirname "$K")
export KRAIT_DEVICE=${KRAIT_DEVICE:-cuda} PYTHONUNBUFFERED=1 KRAIT_KERNEL_TIMEOUT=${KRAIT_KERNEL_TIMEOUT:-15}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
T0=$(date +%s)
el() { echo $(($(date +%s) - T0)); }
status=0
TLT=""
for t in "$BUILD/tests/tile_lower/tile_lower_test" "$BUILD/../bin/tile_lower_test" \
    .dev/bin/tile_lower_test build/tests/tile_lower/tile_lower_test; do
    if [ -x "$t" ]; then
        TLT=$t
        break
    fi
done
# run_check SETTING LABEL SCRIPT EXP [DIR]: runs SCRIPT with the environment setting SETTING
# (e.g. KRAIT_TILE_SM90=ws) from DIR (K must then be absolute), compares its output with the
# NumPy-made EXP, prints "SCRIPT (LABEL): ok", or FAIL with the exit status, the diff and the
# output's last lines; returns 1 on a failure.
run_check() {
    local setting=$1 label=$2 script=$3 exp=$4 dir=${5:-.} name rc
    name=$(basename "$script" .py)
    (cd "$dir" && env "$setting" timeout 30 "$K" "$script") > "$OUT/$name.out" 2>&1
    rc=$?
    (cd "$dir" && diff "$OUT/$name.out" "$exp") > "$OUT/$name.diff" 2>&1
    if [ $rc -eq 0 ] && [ ! -s "$OUT/$name.diff" ]; then
        echo "$script ($label): ok"
        return 0
    fi
    echo "$script ($label): FAIL (exit status $rc$([ $rc -eq 124 ] && echo ': timed out'))"
    echo "--- diff (< krait, > expected)"
    head -20 "$OUT/$name.diff"
    echo "--- krait's last lines"
    tail -6 "$OUT/$name.out"
    return 1
}
