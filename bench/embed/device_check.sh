#!/bin/bash
# device_check.sh: issue 15's GPU-side embedding on the H200, < 30 s, self-checking.
#  1. examples/embed/tile_host: a script exports a tile kernel (ct.export), the host loads it
#     with kr_tile_load and launches it from C on arrays the script made; on a GPU it must
#     print the launched result (tests/embed/examples/tile_host.expect's second line, the
#     launch's form), not the "no GPU here" line;
#  2. tests/embed/test_tile_export with gpu_device "cuda": the exported kernels launched with
#     device pointers and compared with the host's expectation, the bad-input errors;
#  3. examples/embed/host_arrays on the CUDA backend (host memory wrapped as arrays).
# From the repository root, with the three hosts copied into .dev/bin (they link libkrait.a,
# 4.5 MB each): build/examples/embed/{tile_host,host_arrays},
# build/tests/embed/embed_test_tile_export. Prints each host's output on a failure; exit 1.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH
BIN=${BIN:-$PWD/.dev/bin}
W=$(mktemp -d)
rc=0
check() { # name, expected regex, command...
  local name=$1 want=$2; shift 2
  local out r
  out=$(cd $W && timeout 60 "$@" 2>&1); r=$?
  if [ $r -eq 0 ] && echo "$out" | grep -qE "$want"; then
    echo "ok   $name"
  else
    echo "FAIL $name (rc $r; wanted a line matching: $want)"
    echo "$out" | tail -40
    rc=1
  fi
}
check tile_host '^c\[:4\] = \[1\.0, 3\.0, 5\.0, 7\.0\] ok$' $BIN/tile_host
check test_tile_export_cuda '^device launch ok$' $BIN/embed_test_tile_export cuda
check host_arrays '^host: out\[0\]\[0\] = -1\.661, out\[3\]\[5\] = 1\.661 \(read in place\)$' \
  $BIN/host_arrays
rm -rf $W
echo "embed device_check: $([ $rc -eq 0 ] && echo all ok || echo FAILED)"
exit $rc
