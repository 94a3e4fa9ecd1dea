# The script issue 13 ends with: two GPU streams of work overlapped with a timer, a file read
# on libuv's thread pool and a subprocess, all awaited with one gather. Under NumPy (the
# reference) stand-ins return finished futures; on krait's CPU backend the GPU work is done
# at once, on CUDA (and the mock device) the loop waits for the streams.
import asyncio
import os
import pathlib
import numpy as np

from _async_ref import Stream, to_host


async def gpu_work(s, k):
    with s:
        # small integers: every sum is exact in float32, in any order
        a = (np.arange(12000) % 8).astype(np.float32).reshape(120, 100) * np.float32(k)
        m = a @ np.ones((100, 3), dtype=np.float32)
        total = m.sum(axis=0)
    await s.done()
    return await to_host(total)


async def ticker(log):
    for i in range(4):
        await asyncio.sleep(0.002)
        log.append(i)
    return "ticks"


async def child():
    p = await asyncio.create_subprocess_exec("sh", "-c", "echo $((6 * 7)); echo err >&2",
                                             stdout=asyncio.subprocess.PIPE,
                                             stderr=asyncio.subprocess.PIPE)
    out, err = await p.communicate()
    return out, err, p.returncode


async def main():
    path = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / ("krait_mixed_%d.txt" % os.getpid())
    path.write_text("line\n" * 1000)
    try:
        log = []
        s1, s2 = Stream(), Stream()
        r = await asyncio.gather(gpu_work(s1, 1), gpu_work(s2, 2), ticker(log),
                                 asyncio.to_thread(path.read_text), child())
    finally:
        path.unlink()
    print(r[0], r[1])
    print(r[2], log)
    print(len(r[3]), r[3][:10].split())
    print(r[4])


asyncio.run(main())
