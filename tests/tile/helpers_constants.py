# Helper functions called from kernels are inlined (returning tuples, calling each other,
# taking tiles, arrays and constants); module-level constants and ct.Constant parameters
# fold at compile time; a kernel is specialized per distinct constant and dtype.
import math

import gpu
import tile as ct

SCALE = 1.0 / math.log(2)
OFFSET = 3


def row_col(i, n):
    return i // n, i % n


def scaled(t, factor):
    return t * factor + OFFSET


def load_row(a, r, T):
    return ct.load(a, (r, 0), (1, T)).reshape((T,))


@ct.kernel
def use_helpers(a, out, N: ct.Constant[int], T: ct.Constant[int]):
    b = ct.bid(0)
    r, c = row_col(b, N)
    row = load_row(a, r, T)
    ct.store(out, (b, 0), scaled(row, c + 1).reshape((1, T)))


a = gpu.arange(12, dtype=gpu.float32).reshape(3, 4)
out = gpu.zeros((6, 4), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (6,), use_helpers, (a, out, 2, 4))
print(out)


@ct.kernel
def consts(out, K: ct.Constant[int], MODE: ct.Constant[int], FLAG: ct.Constant[bool]):
    t = ct.arange(4, dtype=ct.float32)
    if MODE == 0:
        t = t * 2
    elif MODE == 1:
        t = t * SCALE
    if FLAG and K > 2:
        t = t + K
    ct.store(out, (0,), t)


for k, mode, flag in ((1, 0, True), (5, 0, True), (5, 1, False), (3, 2, True)):
    out = gpu.zeros(4, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (1,), consts, (out, k, mode, flag))
    print(k, mode, flag, out.round(4))


@ct.kernel
def generic_add(x, y, out):
    # one kernel, specialized for each dtype it is launched with
    t = ct.load(x, (0,), (4,)) + ct.load(y, (0,), (4,))
    ct.store(out, (0,), t.astype(out.dtype))


for dt in (gpu.int32, gpu.float32, gpu.float16, gpu.int8):
    x = gpu.arange(4).astype(dt)
    out = gpu.zeros(4, dtype=dt)
    ct.launch(gpu.Stream.default, (1,), generic_add, (x, x, out))
    print(out.dtype, out)


@ct.kernel
def shape_consts(x, out):
    t = ct.load(x, (0, 0), (2, 4))
    ct.static_assert(t.shape == (2, 4))
    ct.static_assert(t.ndim == 2 and t.dtype == x.dtype, "dtype")
    n = t.shape[0] * t.shape[1]
    ct.store(out, (0,), ct.sum(t) / n)


x = gpu.arange(8, dtype=gpu.float32).reshape(2, 4)
out = gpu.zeros(1, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), shape_consts, (x, out))
print(out)
