"""asyncio with the GPU: two streams of GPU work, a timer, a file read and a subprocess, all
in flight at once on one event loop and awaited with one gather (issue 13's closing script).

    build/krait examples/async_overlap.py            # a GPU if there is one, else the CPU
    KRAIT_DEVICE=cpu build/krait examples/async_overlap.py

Each GPU job is a tile kernel launched on a stream of its own over half the GPU's
multiprocessors, so the two can run side by side; `await stream.done()` suspends the job until
its stream is done (the loop sleeps meanwhile, no thread is blocked), and `await a.to_host()`
brings the result back. The timer ticks every 10 ms throughout, the file is read on libuv's
thread pool (asyncio.to_thread), and the child process sleeps 50 ms. On a GPU the whole gather
takes about as long as its longest part, not the sum of the parts. The script checks its own
results and exits 1 if one is wrong (or, on a GPU, if the parts did not overlap)."""
import asyncio
import os
import pathlib
import sys
import time

import gpu
import tile as ct

ON_GPU = gpu.backend() == "cuda" and "mock" not in gpu.device()["name"]
BLOCKS = max(1, gpu.device().get("multiprocessors", 2) // 2) if gpu.backend() == "cuda" else 2
ITERS = 4_000_000 if ON_GPU else 200  # about 10-20 ms a launch on an H200


@ct.kernel
def relax(x, out, c, iters):
    # t -> t/2 + c, iters times: a latency-bound loop (little memory traffic). Started at
    # 2c, t stays exactly 2c, so the result checks exactly.
    b = ct.bid(0)
    t = ct.load(x, index=(b,), shape=(128,))
    for i in range(iters):
        t = t * 0.5 + c
    ct.store(out, index=(b,), tile=t)


async def gpu_job(c):
    s = gpu.Stream()
    x = gpu.full(128 * BLOCKS, 2.0 * c, dtype=gpu.float32)
    out = gpu.zeros(128 * BLOCKS, dtype=gpu.float32)
    t0 = time.perf_counter()
    for _ in range(3):
        ct.launch(s, (BLOCKS,), relax, (x, out, c, ITERS))
        x, out = out, x
    await s.done()  # the three launches are done: resumes on the loop, no thread blocked
    values = await x.to_host()
    return "gpu %g" % c, time.perf_counter() - t0, set(values) == {2.0 * c}


async def timer(log):
    t0 = time.perf_counter()
    for i in range(6):
        await asyncio.sleep(0.01)
        log.append(i)
    return "timer", time.perf_counter() - t0, log == list(range(6))


async def read_file(path, size):
    t0 = time.perf_counter()
    data = await asyncio.to_thread(path.read_bytes)  # on libuv's thread pool
    return "file", time.perf_counter() - t0, len(data) == size and data[:4] == b"abcd"


async def child():
    t0 = time.perf_counter()
    p = await asyncio.create_subprocess_exec("sh", "-c", "sleep 0.05; echo $((6 * 7))",
                                             stdout=asyncio.subprocess.PIPE)
    out, _ = await p.communicate()
    return "subprocess", time.perf_counter() - t0, out == b"42\n" and p.returncode == 0


async def main():
    size = 1 << 22
    path = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / ("krait_overlap_%d" % os.getpid())
    path.write_bytes(b"abcd" * (size // 4))
    # the kernel's first launch compiles it: do that before the clock starts
    warm = gpu.zeros(128 * BLOCKS, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (BLOCKS,), relax, (warm, warm, 1.0, 1))
    gpu.synchronize()
    try:
        t0 = time.perf_counter()
        parts = await asyncio.gather(gpu_job(1.0), gpu_job(3.0), timer([]),
                                     read_file(path, size), child())
        total = time.perf_counter() - t0
    finally:
        path.unlink()
    ok = True
    for name, seconds, right in parts:
        print("%-10s %s  %7.1f ms" % (name, "ok   " if right else "WRONG", seconds * 1e3))
        ok = ok and right
    longest = max(p[1] for p in parts)
    summed = sum(p[1] for p in parts)
    print("all at once: %.1f ms (longest part %.1f ms, the parts one after another %.1f ms)"
          % (total * 1e3, longest * 1e3, summed * 1e3))
    if ON_GPU and total > 0.75 * summed:
        print("the parts did not overlap")
        ok = False
    print("ok" if ok else "FAILED")
    return ok


sys.exit(0 if asyncio.run(main()) else 1)
