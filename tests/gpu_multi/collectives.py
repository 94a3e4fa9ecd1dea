# gpu.distributed.Communicator (docs/GPU.md "Several GPUs"): all_reduce, reduce, broadcast,
# all_gather, reduce_scatter and send over every device (the fake communicator on the CPU
# backend and the mock; NCCL on a GPU), every dtype NCCL reduces, views, awaiting the work,
# and bad input. Data are small integers, so every summation order gives the same numbers.
import asyncio

import numpy as np

from _multi_ref import KRAIT, Communicator, Device, check, dev, device_count, error

n = device_count()
comm = Communicator()
print("ranks", comm.size, comm.devices)
if KRAIT:
    check(comm.backend in ("fake", "nccl"), "backend")


def per_rank(shape, dt, scale=1):
    xs = []
    for i in range(n):
        with Device(i):
            xs.append(((np.arange(int(np.prod(shape))) % 5 + i + 1) * scale)
                      .reshape(shape).astype(dt))
    return xs


def same_everywhere(xs, what):
    for i, x in enumerate(xs):
        check(dev(x) == i, what + ": rank %d's device" % i)
        check(np.array_equal(np.asarray(x.tolist()), np.asarray(xs[0].tolist())),
              what + ": rank %d equals rank 0" % i)


DTYPES = ("int8", "uint8", "int32", "uint32", "int64", "uint64", "float16", "float32",
          "float64")
for dt in DTYPES:
    for op in ("sum", "prod", "max", "min") + (("avg",) if dt.startswith("float") else ()):
        xs = per_rank((3, 5), dt)
        r = comm.all_reduce(xs, op)
        same_everywhere(xs, "all_reduce %s %s" % (dt, op))
        print("all_reduce", dt, op, xs[0].dtype, xs[0][0].tolist(), xs[-1][2].tolist())
    xs = per_rank((7,), dt)
    comm.reduce(xs, root=n - 1)
    print("reduce", dt, xs[-1].tolist(), xs[0].tolist())

for dt in DTYPES + ("bool", "int16", "uint16"):
    xs = per_rank((2, 3), dt)
    comm.broadcast(xs, root=n - 1)
    same_everywhere(xs, "broadcast " + dt)
    print("broadcast", dt, xs[0].tolist())
    outs = comm.all_gather(per_rank((2, 3), dt))
    same_everywhere(outs, "all_gather " + dt)
    print("all_gather", dt, outs[0].shape, outs[-1][:, 0].tolist())

for dt in ("int32", "float32", "float64", "uint8"):
    outs = comm.reduce_scatter(per_rank((2 * n, 3), dt), "sum")
    for i, o in enumerate(outs):
        check(dev(o) == i, "reduce_scatter device")
    print("reduce_scatter", dt, [o.tolist() for o in outs])

# send: every rank to the last, a view, into out=
for i in range(n):
    with Device(i):
        x = np.arange(12, dtype=np.float32).reshape(3, 4) * (i + 1)
    y = comm.send(x[:, 1:3], n - 1)
    check(dev(y) == n - 1, "send lands on dst")
    print("send", i, y.tolist())
with Device(n - 1):
    out = np.zeros((3, 2), dtype=np.float32)
comm.send(x[:, :2], n - 1, out=out)
print("send out=", out.tolist())

# in place on views: the base arrays see the result
bases = []
views = []
for i in range(n):
    with Device(i):
        b = np.ones((4, 6)) * (i + 1)
    bases.append(b)
    views.append(b[::2, 1::2])
comm.all_reduce(views)
print("views", bases[0].tolist(), bases[-1][1].tolist())

# empty and 0-d arrays
xs = per_rank((0,), "float32")
comm.all_reduce(xs)
print("empty", [x.shape for x in xs])
xs = []
for i in range(n):
    with Device(i):
        xs.append(np.array(float(i + 1)))
comm.all_reduce(xs, "max")
print("0-d", [float(x) for x in xs], comm.all_gather(xs)[0].tolist())


# awaiting the work
async def main():
    xs = per_rank((1000,), "float64")
    comm.all_reduce(xs)
    await comm.done()
    print("awaited", float(xs[0].sum()), float(xs[-1][-1]))


asyncio.run(main())
comm.synchronize()

# a communicator of the devices in another order, and of one device
if n > 1:
    rev = Communicator(list(range(n))[::-1])
    xs = per_rank((2,), "int64")[::-1]
    rev.all_reduce(xs)
    print("reversed", rev.devices, xs[0].tolist())
one = Communicator([n - 1])
xs = per_rank((3,), "int32")[-1:]
one.all_reduce(xs)
print("one", one.size, xs[0].tolist())


error(lambda: comm.all_reduce(per_rank((3,), "bool")))
error(lambda: comm.all_reduce(per_rank((3,), "int16")))
error(lambda: comm.all_reduce(per_rank((3,), "int32"), "avg"))
error(lambda: comm.all_reduce(per_rank((3,), "float32"), "mean"))
error(lambda: comm.all_reduce(per_rank((3,), "float32")[:-1] + [np.zeros(2)]))
error(lambda: comm.all_reduce(per_rank((3,), "float32") + [np.zeros(3)]))
error(lambda: comm.reduce_scatter(per_rank((2 * n + 1, 2), "float32")))
error(lambda: Communicator([0, 0]))
error(lambda: Communicator([n]))
if n > 1:  # rank 1's array on device 0 (the reference's devices are all the host)
    try:
        comm.all_reduce([np.zeros(3) for _ in range(n)])
        ok = not KRAIT
    except ValueError as e:
        ok = "is on device 0" in str(e)
    print("wrong device raises", ok)
comm.close()
print("done")
