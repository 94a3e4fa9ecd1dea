# Integer arithmetic: ints wrap at their width, // and % round toward negative infinity
# (Python's rule, cuTile's too), shifts, bitwise operators, unsigned types, int64.
import gpu
import tile as ct


@ct.kernel
def int_ops(x, y, out):
    a = ct.load(x, (0,), (8,))
    b = ct.load(y, (0,), (8,))
    ct.store(out, (0, 0), (a // b).reshape((1, 8)))
    ct.store(out, (1, 0), (a % b).reshape((1, 8)))
    ct.store(out, (2, 0), (a * b).reshape((1, 8)))
    ct.store(out, (3, 0), (a & b).reshape((1, 8)))
    ct.store(out, (4, 0), (a | b).reshape((1, 8)))
    ct.store(out, (5, 0), (a ^ b).reshape((1, 8)))
    ct.store(out, (6, 0), (~a).reshape((1, 8)))
    ct.store(out, (7, 0), (a << 2).reshape((1, 8)))
    ct.store(out, (8, 0), (a >> 1).reshape((1, 8)))
    ct.store(out, (9, 0), ct.cdiv(a, 3).reshape((1, 8)))
    ct.store(out, (10, 0), ct.abs(a).reshape((1, 8)))


xs = [-7, -6, -1, 0, 1, 5, 7, 100]
ys = [2, -4, 3, 5, -3, 3, -2, 7]
for dt in (gpu.int32, gpu.int64, gpu.int16, gpu.int8):
    x = gpu.array(xs, dtype=dt)
    y = gpu.array(ys, dtype=dt)
    out = gpu.zeros((11, 8), dtype=dt)
    ct.launch(gpu.Stream.default, (1,), int_ops, (x, y, out))
    print(out.dtype)
    print(out)


@ct.kernel
def wraps(x8, x32, u8, u32, out8, out32, outu8, outu32):
    ct.store(out8, (0,), ct.load(x8, (0,), (4,)) * 3 + 100)
    ct.store(out32, (0,), ct.load(x32, (0,), (4,)) * 65536)
    ct.store(outu8, (0,), ct.load(u8, (0,), (4,)) - 10)
    ct.store(outu32, (0,), ct.load(u32, (0,), (4,)) * 3)


x8 = gpu.array([10, 50, 100, -100], dtype=gpu.int8)
x32 = gpu.array([1, 40000, -40000, 32768], dtype=gpu.int32)
u8 = gpu.array([0, 5, 10, 255], dtype=gpu.uint8)
u32 = gpu.array([1, 2000000000, 4000000000, 7], dtype=gpu.uint32)
outs = [gpu.zeros(4, dtype=d) for d in (gpu.int8, gpu.int32, gpu.uint8, gpu.uint32)]
ct.launch(gpu.Stream.default, (1,), wraps, (x8, x32, u8, u32, *outs))
for o in outs:
    print(o.dtype, o)


@ct.kernel
def scalar_math(out, n):
    # scalar arithmetic on run-time ints (int32) and Python constants
    b = ct.bid(0)
    q = (n * 7 + b) // 4
    r = (n - 100) % 7
    ct.store(out, (b * 3,), q)
    ct.store(out, (b * 3 + 1,), r)
    ct.store(out, (b * 3 + 2,), min(q, r * 10) + max(b, 1))


out = gpu.zeros(9, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (3,), scalar_math, (out, 13))
print(out)
