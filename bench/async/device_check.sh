#!/bin/bash
# bench/async/device_check.sh [KRAIT]: issue 13's H200 check in one call (< 90 s): the GPU-await
# latency, completions/s with 1/8/64 in flight, two streams with gather, a long wait's CPU
# (bench/async/gpu_latency.py, one process per phase), NVRTC off the loop thread
# (bench/async/compile_async.py, fresh cache), the closing example (examples/async_overlap.py)
# and the async GPU tests (tests/gpu/async_*.py, tests/tile/launch_async.py) on CUDA.
#
# Every step runs under its own time limit. A step that overruns is reported by name with
# where its threads were (/proc state and wchan, a gdb backtrace if gdb exists), then gets
# SIGINT (krait prints the Python traceback of where it was), then SIGKILL; the next step
# runs. Output is line by line (the scripts flush each line), also kept in $OUT/async_*.log
# when $OUT is set. Ends with "async device check: N steps, M failed" and exits 1 on a failure.
K=${1:-build/krait}
export KRAIT_DEVICE=${KRAIT_DEVICE:-cuda}
LOG=${OUT:-$(mktemp -d)}
T0=$(date +%s.%N)
el() { awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
steps=0
bad=""

# step NAME LIMIT COMMAND...: runs COMMAND, its output prefixed with NAME
step() {
  local name=$1 limit=$2 left
  shift 2
  steps=$((steps + 1))
  left=$(awk -v e="$(el)" 'BEGIN { printf "%d", 88 - e }')
  if [ "$left" -lt 5 ]; then
    echo "== $name: SKIPPED (the 90 s budget is spent at $(el) s)"; bad="$bad $name(skipped)"; return
  fi
  [ "$limit" -gt "$left" ] && limit=$left
  echo "== $name (limit $limit s, at $(el) s): $*"
  "$@" > >(sed -u "s/^/  $name| /" | tee "$LOG/async_$name.log") 2>&1 &
  local pid=$! t=0 rc
  while kill -0 $pid 2>/dev/null && [ $t -lt $((limit * 10)) ]; do sleep 0.1; t=$((t + 1)); done
  if kill -0 $pid 2>/dev/null; then
    echo "== $name: HUNG after $limit s; its threads:"
    for d in /proc/$pid/task/*; do
      echo "   thread $(basename $d): state $(awk '{print $3}' $d/stat 2>/dev/null)," \
           "wchan $(cat $d/wchan 2>/dev/null), $(cat $d/comm 2>/dev/null)"
    done
    command -v gdb > /dev/null &&
      timeout 10 gdb -p $pid -batch -ex "thread apply all bt 12" 2>/dev/null |
        grep -E "^#|^Thread" | head -60 | sed "s/^/   gdb| /"
    kill -INT $pid; sleep 2
    kill -0 $pid 2>/dev/null && kill -KILL $pid
    wait $pid 2>/dev/null
    rc=124
  else
    wait $pid; rc=$?
  fi
  sleep 0.2  # the prefixing sed ends at the output's EOF
  echo "== $name: rc=$rc at $(el) s"
  [ $rc -ne 0 ] && bad="$bad $name"
}

# the async GPU tests against their CPython/NumPy expected output, in parallel
tests() {
  local fails=0 n=0 pids="" f
  for f in tests/gpu/async_*.py tests/tile/launch_async.py; do
    n=$((n + 1))
    (d=$(dirname $f); b=$(basename $f .py)
     if timeout 20 $K $f > $LOG/t_$b.out 2>&1 && cmp -s $LOG/t_$b.out $d/$b.exp; then
       echo "PASS $b"
     else
       echo "FAIL $b"; diff $LOG/t_$b.out $d/$b.exp | head -8
     fi) &
    pids="$pids $!"
  done
  wait $pids
}

git log --oneline -1 2>/dev/null | cat
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader 2>/dev/null
C=$(mktemp -d)  # one JIT cache for the latency phases (the busy kernel compiles once)
step tests 25 tests
step latency 15 env KRAIT_CACHE_DIR=$C $K bench/async/gpu_latency.py quick --phase latency --limit 12
step throughput 12 env KRAIT_CACHE_DIR=$C $K bench/async/gpu_latency.py quick --phase throughput --limit 10
step overlap 10 env KRAIT_CACHE_DIR=$C $K bench/async/gpu_latency.py quick --phase overlap --limit 8
step longwait 10 env KRAIT_CACHE_DIR=$C $K bench/async/gpu_latency.py quick --phase longwait --limit 8
step compile_async 15 env KRAIT_CACHE_DIR=$(mktemp -d) $K bench/async/compile_async.py
step example 10 $K examples/async_overlap.py
grep -h "| FAIL" $LOG/async_tests.log 2>/dev/null | sed "s/^/  tests| /" | head -20
fails=$(grep -c "| FAIL" $LOG/async_tests.log 2>/dev/null)
[ "${fails:-0}" -gt 0 ] && bad="$bad tests($fails)"
echo "async device check: $steps steps at $(el) s, failed:${bad:- none}"
[ -z "$bad" ]
