"""One-GPU (or more) checks of issue 17's NCCL path and devices (bench/gpu/multi/device_one.sh
runs it): the communicator of every device through NCCL against the fake one and NumPy on the
host, every collective and dtype, `with gpu.Device(0)`, copies, a bad ordinal, awaiting; then
the time of a 1 GB float32 all_reduce. Prints "ok ..." / "FAIL ..." lines; exit 1 on a
failure."""
import asyncio
import sys
import time

import gpu
import gpu.distributed as dist
import numpy as np

fails = 0


def h(x):
    """x on device 0 as float64 (the host's comparisons run there)."""
    return x.to(0).astype(np.float64)


def check(cond, what):
    global fails
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        fails += 1


n = gpu.device_count()
print("devices", n, gpu.device()["name"])
ok, why = gpu._nccl_status()
print("nccl", ok, why)
check(ok, "NCCL loads (KRAIT_NCCL or the toolkit's libnccl.so.2)")
with gpu.Device(0) as d:
    a = np.arange(1 << 20, dtype=np.float32)
    check(a.device == d and gpu.Device() == d, "arrays made under gpu.Device(0) live there")
b = a.to(0)
check(b is a, "a.to(own device) is the array")
c = np.asarray(a[::3], device=0)
check(float(c[-1]) == float(a[::3][-1]), "asarray(view, device=0)")
try:
    gpu.Device(n)
    check(False, "gpu.Device(count) raises")
except ValueError as e:
    check("there " in str(e), "gpu.Device(count) raises: " + str(e))

comms = [dist.Communicator(backend="fake")]
if ok:
    comms.append(dist.Communicator(backend="nccl"))
ALL = ("float32", "float16", "bfloat16", "float64", "int32", "int64", "uint8", "int8")
for comm in comms:
    for dt in ALL if comm.backend == "nccl" else ("float32", "int64"):
        base = [((np.arange(4096) % 13) + i).astype(dt) for i in range(n)]
        wide = np.float64 if dt[0] in "fb" else np.int64  # ints wrap as NCCL's do
        host = [x.astype(wide) for x in base]
        ops = ("sum", "max", "min") + (("prod",) if dt in ("int64", "float64") else ()) + \
            (("avg",) if dt[0] in "fb" else ())
        for op in ops:
            xs = [np.asarray(x, device=i).copy() for i, x in enumerate(base)]
            comm.all_reduce(xs, op)
            ref = {"sum": sum(host), "max": np.maximum.reduce(host), "min": np.minimum.reduce(host),
                   "prod": np.prod(np.stack(host), axis=0), "avg": sum(host) / n}[op]
            ref = ref.astype(dt).astype(np.float64)
            good = all(np.array_equal(h(x), ref) for x in xs)
            check(good, "%s all_reduce %s %s" % (comm.backend, dt, op))
        outs = comm.all_gather([np.asarray(x, device=i) for i, x in enumerate(base)])
        check(all(np.array_equal(h(o), np.concatenate(host).astype(np.float64)) for o in outs),
              "%s all_gather %s" % (comm.backend, dt))
        xs = [np.asarray(x, device=i).copy() for i, x in enumerate(base)]
        comm.broadcast(xs, root=n - 1)
        check(all(np.array_equal(h(x), h(base[-1])) for x in xs),
              "%s broadcast %s" % (comm.backend, dt))
        rs = comm.reduce_scatter([np.asarray(np.tile(x, n), device=i) for i, x in enumerate(base)])
        check(all(np.array_equal(h(r), sum(host).astype(dt).astype(np.float64)) for r in rs),
              "%s reduce_scatter %s" % (comm.backend, dt))
    y = comm.send(np.asarray(np.arange(10.0), device=0)[::2], n - 1)
    check(y.tolist() == [0.0, 2.0, 4.0, 6.0, 8.0] and y.device.id == n - 1,
          "%s send (a view)" % comm.backend)

    async def wait(comm=comm):
        xs = [np.asarray(np.ones(1 << 22, dtype=np.float32), device=i) for i in range(n)]
        comm.all_reduce(xs)
        await comm.done()
        return float(xs[0][-1])

    check(asyncio.run(wait()) == float(n), "%s await comm.done()" % comm.backend)

# the 1 GB float32 all_reduce (bus bandwidth: algbw * 2 (n - 1) / n, nccl-tests' convention)
if ok:
    comm = comms[-1]
    xs = [np.asarray(np.ones(1 << 28, dtype=np.float32), device=i) for i in range(n)]
    comm.all_reduce(xs)
    comm.synchronize()
    t = time.perf_counter()
    reps = 5
    for _ in range(reps):
        comm.all_reduce(xs)
    comm.synchronize()
    dt = (time.perf_counter() - t) / reps
    algbw = (1 << 30) / dt / 1e9
    print("all_reduce 1 GB float32 over %d GPU(s): %.3f ms, algbw %.1f GB/s, busbw %.1f GB/s"
          % (n, dt * 1e3, algbw, algbw * 2 * (n - 1) / n))
    check(float(xs[0][0]) == float(n ** 6), "the timed all_reduces' result (n^6)")
print("failures", fails)
sys.exit(1 if fails else 0)
