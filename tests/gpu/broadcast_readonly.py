# np.broadcast_to returns a read-only view (stride 0 along the repeated axes, sharing the
# source's memory) and every write into a read-only array raises NumPy's ValueError:
# item and slice assignment, out=, in-place operators, fill, sort, copyto, put, place;
# views inherit the flag; a.flags.writeable / setflags change it; every dtype, odd shapes.
import numpy as np
from _check import t


x = np.arange(3.0)
b = np.broadcast_to(x, (4, 3))
print(b, b.shape, b.strides, b.flags.writeable, b.base is not None, b.flags.owndata)
print(np.shares_memory(b, x) if hasattr(np, "shares_memory") else True)
x[1] = 10  # the view sees the source's writes
print(b[:, 1], b.sum(), (b * 2)[3], b.T.shape, b.T.strides, b[1:3, ::2])
c = np.broadcast_to(np.arange(4).reshape(4, 1), (2, 4, 5))
print(c.strides, c[1, 2], c.sum(axis=0)[3], c.mean(), c.reshape(-1)[:7], c.copy().flags.writeable)
for dt in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
           np.uint64, np.float16, np.float32, np.float64):
    v = np.broadcast_to(np.array([1, 0, 1], dtype=dt), (2, 3))
    print(np.dtype(dt).name, v.dtype, v.strides, v.tolist(), v.flags.writeable, (v + v)[1])
print(np.broadcast_to(5, (2, 3)), np.broadcast_to(np.float32(2), ()).shape,
      np.broadcast_to(x, (0, 3)).shape, np.broadcast_to(np.ones((1, 1)), (3, 1, 2)).strides)
# writes raise
t("setitem", lambda: b.__setitem__(0, 1))
t("setitem slice", lambda: b.__setitem__((slice(None), 1), 1))
t("setitem mask", lambda: b.__setitem__(b > 1, 0))
t("setitem fancy", lambda: b.__setitem__([0, 2], 0))
t("fill", lambda: b.fill(0))
t("sort", lambda: b.sort())
t("out", lambda: np.add(b, 1, out=b))
t("out unary", lambda: np.negative(x[:3], out=b[0]))
t("out reduce", lambda: np.sum(np.ones((2, 3)), axis=0, out=b[0]))
def iadd(v, k):
    v += k
    return v


def imul(v, k):
    v *= k
    return v


t("iadd", lambda: iadd(b, 1))
t("imul view", lambda: imul(b[1], 2))
t("copyto", lambda: np.copyto(b, 1))
t("put", lambda: np.put(b, [0], [5]))
t("place", lambda: np.place(b, b > 0, [7]))
t("putmask", lambda: np.putmask(b, b > 0, 1))
t("view of view", lambda: b[1:].T.__setitem__(0, 3))
print(x)
# the flag
y = np.arange(6).reshape(2, 3)
y.flags.writeable = False
t("flag set", lambda: y.__setitem__(0, 1))
print(y.flags.writeable, y[0].flags.writeable, y.flags["WRITEABLE"], y.flags["W"])
w = y[1]
t("view of ro", lambda: w.setflags(write=True))
y.setflags(write=True)
y[0, 0] = 100
print(y, w.flags.writeable, y.copy().flags.writeable)
y.flags["WRITEABLE"] = False
t("flag item", lambda: iadd(y, 1))
b.flags.writeable = True  # its source is writeable, as NumPy allows
print(b.flags.writeable)
z = np.zeros(3)
z.setflags(write=False)
print((z + 1).flags.writeable, np.asarray(z) is z, np.array(z).flags.writeable, -z)
t("setflags uic", lambda: z.setflags(uic=True))
# broadcast_arrays: read-only views here (NumPy: writeable views that warn on a write)
p, q = np.broadcast_arrays(np.arange(3), np.zeros((2, 1)))
print(p.shape, q.shape, p.strides, q.strides, p.tolist(), q.tolist())
t("bad shape", lambda: np.broadcast_to(x, (2, 4)))
t("fewer dims", lambda: np.broadcast_to(np.ones((2, 3)), (3,)))
t("neg shape", lambda: np.broadcast_to(x, (-1, 3)))
# views of pending results (CUDA: lazy expressions) and fused work over them
x = np.arange(3.0) * 2 + 1
b = np.broadcast_to(x, (2, 3))
c = b + 1
x[0] = 50
print(b, c, (b * x).sum(), np.broadcast_to(x[:, None] * 3, (3, 4)).sum(axis=1))
y = np.ones((4, 1), np.float32) * 3
z = np.broadcast_to(y, (4, 5)) - np.arange(5, dtype=np.float32)
print(z.sum(), np.broadcast_to(y, (2, 4, 5)).mean(axis=(0, 2)))
