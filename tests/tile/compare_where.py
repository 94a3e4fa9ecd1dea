# Comparisons give bool tiles; ct.where with tiles and scalars; ct.maximum/ct.minimum and
# Python's max/min on tiles (elementwise, as in cuTile's attention sample).
import gpu
import tile as ct


@ct.kernel
def cmp(x, y, out):
    a = ct.load(x, (0,), (8,))
    b = ct.load(y, (0,), (8,))
    ct.store(out, (0, 0), (a < b).reshape((1, 8)))
    ct.store(out, (1, 0), (a <= b).reshape((1, 8)))
    ct.store(out, (2, 0), (a > b).reshape((1, 8)))
    ct.store(out, (3, 0), (a >= b).reshape((1, 8)))
    ct.store(out, (4, 0), (a == b).reshape((1, 8)))
    ct.store(out, (5, 0), (a != b).reshape((1, 8)))
    ct.store(out, (6, 0), ((a > 0) & (b > 0)).reshape((1, 8)))
    ct.store(out, (7, 0), ((a > 0) | (b > 0)).reshape((1, 8)))
    ct.store(out, (8, 0), ((a > 0) ^ (b > 0)).reshape((1, 8)))
    ct.store(out, (9, 0), (a == 2.0).reshape((1, 8)))


x = gpu.array([1.0, 2.0, -3.0, 4.0, 2.0, -0.5, 0.0, 7.0], dtype=gpu.float32)
y = gpu.array([2.0, 2.0, -4.0, 5.0, 1.0, 0.5, 0.0, -7.0], dtype=gpu.float32)
out = gpu.zeros((10, 8), dtype=gpu.bool_)
ct.launch(gpu.Stream.default, (1,), cmp, (x, y, out))
print(out.astype(gpu.int32))


@ct.kernel
def selects(x, y, out, lo: float):
    a = ct.load(x, (0,), (8,))
    b = ct.load(y, (0,), (8,))
    ct.store(out, (0, 0), ct.where(a > b, a, b).reshape((1, 8)))
    ct.store(out, (1, 0), ct.where(a > 0, a, 0).reshape((1, 8)))
    ct.store(out, (2, 0), ct.where(a > 0, 1.0, -1.0 * b).reshape((1, 8)))
    ct.store(out, (3, 0), ct.maximum(a, b).reshape((1, 8)))
    ct.store(out, (4, 0), ct.minimum(a, lo).reshape((1, 8)))
    ct.store(out, (5, 0), max(a, b).reshape((1, 8)))
    ct.store(out, (6, 0), min(a, b, 1.0).reshape((1, 8)))


out = gpu.zeros((7, 8), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), selects, (x, y, out, -1.0))
print(out)


@ct.kernel
def int_where(x, out):
    t = ct.load(x, (0,), (8,))
    ct.store(out, (0,), ct.where(t % 2 == 0, t // 2, 3 * t + 1))


x = gpu.arange(8, dtype=gpu.int32) + 5
out = gpu.zeros(8, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), int_where, (x, out))
print(out)
