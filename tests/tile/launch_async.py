# ct.launch_async: a kernel launch awaited with asyncio, several in flight on two streams,
# mixed with a timer, and outside a running loop (RuntimeError, after the launch);
# ct.compile_async beside a ticker. On CUDA (and the mock device, where NVRTC is installed)
# the first launch_async of each specialization compiles on libuv's thread pool first.
import asyncio
import gpu
import tile as ct


@ct.kernel
def scale(x, out, k: ct.Constant[int]):
    b = ct.bid(0)
    t = ct.load(x, index=(b,), shape=(16,))
    ct.store(out, index=(b,), tile=t * k)


async def main():
    s1, s2 = gpu.Stream(), gpu.Stream()
    x = gpu.arange(64, dtype=gpu.float32)
    outs = [gpu.zeros(64, dtype=gpu.float32) for _ in range(4)]
    futs = []
    for i, o in enumerate(outs):
        futs.append(ct.launch_async(s1 if i % 2 else s2, (4,), scale, (x, o, i + 1)))
    r = await asyncio.gather(asyncio.sleep(0.001, "timer"), *futs)
    print(r)
    for o in outs:
        print(o.tolist()[:5], float(o.sum()))
    await ct.launch_async(gpu.Stream.default, (4,), scale, (x, outs[0], 10))
    print(outs[0].tolist()[-3:])
    # compile_async of a new specialization while a ticker runs, then launches of it
    ticks = []

    async def ticker():
        for i in range(3):
            await asyncio.sleep(0)
            ticks.append(i)

    r = await asyncio.gather(ct.compile_async(scale, (x, outs[1], 11)), ticker())
    print(r, ticks)
    await ct.compile_async(scale, (x, outs[1], 11))  # again: nothing left to compile
    ct.launch(gpu.Stream.default, (4,), scale, (x, outs[1], 11))
    print(outs[1].tolist()[:3])
    await asyncio.gather(*[ct.launch_async(s1, (4,), scale, (x, outs[2], 12)) for _ in range(3)])
    print(outs[2].tolist()[:3])


asyncio.run(main())
try:
    ct.launch_async(gpu.Stream.default, (1,), scale, (gpu.ones(16), gpu.zeros(16), 2))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    ct.compile_async(scale, (gpu.ones(16), gpu.zeros(16), 2))
except RuntimeError as e:
    print("RuntimeError:", e)
