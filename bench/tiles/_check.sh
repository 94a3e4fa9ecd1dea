# _check.sh: what ws_check.sh and hoist_check.sh share (sourced; K and OUT set by the caller).
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
