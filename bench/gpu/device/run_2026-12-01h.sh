#!/bin/bash
# The second H200 call of 2026-12-01's fifth session: the helpers' device checks (each its
# own script, with its own time limit), from the repository root with .dev/ carried.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1
K=$PWD/.dev/build/krait
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
for c in "$@"; do
  echo "######## $c (at $(el) s)"
  timeout 170 bash -c "$c" 2>&1 | tail -c 6000
  echo "######## rc=${PIPESTATUS[0]} at $(el) s"
done
