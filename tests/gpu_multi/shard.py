# gpu.distributed.shard (docs/GPU.md "Several GPUs"): an array split along axis 0 over the
# devices, elementwise work with scalars, row-broadcast arrays and same-split shards,
# reductions over all / axis 0 / the other axes, x @ w, map, gather; odd row counts, more
# devices than rows, integer and float dtypes, and bad input. Data are small integers (sums
# exact in any order), so the reference is NumPy on the whole array.
import numpy as np

from _multi_ref import KRAIT, check, device_count, error, gathered, shard

n = device_count()

for rows, dt in ((10, "float64"), (7, "float32"), (3, "int64"), (1, "int32"), (13, "uint8")):
    a = (np.arange(rows * 4) % 9).reshape(rows, 4).astype(dt)
    x = shard(a)
    if KRAIT:
        want = [rows // n + (1 if i < rows % n else 0) for i in range(n)]
        check([s.shape[0] for s in x.shards] == want, "rows per shard")
        check([s.device.id for s in x.shards] == list(range(n)), "shard devices")
    print(rows, dt, x.shape, x.dtype, len(x))
    y = (x * 2 + 1) - x
    print(" elementwise", gathered(y).tolist())
    w = np.arange(4).astype(dt)
    print(" row operand", gathered(x + w)[-1].tolist(), gathered(x * x)[0].tolist())
    print(" sum", x.sum(), x.max(), x.min(), x.sum(axis=0).tolist(), x.max(axis=0).tolist())
    print(" axis 1", gathered(x.sum(axis=1)).tolist(), gathered(x.min(axis=-1)).tolist())
    print(" mean", x.mean(), x.mean(axis=0).tolist())
    print(" compare", gathered(x > 4).sum(), gathered(abs(-x)).sum())
    print(" astype", gathered(x.astype("float32") / 2)[0].tolist())
    m = x.astype("float64") @ np.ones((4, 3))
    print(" matmul", m.shape, gathered(m)[:, 0].tolist())
    print(" map", gathered(x.map(np.sqrt)).round(3)[-1].tolist())

# a pipeline on float32: (x - mean)^2 summed, over shards of a 1-D array
v = np.arange(1000).astype(np.float32) % 7
s = shard(v)
centered = s - 3
print("pipeline", float((centered * centered).sum()), float(s.sum()), gathered(s).shape)

# explicit devices, on the last device only
t = shard(np.arange(6.0).reshape(3, 2), [n - 1])
if KRAIT:
    check(t.shards[0].device.id == n - 1, "one-device mesh")
print("one device", gathered(t).tolist(), t.sum())


error(lambda: shard(np.float64(1.0)))
error(lambda: shard(np.arange(4.0), [n]))
if KRAIT:
    error(lambda: shard(np.arange(4.0)) + np.arange(4.0))  # an operand with a first axis
    error(lambda: shard(np.arange(4.0), [0]) + shard(np.arange(4.0), [n - 1]) if n > 1
          else (_ for _ in ()).throw(ValueError()))
else:
    print("ValueError")
    print("ValueError")
print("done")
