# Sourced by the run_*.sh device runners: steps LOGDIR "SECONDS command"...: each command under
# its own time limit, one after another, skipped when it would end past BUDGET seconds since
# T0; its whole output in LOGDIR/step_N.log, its tail and a "#### step N rc=..." line printed
# (the line also appended to $S when the caller sets S, its summary file).
steps() {
  local dir=$1 i=0 req secs cmd rc; shift
  for req in "$@"; do
    i=$((i + 1)); secs=${req%% *}; cmd=${req#* }
    if [ $(( $(date +%s) - T0 + secs )) -gt $BUDGET ]; then
      echo "#### skipped (no time): $cmd" | tee -a ${S:-/dev/null}; continue
    fi
    echo "######## $cmd (limit $secs s, at $(( $(date +%s) - T0 )) s)"
    timeout $secs bash -c "$cmd" > $dir/step_$i.log 2>&1; rc=$?
    tail -c ${TAIL:-1500} $dir/step_$i.log
    echo "#### step $i rc=$rc at $(( $(date +%s) - T0 )) s: $cmd" | tee -a ${S:-/dev/null}
  done
}
