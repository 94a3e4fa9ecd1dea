#!/bin/bash
# par.sh KRAIT LABEL DIR...: run every DIR/NAME.py with a NAME.exp through tests/run_test.cmake,
# 12 at a time; print "== LABEL: N passed, M failed: names" and the head of each failure.
# Pass DIRs as absolute paths: with a relative one a warning names the script by another path
# than the .exp (three false failures in the first 2026-12-01 call).
# DIR "examples/tiles" pairs examples/tiles/NAME.py with tests/tile/examples/NAME.exp.
krait=$1; label=$2; shift 2
out=/tmp/par_$label; rm -rf $out; mkdir -p $out/res $out/ex
pending=""; [ -f tests/tile/pending.txt ] && pending=$(grep '^[a-z]' tests/tile/pending.txt)
list=$out/list; : > $list
for d in "$@"; do
  if [ $d = examples/tiles ]; then
    for e in tests/tile/examples/*.exp; do n=$(basename $e .exp); [ -f examples/tiles/$n.py ] || continue
      cp examples/tiles/$n.py $e $out/ex/; done
    d=$out/ex
  fi
  for s in $d/*.py; do
    n=$(basename $s .py); case $n in _*|gen|cpu_*) continue;; esac
    [ -f $d/$n.exp ] || continue
    for p in $pending; do [ "$p" = "$n" ] && continue 2; done
    echo "$d $n" >> $list
  done
done
one() {
  if cmake -DKRAIT=$krait -DLANG_DIR=$1 -DNAME=$2 -DTIMEOUT=200 -DOUT_DIR=$out/res -P tests/run_test.cmake > $out/$2.log 2>&1; then echo "PASS $2"; else echo "FAIL $2"; fi
}
export -f one; export krait out
xargs -P ${PAR:-12} -L 1 bash -c 'one $0 $1' < $list > $out/results
p=$(grep -c ^PASS $out/results); f=$(grep -c ^FAIL $out/results)
echo "== $label: $p passed, $f failed:" $(grep ^FAIL $out/results | cut -d' ' -f2)
for n in $(grep ^FAIL $out/results | cut -d' ' -f2); do echo "--- $n"; head -24 $out/$n.log; done
