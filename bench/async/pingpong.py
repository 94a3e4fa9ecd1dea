"""Task switch cost: two tasks pass a token back and forth through two asyncio.Queues.

Runs the same under krait and CPython; prints the round trips, the time, and the cost of one
switch (one put + one get + one task switch, two per round trip). bench/async/run.py runs it
under both and prints a comparison."""
import asyncio
import sys
import time

N = int(sys.argv[1]) if len(sys.argv) > 1 else 100000


async def ping(qa, qb, n):
    for i in range(n):
        await qa.put(i)
        got = await qb.get()
        if got != i:
            raise RuntimeError("lost the token")
    await qa.put(None)


async def pong(qa, qb):
    while True:
        v = await qa.get()
        if v is None:
            return
        await qb.put(v)


async def main():
    qa, qb = asyncio.Queue(), asyncio.Queue()
    t0 = time.perf_counter()
    await asyncio.gather(ping(qa, qb, N), pong(qa, qb))
    dt = time.perf_counter() - t0
    print("round trips: %d  time: %.3f s  per switch: %.2f us" % (N, dt, dt / (2 * N) * 1e6))


asyncio.run(main())
