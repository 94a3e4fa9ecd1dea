#!/bin/sh
# Builds krait against mock_runtime.c (see its header) with AddressSanitizer and UBSan, into
# ${MOCK_OUT:-/tmp/krait_mock}/kmock. Usage: tests/gpu/mock/build.sh
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${MOCK_OUT:-/tmp/krait_mock}
mkdir -p "$out"
srcs="$(ls "$root"/frontend/*.c "$root"/vm/*.c "$root"/api/*.c "$root"/stdlib/*.c \
    "$root"/stdlib/gpu/*.c "$root"/gpu/array/*.c "$root"/gpu/backend/cpu/*.c "$root"/gpu/backend/cuda/*.c) \
    $root/repl/main.c \
    $root/repl/repl.c $root/repl/line_reader.c $root/repl/signals.c $here/mock_runtime.c"
for f in $srcs; do
    o=$out/$(echo "$f" | tr / _).o
    gcc -std=c11 -O1 -g -D_GNU_SOURCE -fsanitize=address,undefined -DKRAIT_GC_NO_POOL \
        -I"$root/include" -c "$f" -o "$o" &
done
wait
gcc -fsanitize=address,undefined "$out"/*.o -o "$out/kmock" -lm -ldl -lpthread
echo "$out/kmock"
