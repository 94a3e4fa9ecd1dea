# gpu Stream.done() awaited with asyncio (SPEC §4): two streams of work, awaited together and
# mixed with timers. Under NumPy (the reference) a stand-in stream's done() is a finished
# future; krait's is one too on the CPU backend, and on CUDA (and the mock device) it is
# resolved by the driver's host callback through the loop.
import asyncio
import numpy as np

from _async_ref import Stream


def heavy(a):
    return (a * 2.0 + 1.0).sum()


async def ticker(log):
    for i in range(3):
        log.append("tick %d" % i)
        await asyncio.sleep(0.001)


async def main():
    s1, s2 = Stream(), Stream()
    a = np.arange(100001, dtype=np.float64)
    b = np.linspace(0.0, 1.0, 513)
    with s1:
        x = heavy(a)
    with s2:
        y = heavy(b)
    print(await asyncio.gather(s1.done(), s2.done()))
    print(float(x), round(float(y), 6))
    log = []
    with s1:
        z = (np.ones((7, 9)) * 3).sum(axis=0)
    r = await asyncio.gather(ticker(log), s1.done(), asyncio.sleep(0.002, "slept"))
    print(r, log, z.tolist())
    # many in flight on one stream, and a wait_for around one
    futs = []
    for i in range(50):
        with s2:
            w = np.full(3, float(i))
        futs.append(s2.done())
    print(len(await asyncio.gather(*futs)), w.tolist())
    print(await asyncio.wait_for(s1.done(), 5))
    t = asyncio.create_task(ticker([]))
    await t
    print("done", t.done())


asyncio.run(main())
try:
    Stream().done()
except RuntimeError as e:
    print("RuntimeError:", e)
