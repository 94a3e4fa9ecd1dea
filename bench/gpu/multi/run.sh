#!/bin/bash
# Issue 17's multi-GPU figures on a machine with 2-8 GPUs (nvidia-h200-x2 .. -x8), from the
# repository root with a Release build in .dev/build and its libraries in .dev/lib:
# device_one.sh's correctness checks on every GPU, then the all_reduce bus bandwidth of
# 8 MB .. 1 GB float32 (krait's NCCL communicator beside torch.distributed, and nccl-tests'
# all_reduce_perf when it is installed), then weak scaling of a sharded pipeline and matmul.
# Each step under its own timeout; about 4 minutes on 8 GPUs.
export LD_LIBRARY_PATH=$PWD/.dev/lib:$LD_LIBRARY_PATH PYTHONUNBUFFERED=1 KRAIT_DEVICE=cuda
K=${K:-$PWD/.dev/build/krait}
nvidia-smi -L
timeout 120 bash bench/gpu/multi/device_one.sh | grep -v "^ok   "
timeout 120 $K bench/gpu/multi/allreduce_bw.py 1024
timeout 150 python3 bench/gpu/multi/allreduce_bw_torch.py 1024
if command -v all_reduce_perf > /dev/null; then
    timeout 90 all_reduce_perf -b 8M -e 1G -f 2 -g $(nvidia-smi -L | wc -l)
fi
timeout 150 $K bench/gpu/multi/weak_scaling.py 65536 4096
