# GPU awaitables (SPEC §4): Event.done(), ndarray.to_host(), Stream.default.done(), query(),
# the loop's three ways of waiting (_uv.set_gpu_wait), and cancelling a GPU wait. Under NumPy
# (the reference) stand-ins return finished futures; on krait's CPU backend the work is
# complete too, and on CUDA (and the mock device) the loop resolves them.
import asyncio
import numpy as np

from _async_ref import KRAIT, Stream, Event, default_stream, to_host, set_wait


async def rounds(mode):
    set_wait(mode)
    s = Stream()
    ev = Event()
    out = []
    for i in range(5):
        with s:
            a = np.arange(1000, dtype=np.float32) * float(i + 1)
            m = a.reshape(10, 100) @ np.ones((100, 3), dtype=np.float32)
            ev.record(s)
        await ev.done()
        out.append(float(a[-1]))
        out.append((await to_host(m[:2, 0]))[1])
    r = await asyncio.gather(s.done(), ev.done(), default_stream.done(), to_host(np.arange(3)))
    print(mode, out, r, s.query(), ev.query(), default_stream.query())


async def main():
    for mode in ("callback", "spin", "poll", "spin"):
        await rounds(mode)
    # to_host of every dtype keeps the values
    for dt in (np.int8, np.int32, np.int64, np.uint8, np.float16, np.float32, np.float64,
               np.bool_):
        print(dt.__name__, await to_host(np.arange(4).astype(dt)))
    print(await to_host(np.zeros((2, 0))), await to_host(np.float64(2.5) * np.ones(())))
    # a GPU wait inside wait_for and cancelled: the loop goes on
    s = Stream()
    with s:
        big = np.ones((64, 64), dtype=np.float32) @ np.ones((64, 64), dtype=np.float32)
    t = asyncio.ensure_future(s.done())
    t.cancel()
    await asyncio.sleep(0)
    print("cancelled or finished:", t.cancelled() or t.done())
    print(await asyncio.wait_for(to_host(big[0, :3]), 10))
    # many waits in flight at once, mixed with a timer
    futs = [to_host(np.full(2, i)) for i in range(40)]
    res = await asyncio.gather(asyncio.sleep(0.001, "timer"), *futs)
    print(res[0], res[1], res[-1], len(res))


asyncio.run(main())
set_wait("spin")
for f in (lambda: Event().done(), lambda: np.arange(2).to_host() if KRAIT else Stream().done()):
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)
if KRAIT:
    import _uv
    for bad in (("sometimes",), ("spin", -1)):
        try:
            _uv.set_gpu_wait(*bad)
        except ValueError as e:
            print("ValueError:", e)
else:
    print("ValueError: set_gpu_wait: mode must be 'callback', 'spin' or 'poll'")
    print("ValueError: set_gpu_wait: spin_us must be in [0, 1e6]")
