#!/bin/bash
# Issue 17 on one H200 (or more), under 90 s: bench/gpu/multi/nccl_check.py (its ok lines
# dropped), then tests/gpu_multi's scripts on CUDA (their Communicator is NCCL's there when it
# loads) against the expectations of the device count. nccl_check.py: NCCL vs the fake
# communicator vs NumPy,
# gpu.Device(0), copies, a 1 GB all_reduce's time). From the repository root with a Release
# build in .dev/build and its libraries in .dev/lib. Exit status 1 on a failure.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1 KRAIT_DEVICE=${KRAIT_DEVICE:-cuda}
unset KRAIT_MOCK_DEVICES
K=${K:-$PWD/.dev/build/krait}
git log --oneline -1 2>/dev/null | cat
# NCCL: KRAIT_NCCL, else the toolkit's, else pip's (torch ships nvidia-nccl)
if [ -z "$KRAIT_NCCL" ]; then
    for p in /usr/local/cuda/lib64/libnccl.so.2 /usr/lib/x86_64-linux-gnu/libnccl.so.2 \
        $(python3 -c "import nvidia.nccl, os; print(os.path.join(list(nvidia.nccl.__path__)[0], 'lib', 'libnccl.so.2'))" 2>/dev/null); do
        [ -f "$p" ] && { export KRAIT_NCCL=$p; break; }
    done
fi
echo "KRAIT_NCCL=${KRAIT_NCCL:-none found, the loader searches}"
n=$(timeout 20 $K -c "import gpu; print(gpu.device_count())" 2>&1 | tail -1)
echo "device_count: $n"
fail=0
# NCCL first (what only a GPU can check), then the CI scripts on CUDA
timeout 40 $K bench/gpu/multi/nccl_check.py | grep -v "^ok   " || fail=1
for f in tests/gpu_multi/*.py; do
    t=$(basename $f .py)
    case $t in _*) continue ;; esac
    if [ ! -f tests/gpu_multi/$t.n$n.exp ]; then echo "tests/gpu_multi/$t: no .n$n.exp"; continue; fi
    if timeout 25 cmake -DKRAIT=$K -DLANG_DIR=$PWD/tests/gpu_multi -DNAME=$t -DEXP_NAME=$t.n$n \
        -DTIMEOUT=20 -DOUT_DIR=/tmp/multi_check -P tests/run_test.cmake > /tmp/multi_check_$t.log 2>&1; then
        echo "tests/gpu_multi/$t ok"
    else
        echo "tests/gpu_multi/$t FAILED:"; head -30 /tmp/multi_check_$t.log
        fail=1
    fi
done
exit $fail
