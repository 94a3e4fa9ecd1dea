"""GPU awaits on the H200 (issue 13): how long after the GPU finishes a coroutine resumes,
how many awaited completions per second with 1, 8 and 64 in flight, and two streams of
half-idle work overlapped with gather. Each measurement runs in the loop's three ways of
waiting (_uv.set_gpu_wait: "callback" = the driver's host callback, enqueued with the work,
wakes the loop through uv_async_send; "spin" (the default) = poll the completion's CUDA event
for SPIN_US, and only a wait still pending then gets a host callback (through a waiter
stream) while the loop sleeps; "poll" = no callback, poll while GPU work is pending). A long
wait (a kernel of about 0.2 s, its length calibrated first) measures the CPU the loop burns
meanwhile: "poll" a whole core, the others next to nothing.

    KRAIT_DEVICE=cuda build/krait bench/async/gpu_latency.py [quick] [--phase NAME[,NAME]]
                                                             [--limit SECONDS]

Phases: latency, throughput, overlap, longwait (default: all, in that order). Every line is
printed as it is made (flushed), each phase and each mode announces itself, and each phase
runs under a time limit (--limit, default 20 s): a phase that overruns is cancelled and
reported with what the loop was still waiting for (_uv.gpu_wait_info), and the next phase
runs. A heartbeat line every 2 s says which step is running. bench/async/device_check.sh runs
each phase in a process of its own under `timeout`, so even a hang inside C is reported by
phase. Exits 1 if a check fails (results wrong, a wait that never resolved, the gather not
overlapping, the default mode over the 15 us goal or spinning a core through a long wait).
Latency: the round trip launch -> await of a tiny kernel minus the round trip launch ->
stream.synchronize() (the driver's own spin), median of N tries; the goal is <= 15 us."""
import asyncio
import sys
import time

import _uv
import gpu
import tile as ct

ARGS = sys.argv[1:]
QUICK = "quick" in ARGS
N = 300 if QUICK else 3000
SPIN_US = 200
MODES = ("callback", "spin", "poll")
PHASES = ("latency", "throughput", "overlap", "longwait")
failed = []
step = ["start"]  # what runs now, for the heartbeat
T0 = time.perf_counter()


def opt(name, default):
    for i, a in enumerate(ARGS):
        if a == name and i + 1 < len(ARGS):
            return ARGS[i + 1]
        if a.startswith(name + "="):
            return a[len(name) + 1:]
    return default


def say(*a):
    print(*a, flush=True)


def check(ok, what):
    if not ok:
        failed.append(what)
        say("CHECK FAILED:", what)


def at(what):
    step[0] = what
    say("[%.1f s] %s" % (time.perf_counter() - T0, what))


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


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


async def latency_mode(mode):
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
    return [t * 1e6 for t in sync], [t * 1e6 for t in aw]


async def phase_latency(ctx):
    say("\n| mode | sync round trip (us) | await round trip (us) | await - sync (us) |"
        " await p10 / p90 (us) |")
    say("|---|---|---|---|---|")
    lat = {}
    for mode in MODES:
        at("latency: %s, %d round trips" % (mode, N))
        sync, aw = await latency_mode(mode)
        s, a = median(sync), median(aw)
        lat[mode] = a - s
        say("| %s | %.1f | %.1f | %.1f | %.1f / %.1f |" % (mode, s, a, a - s, pct(aw, 0.1),
                                                        pct(aw, 0.9)))
    best = min(lat, key=lat.get)
    say("fastest:", best, "(goal <= 15 us over the sync round trip)")
    default = "spin"
    check(not ctx["on_gpu"] or lat[default] <= 15.0,
          "default mode (%s) within the 15 us goal: %.1f" % (default, lat[default]))
    check(not ctx["on_gpu"] or lat[default] <= lat[best] + 3.0,
          "default mode (%s, %.1f us) within 3 us of the fastest (%s, %.1f us)"
          % (default, lat[default], best, lat[best]))


