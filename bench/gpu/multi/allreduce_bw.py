"""all_reduce bus bandwidth through krait's NCCL communicator over every GPU (issue 17's
figure), nccl-tests' convention: algbw = bytes / time, busbw = algbw * 2 (n - 1) / n.
float32, sizes 8 MB .. 1 GB (argv[1]: the largest in MB), 5 timed repetitions after a warm-up;
bench/gpu/multi/allreduce_bw_torch.py is the torch.distributed peer. Prints one line a size."""
import sys
import time

import gpu
import gpu.distributed as dist
import numpy as np

top = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
comm = dist.Communicator(backend="nccl")
n = comm.size
print("krait all_reduce, %d GPUs, NCCL %s" % (n, comm.nccl_version))
mb = 8
while mb <= top:
    count = mb * (1 << 20) // 4
    xs = [np.asarray(np.ones(count, dtype=np.float32), device=d) for d in comm.devices]
    comm.all_reduce(xs)
    comm.synchronize()
    reps = 5
    t = time.perf_counter()
    for _ in range(reps):
        comm.all_reduce(xs)
    comm.synchronize()
    dt = (time.perf_counter() - t) / reps
    algbw = count * 4 / dt / 1e9
    print("%6d MB  %9.3f ms  algbw %7.1f GB/s  busbw %7.1f GB/s"
          % (mb, dt * 1e3, algbw, algbw * 2 * (n - 1) / n if n > 1 else 0.0))
    del xs
    mb *= 2
