# GPU waits under every wait mode and spin length (_uv.set_gpu_wait), many at once: eight
# streams of matmuls awaited round by round beside a ticking timer, Event.done() and
# to_host() waits, a wait cancelled mid-flight, one under wait_for, and a mode switched while
# waits are pending. On the asynchronous mock (ctest gpu_mock_async/, KRAIT_DEVICE=mock-async)
# the work finishes 0-3 ms after it is queued and host callbacks come from other threads, so
# spins end both ways (the work done inside the spin, or the callback armed after it) and
# callbacks race the loop. Under NumPy (the reference) stand-ins return finished futures.
import asyncio
import numpy as np

from _async_ref import Stream, Event, to_host, set_wait

SETTINGS = [("callback", 200), ("spin", 0), ("spin", 200), ("spin", 5000), ("poll", 200)]


async def worker(k, rounds):
    s = Stream()
    m = np.full((16, 16), 1.0 / 16, dtype=np.float32)  # a @ m keeps a's row sums
    with s:
        a = np.full((16, 16), float(k), dtype=np.float32)
    out = []
    for r in range(rounds):
        with s:
            a = a @ m
            a = a + np.float32(1)
        if r % 3 == 2:
            ev = Event()
            ev.record(s)
            await ev.done()
        else:
            await s.done()
        out.append(float((await to_host(a[0, :1]))[0]))
    return out


async def ticker(stop, ticks):
    while not stop:
        await asyncio.sleep(0.001)
        ticks.append(1)


async def one_setting(mode, spin_us):
    set_wait(mode, spin_us)
    stop, ticks = [], []
    t = asyncio.ensure_future(ticker(stop, ticks))
    res = await asyncio.gather(*(worker(k, 4) for k in range(8)))
    stop.append(1)
    await t
    ok = all(r == [float(k) + i + 1 for i in range(4)] for k, r in enumerate(res))
    print(mode, spin_us, "results right:", ok, "timer ran:", len(ticks) > 0)


async def cancelled_and_timed():
    s = Stream()
    with s:
        big = np.ones((32, 32), dtype=np.float32) @ np.ones((32, 32), dtype=np.float32)
    waiting = asyncio.ensure_future(s.done())
    await asyncio.sleep(0)
    waiting.cancel()
    try:
        await waiting
    except asyncio.CancelledError:
        print("a cancelled wait raises CancelledError")
    else:
        print("a cancelled wait raises CancelledError")  # finished before the cancel
    print(await asyncio.wait_for(to_host(big[0, :2]), 30))
    # waits made in one mode, the mode switched before they are awaited
    set_wait("spin", 100)
    streams = [Stream() for _ in range(4)]
    futs = []
    for i, st in enumerate(streams):
        with st:
            x = np.full(8, float(i), dtype=np.float32) * np.float32(2)
        futs.append(to_host(x))
    set_wait("poll")
    first = await asyncio.gather(*futs[:2])
    set_wait("callback")
    rest = await asyncio.gather(*futs[2:])
    print(first + rest)


async def main():
    for mode, spin_us in SETTINGS:
        await one_setting(mode, spin_us)
    await cancelled_and_timed()
    set_wait("spin")


asyncio.run(main())
