# ct.reduce and ct.scan with a combining function (a lambda or a helper; associative and
# commutative, since the GPU combines in a tree); ct.cumsum/ct.cumprod forward and reversed.
import gpu
import tile as ct


def absmax(a, b):
    return ct.maximum(ct.abs(a), ct.abs(b))


@ct.kernel
def custom(x, out, idx):
    t = ct.load(x, (0, 0), (4, 8))
    ct.store(out, (0, 0), ct.reduce(t, 1, lambda a, b: a + b, 0).reshape((1, 4)))
    ct.store(out, (1, 0), ct.reduce(t, 1, lambda a, b: ct.maximum(a, b), -1000).reshape((1, 4)))
    ct.store(out, (2, 0), ct.reduce(t, 0, lambda a, b: a ^ b, 0, keepdims=True)
             .extract((0, 0), (1, 4)))
    ct.store(out, (3, 0), ct.reduce(t, 1, absmax, 0).reshape((1, 4)))
    ct.store(idx, (0,), ct.reduce(t, 1, lambda a, b: a | b, 0))


x = ((gpu.arange(32) * 7) % 10 - 3).reshape(4, 8).astype(gpu.int32)
out = gpu.zeros((4, 4), dtype=gpu.int32)
idx = gpu.zeros(4, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), custom, (x, out, idx))
print(x)
print(out)
print(idx)


@ct.kernel
def scans(x, out):
    t = ct.load(x, (0, 0), (2, 4))
    ct.store(out, (0, 0), ct.cumsum(t, 1))
    ct.store(out, (1, 0), ct.cumsum(t, 1, reverse=True))
    ct.store(out, (2, 0), ct.cumprod(t, 1))
    ct.store(out, (3, 0), ct.cumsum(t, 0))
    ct.store(out, (4, 0), ct.scan(t, 1, lambda a, b: ct.maximum(a, b), -100))
    ct.store(out, (5, 0), ct.scan(t, 1, lambda a, b: a * b, 1, reverse=True))


x = gpu.array([[3, -1, 4, 2], [-5, 9, 2, -6]], dtype=gpu.float32)
out = gpu.zeros((12, 4), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), scans, (x, out))
print(out)


@ct.kernel
def int_cumsum(x, out, T: ct.Constant[int]):
    # a running sum across tiles: each tile's cumsum plus the carry of the ones before
    carry = ct.zeros((1,), dtype=ct.int64)
    for i in range(ct.num_tiles(x, 0, (T,))):
        t = ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.ZERO).astype(ct.int64)
        c = ct.cumsum(t, 0) + carry
        ct.store(out, (i,), c)
        carry = ct.extract(c, (T - 1,), (1,))


x = (gpu.arange(1000) % 7).astype(gpu.int32)
out = gpu.zeros(1000, dtype=gpu.int64)
ct.launch(gpu.Stream.default, (1,), int_cumsum, (x, out, 64))
print(gpu.array_equal(out, x.cumsum()), out[-3:])