async def throughput(mode, inflight, seconds):
    _uv.set_gpu_wait(mode, SPIN_US)
    streams = [gpu.Stream() for _ in range(inflight)]
    x = gpu.ones(128, dtype=gpu.float32)
    outs = [gpu.zeros(128, dtype=gpu.float32) for _ in range(inflight)]
    count = [0]
    for i in range(inflight):  # warm every stream once
        ct.launch(streams[i], (1,), busy, (x, outs[i], 1))
        await streams[i].done()
    stop = time.perf_counter() + seconds

    async def worker(i):
        while time.perf_counter() < stop:
            ct.launch(streams[i], (1,), busy, (x, outs[i], 1))
            await streams[i].done()
            count[0] += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(worker(i) for i in range(inflight)))
    return count[0] / (time.perf_counter() - t0)


async def phase_throughput(ctx):
    say("\n| mode | 1 in flight (/s) | 8 in flight (/s) | 64 in flight (/s) |")
    say("|---|---|---|---|")
    for mode in MODES:
        rates = []
        for k in (1, 8, 64):
            at("throughput: %s, %d in flight" % (mode, k))
            rates.append(await throughput(mode, k, 0.3 if QUICK else 1.0))
        check(all(r > 0 for r in rates), "completions counted (%s)" % mode)
        say("| %s | %.0f | %.0f | %.0f |" % ((mode,) + tuple(rates)))


def calibrate(ctx):
    """Seconds per loop iteration of busy over ctx's blocks (a synchronize()d launch that
    lasts at least 5 ms), so the long kernels last what the checks need on any GPU."""
    if "per_iter" in ctx:
        return ctx["per_iter"]
    at("calibrating the busy kernel over %d blocks" % ctx["blocks"])
    s = gpu.Stream()
    x = gpu.ones(128 * ctx["blocks"], dtype=gpu.float32)
    o = gpu.zeros(128 * ctx["blocks"], dtype=gpu.float32)
    ct.launch(s, (ctx["blocks"],), busy, (x, o, 10))
    s.synchronize()
    n = 1000
    while True:
        t0 = time.perf_counter()
        ct.launch(s, (ctx["blocks"],), busy, (x, o, n))
        s.synchronize()
        dt = time.perf_counter() - t0
        if dt > 5e-3 or n >= 1 << 30:
            break
        n *= 4
    ctx["per_iter"] = dt / n
    say("busy: %.2f ns an iteration (%d iterations in %.2f ms)" % (dt / n * 1e9, n, dt * 1e3))
    return ctx["per_iter"]


def iters_for(ctx, seconds):
    if not ctx["on_gpu"]:
        return 1000  # the mock runs kernels in the interpreter: keep them short
    return max(1000, min(1 << 30, int(seconds / calibrate(ctx))))


async def overlap(mode, blocks, iters):
    _uv.set_gpu_wait(mode, SPIN_US)
    s1, s2 = gpu.Stream(), gpu.Stream()
    x = gpu.ones(128 * blocks, dtype=gpu.float32)
    o1 = gpu.zeros(128 * blocks, dtype=gpu.float32)
    o2 = gpu.zeros(128 * blocks, dtype=gpu.float32)
    ct.launch(s1, (blocks,), busy, (x, o1, 10))
    ct.launch(s2, (blocks,), busy, (x, o2, 10))
    await asyncio.gather(s1.done(), s2.done())
    t0 = time.perf_counter()
    ct.launch(s1, (blocks,), busy, (x, o1, iters))
    await s1.done()
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    ct.launch(s1, (blocks,), busy, (x, o1, iters))
    ct.launch(s2, (blocks,), busy, (x, o2, iters))
    await asyncio.gather(s1.done(), s2.done())
    both = time.perf_counter() - t0
    # the same two kernels one after the other on one stream (no overlap possible), and on
    # two streams waited for with synchronize() (the GPU's own overlap, no asyncio)
    t0 = time.perf_counter()
    ct.launch(s1, (blocks,), busy, (x, o1, iters))
    ct.launch(s1, (blocks,), busy, (x, o2, iters))
    await s1.done()
    serial = time.perf_counter() - t0
    t0 = time.perf_counter()
    ct.launch(s1, (blocks,), busy, (x, o1, iters))
    ct.launch(s2, (blocks,), busy, (x, o2, iters))
    s1.synchronize()
    s2.synchronize()
    synced = time.perf_counter() - t0
    check(o1.tolist()[:4] == o2.tolist()[:4], "overlap results equal (%s)" % mode)
    return one * 1e3, both * 1e3, serial * 1e3, synced * 1e3


