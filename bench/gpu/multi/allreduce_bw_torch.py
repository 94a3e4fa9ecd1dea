"""The torch.distributed peer of allreduce_bw.py: one process a GPU (mp.spawn), NCCL backend,
float32 all_reduce of 8 MB .. 1 GB (argv[1]: the largest in MB), 5 timed repetitions after a
warm-up, rank 0 prints nccl-tests' algbw / busbw."""
import os
import sys
import time

import torch
import torch.distributed as tdist
import torch.multiprocessing as mp


def run(rank, n, top):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29517")
    tdist.init_process_group("nccl", rank=rank, world_size=n)
    torch.cuda.set_device(rank)
    if rank == 0:
        print("torch.distributed all_reduce, %d GPUs, NCCL %s"
              % (n, ".".join(map(str, torch.cuda.nccl.version()))))
    mb = 8
    while mb <= top:
        x = torch.ones(mb * (1 << 20) // 4, device="cuda")
        tdist.all_reduce(x)
        torch.cuda.synchronize()
        reps = 5
        tdist.barrier()
        t = time.perf_counter()
        for _ in range(reps):
            tdist.all_reduce(x)
        torch.cuda.synchronize()
        dt = (time.perf_counter() - t) / reps
        if rank == 0:
            algbw = x.numel() * 4 / dt / 1e9
            print("%6d MB  %9.3f ms  algbw %7.1f GB/s  busbw %7.1f GB/s"
                  % (mb, dt * 1e3, algbw, algbw * 2 * (n - 1) / n if n > 1 else 0.0))
        del x
        mb *= 2
    tdist.destroy_process_group()


if __name__ == "__main__":
    n = torch.cuda.device_count()
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    mp.spawn(run, args=(n, top), nprocs=n)
