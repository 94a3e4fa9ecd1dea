"""GPU awaits on the H200 (issue 13): how long after the GPU finishes a coroutine resumes,
how many awaited completions per second with 1, 8 and 64 in flight, and two streams of
half-idle work overlapped with gather. Each measurement runs in the loop's three ways of
waiting (_uv.set_gpu_wait: "callback" = the driver's host callback wakes the loop through
uv_async_send; "spin" = poll the completion's CUDA event for SPIN_US before sleeping until
the callback; "poll" = no callback, poll while GPU work is pending).

    KRAIT_DEVICE=cuda build/krait bench/async/gpu_latency.py [quick]

Prints a table per measurement and exits 1 if a check fails (results wrong, a wait that
never resolved, the gather not overlapping). Latency: the round trip launch -> await of a
tiny kernel minus the round trip launch -> stream.synchronize() (the driver's own spin),
median of N tries; the goal is <= 15 us."""
import asyncio
import sys
import time

import _uv
import gpu
import tile as ct

QUICK = "quick" in sys.argv[1:]
N = 300 if QUICK else 3000
SPIN_US = 200
MODES = ("callback", "spin", "poll")
failed = []


def check(ok, what):
    if not ok:
        failed.append(what)
        print("CHECK FAILED:", what)


@ct.kernel
def busy(x, out, iters):
    # a loop-carried tile: the block runs about iters dependent FMAs per element
    b = ct.bid(0)
    t = ct.load(x, index=(b,), shape=(128,))
    for i in range(iters):
        t = t * 0.9999 + 0.0001
    ct.store(out, index=(b,), tile=t)


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


async def latency(mode):
    _uv.set_gpu_wait(mode, SPIN_US)
    s = gpu.Stream()
    x = gpu.ones(128, dtype=gpu.float32)
    out = gpu.zeros(128, dtype=gpu.float32)
    for _ in range(20):  # warm: compile, first launches
        ct.launch(s, (1,), busy, (x, out, 1))
        await s.done()
    sync, aw = [], []
    for _ in range(N):
        t0 = time.perf_counter()
        ct.launch(s, (1,), busy, (x, out, 1))
        s.synchronize()
        sync.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        ct.launch(s, (1,), busy, (x, out, 1))
        await s.done()
        aw.append(time.perf_counter() - t0)
    check(abs(out.tolist()[0] - 1.0) < 1e-3, "busy kernel result (%s)" % mode)
    return median(sync) * 1e6, median(aw) * 1e6


async def throughput(mode, inflight, seconds):
    _uv.set_gpu_wait(mode, SPIN_US)
    streams = [gpu.Stream() for _ in range(inflight)]
    x = gpu.ones(128, dtype=gpu.float32)
    outs = [gpu.zeros(128, dtype=gpu.float32) for _ in range(inflight)]
    count = [0]
    stop = time.perf_counter() + seconds

    async def worker(i):
        while time.perf_counter() < stop:
            ct.launch(streams[i], (1,), busy, (x, outs[i], 1))
            await streams[i].done()
            count[0] += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(worker(i) for i in range(inflight)))
    return count[0] / (time.perf_counter() - t0)


async def overlap(mode, blocks, iters):
    _uv.set_gpu_wait(mode, SPIN_US)
    s1, s2 = gpu.Stream(), gpu.Stream()
    x = gpu.ones(128 * blocks, dtype=gpu.float32)
    o1 = gpu.zeros(128 * blocks, dtype=gpu.float32)
    o2 = gpu.zeros(128 * blocks, dtype=gpu.float32)
    ct.launch(s1, (blocks,), busy, (x, o1, 10))
    await s1.done()
    t0 = time.perf_counter()
    ct.launch(s1, (blocks,), busy, (x, o1, iters))
    await s1.done()
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    ct.launch(s1, (blocks,), busy, (x, o1, iters))
    ct.launch(s2, (blocks,), busy, (x, o2, iters))
    await asyncio.gather(s1.done(), s2.done())
    both = time.perf_counter() - t0
    check(o1.tolist()[:4] == o2.tolist()[:4], "overlap results equal (%s)" % mode)
    return one * 1e3, both * 1e3


async def main():
    on_gpu = gpu.backend() == "cuda" and "mock" not in gpu.device()["name"]
    if not on_gpu:
        print("note: not on a GPU (KRAIT_DEVICE=cuda): figures mean nothing, overlap unchecked")
    sms = gpu.device().get("multiprocessors", 2)
    print("device:", gpu.device().get("name"), "SMs:", sms, "N =", N)
    print("\n| mode | sync round trip (us) | await round trip (us) | await - sync (us) |")
    print("|---|---|---|---|")
    lat = {}
    for mode in MODES:
        s, a = await latency(mode)
        lat[mode] = a - s
        print("| %s | %.1f | %.1f | %.1f |" % (mode, s, a, a - s))
    best = min(lat, key=lat.get)
    print("fastest:", best, "(goal <= 15 us over the sync round trip)")
    print("\n| mode | 1 in flight (/s) | 8 in flight (/s) | 64 in flight (/s) |")
    print("|---|---|---|---|")
    for mode in MODES:
        rates = []
        for k in (1, 8, 64):
            rates.append(await throughput(mode, k, 0.3 if QUICK else 1.0))
        check(all(r > 0 for r in rates), "completions counted (%s)" % mode)
        print("| %s | %.0f | %.0f | %.0f |" % ((mode,) + tuple(rates)))
    print("\n| mode | one stream (ms) | two streams with gather (ms) | ratio |")
    print("|---|---|---|---|")
    blocks = max(1, sms // 2)  # each launch fills half the SMs
    for mode in MODES:
        one, both = await overlap(mode, blocks, 1000 if not on_gpu else 2000000)
        print("| %s | %.2f | %.2f | %.2f |" % (mode, one, both, both / one))
        check(not on_gpu or both < 1.5 * one, "two half-idle streams overlap (%s: %.2f vs %.2f ms)"
              % (mode, both, one))


asyncio.run(main())
if failed:
    print("FAILED:", len(failed), "checks")
    sys.exit(1)
print("all checks passed")