async def phase_overlap(ctx):
    blocks, on_gpu = ctx["blocks"], ctx["on_gpu"]
    iters = iters_for(ctx, 0.02)  # each kernel about 20 ms
    say("\n| mode | one kernel (ms) | two streams, gather (ms) | two on one stream (ms) |"
        " two streams, synchronize (ms) | gather / one | gather / one stream |")
    say("|---|---|---|---|---|---|---|")
    for mode in MODES:
        at("overlap: %s, %d blocks x %d iterations" % (mode, blocks, iters))
        one, both, serial, synced = await overlap(mode, blocks, iters)
        say("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |"
            % (mode, one, both, serial, synced, both / one, both / serial))
        check(not on_gpu or both < 1.5 * one, "two half-idle streams overlap (%s: %.2f vs %.2f ms)"
              % (mode, both, one))
        check(not on_gpu or both < 0.8 * serial, "gather beats one stream (%s: %.2f vs %.2f ms)"
              % (mode, both, serial))


async def long_wait(mode, blocks, iters):
    # one long kernel awaited: wall time, and the process's CPU time meanwhile
    _uv.set_gpu_wait(mode, SPIN_US)
    s = gpu.Stream()
    x = gpu.ones(128 * blocks, dtype=gpu.float32)
    o = gpu.zeros(128 * blocks, dtype=gpu.float32)
    ct.launch(s, (blocks,), busy, (x, o, 10))
    await s.done()
    c0, t0 = time.process_time(), time.perf_counter()
    ct.launch(s, (blocks,), busy, (x, o, iters))
    await s.done()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    check(abs(o.tolist()[-1] - 1.0) < 1e-3, "long kernel result (%s)" % mode)  # 1 is fixed
    return wall * 1e3, cpu * 1e3


async def phase_longwait(ctx):
    blocks, on_gpu = ctx["blocks"], ctx["on_gpu"]
    iters = iters_for(ctx, 0.2)
    say("\n| mode | long wait (ms) | CPU meanwhile (ms) |")
    say("|---|---|---|")
    for mode in MODES:
        at("long wait: %s, %d iterations" % (mode, iters))
        wall, cpu = await long_wait(mode, blocks, iters)
        say("| %s | %.1f | %.1f |" % (mode, wall, cpu))
        if mode != "poll":
            check(not on_gpu or cpu < 0.25 * wall, "the loop sleeps through a long wait (%s: "
                  "%.1f ms CPU in %.1f ms)" % (mode, cpu, wall))


async def heartbeat():
    while True:
        await asyncio.sleep(2.0)
        say("[%.1f s] ... still in: %s; waits %s" % (time.perf_counter() - T0, step[0],
                                                    _uv.gpu_wait_info()))


async def guarded(name, coro, limit):
    """Runs one phase under its time limit; an overrun is reported, not waited out."""
    t0 = time.perf_counter()
    try:
        await asyncio.wait_for(coro, limit)
    except TimeoutError:
        what = "phase %s timed out after %.0f s in step '%s'; the loop still waits for %s" % (
            name, limit, step[0], _uv.gpu_wait_info())
        failed.append(what)
        say("PHASE TIMEOUT:", what)
        return
    say("[%.1f s] phase %s done in %.2f s" % (time.perf_counter() - T0, name,
                                              time.perf_counter() - t0))


async def main():
    phases = opt("--phase", ",".join(PHASES)).split(",")
    for p in phases:
        if p not in PHASES:
            raise SystemExit("unknown phase %r (phases: %s)" % (p, ", ".join(PHASES)))
    limit = float(opt("--limit", "20"))
    check(_uv.get_gpu_wait()[0] == "spin", "the default wait mode is spin")
    on_gpu = gpu.backend() == "cuda" and "mock" not in gpu.device()["name"]
    if not on_gpu:
        say("note: not on a GPU (KRAIT_DEVICE=cuda): figures mean nothing, overlap unchecked")
    sms = gpu.device().get("multiprocessors", 2)
    say("device:", gpu.device().get("name"), "SMs:", sms, "N =", N, "phases:", ",".join(phases))
    ctx = {"on_gpu": on_gpu, "blocks": max(1, sms // 2)}  # each launch fills half the SMs
    hb = asyncio.create_task(heartbeat())
    for p in phases:
        await guarded(p, globals()["phase_" + p](ctx), limit)
    hb.cancel()


asyncio.run(main())
if failed:
    say("FAILED:", len(failed), "checks")
    sys.exit(1)
say("all checks passed")
