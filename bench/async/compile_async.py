"""NVRTC compiles off the loop thread (issue 13 item 4), checked on the H200:

    D=$(mktemp -d); KRAIT_DEVICE=cuda KRAIT_CACHE_DIR=$D build/krait bench/async/compile_async.py

A ticker task wakes every 5 ms while a new tile kernel compiles: through ct.compile_async
(NVRTC on libuv's thread pool) the longest gap between ticks stays small; through a plain
first ct.launch (NVRTC on the loop thread) the gap is the whole compile. Then ct.launch of
the compiled kernel compiles nothing, and ct.launch_async of another new kernel compiles in
the background and launches after. Exits 1 when a check fails. Needs a fresh KRAIT_CACHE_DIR (a disk-cache hit
compiles nothing, and the ticker then has nothing to measure)."""
import asyncio
import sys
import time

import gpu
import tile as ct

failed = []


def say(*a):
    print(*a, flush=True)  # line by line, so a run cut short shows how far it got


def check(ok, what):
    say(("ok     " if ok else "FAILED ") + what)
    if not ok:
        failed.append(what)


def make_kernel(k):
    # a distinct kernel per k (k is part of its source through the constant), so each is a
    # fresh NVRTC compile
    @ct.kernel
    def poly(x, out, c: ct.Constant[int]):
        b = ct.bid(0)
        t = ct.load(x, index=(b,), shape=(256,))
        for i in range(8):
            t = t * 0.5 + c
        ct.store(out, index=(b,), tile=t)
    return poly


def expected(c):
    v = 1.0
    for _ in range(8):
        v = v * 0.5 + c
    return v


async def ticking(coro_fn):
    """Runs coro_fn() beside a 5 ms ticker: (its result, wall seconds, longest tick gap)."""
    gaps = []
    stop = [False]

    async def ticker():
        last = time.perf_counter()
        while not stop[0]:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    t = asyncio.create_task(ticker())
    await asyncio.sleep(0.02)  # the ticker is running
    gaps.clear()
    t0 = time.perf_counter()
    r = await coro_fn()
    wall = time.perf_counter() - t0
    await asyncio.sleep(0.01)
    stop[0] = True
    await t
    return r, wall, max(gaps) if gaps else 0.0


async def main():
    on_gpu = gpu.backend() == "cuda" and "mock" not in gpu.device()["name"]
    if not on_gpu:
        say("note: not on a GPU (KRAIT_DEVICE=cuda): the timings mean nothing")
    n = 1024
    x = gpu.ones(n, dtype=gpu.float32)
    out = gpu.zeros(n, dtype=gpu.float32)
    grid = (n // 256,)

    # 1. ct.compile_async: the loop keeps ticking
    k1 = make_kernel(1)

    async def compile1():
        await ct.compile_async(k1, (x, out, 3))

    _, wall, gap = await ticking(compile1)
    say("compile_async: %.1f ms, longest tick gap %.1f ms" % (wall * 1e3, gap * 1e3))
    if on_gpu:
        check(wall > 0.03, "the compile took long enough to measure (%.1f ms)" % (wall * 1e3))
        check(gap < max(0.03, wall / 3), "the loop ran during compile_async (gap %.1f ms of "
              "%.1f)" % (gap * 1e3, wall * 1e3))
    t0 = time.perf_counter()
    ct.launch(gpu.Stream.default, grid, k1, (x, out, 3))
    gpu.synchronize()
    first = time.perf_counter() - t0
    say("first ct.launch after it: %.2f ms" % (first * 1e3))
    check(not on_gpu or first < max(0.02, wall / 4), "ct.launch compiled nothing")
    check(abs(out.tolist()[-1] - expected(3)) < 1e-4, "compile_async kernel result")

    # 2. a plain first ct.launch blocks the loop for the whole compile (for comparison)
    k2 = make_kernel(2)

    async def sync_launch():
        ct.launch(gpu.Stream.default, grid, k2, (x, out, 5))
        gpu.synchronize()

    _, wall2, gap2 = await ticking(sync_launch)
    say("first ct.launch (NVRTC on the loop thread): %.1f ms, longest tick gap %.1f ms"
          % (wall2 * 1e3, gap2 * 1e3))
    check(abs(out.tolist()[0] - expected(5)) < 1e-4, "ct.launch kernel result")

    # 3. ct.launch_async of a new kernel: compiles in the background, launches after
    k3 = make_kernel(3)
    s = gpu.Stream()

    async def launch3():
        await ct.launch_async(s, grid, k3, (x, out, 7))

    _, wall3, gap3 = await ticking(launch3)
    say("first ct.launch_async: %.1f ms, longest tick gap %.1f ms" % (wall3 * 1e3, gap3 * 1e3))
    check(abs(out.tolist()[1] - expected(7)) < 1e-4, "launch_async kernel result")
    if on_gpu:
        check(gap3 < max(0.03, wall3 / 3), "the loop ran during the first launch_async")
    t0 = time.perf_counter()
    await ct.launch_async(s, grid, k3, (x, out, 7))
    again = time.perf_counter() - t0
    check(not on_gpu or again < 0.02, "a second launch_async compiles nothing (%.2f ms)"
          % (again * 1e3))


asyncio.run(main())
if failed:
    say("FAILED:", len(failed), "checks")
    sys.exit(1)
say("all checks passed")
