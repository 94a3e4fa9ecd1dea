# Tile shapes that are not powers of two (cuTile requires powers of two; krait accepts any
# positive size and masks the remainder): 2-D loads and stores of (3, 5) tiles, reductions,
# an mma of (12, 6) x (6, 20), arange and cat of odd lengths, a softmax over 100 columns.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def copy_scale(x, out, TM: ConstInt, TN: ConstInt):
    i = ct.bid(0)
    j = ct.bid(1)
    t = ct.load(x, (i, j), (TM, TN), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (i, j), t * 3 - ct.sum(t, axis=1, keepdims=True) * 0)


x = gpu.arange(11 * 13, dtype=gpu.float32).reshape(11, 13)
out = gpu.zeros((11, 13), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (ct.cdiv(11, 3), ct.cdiv(13, 5)), copy_scale, (x, out, 3, 5))
print(gpu.array_equal(out, x * 3), out[-1, -3:])


@ct.kernel
def odd_reduce(x, out):
    t = ct.load(x, (0, 0), (3, 7))
    ct.store(out, (0, 0), ct.sum(t, axis=1).reshape((1, 3)))
    ct.store(out, (1, 0), ct.max(t, axis=1).reshape((1, 3)))
    ct.store(out, (2, 0), ct.argmin(t, axis=1).astype(ct.float32).reshape((1, 3)))


x = ((gpu.arange(21) * 5) % 9 - 4).reshape(3, 7).astype(gpu.float32)
out = gpu.zeros((3, 3), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), odd_reduce, (x, out))
print(out)


@ct.kernel
def odd_mma(a, b, c):
    x = ct.load(a, (0, 0), (12, 6))
    y = ct.load(b, (0, 0), (6, 20))
    ct.store(c, (0, 0), ct.mma(x, y, ct.zeros((12, 20), dtype=ct.float32)))


a = (gpu.arange(72) % 5 - 2).reshape(12, 6).astype(gpu.float16)
b = (gpu.arange(120) % 7 - 3).reshape(6, 20).astype(gpu.float16)
c = gpu.zeros((12, 20), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), odd_mma, (a, b, c))
print(gpu.array_equal(c, a.astype(gpu.float32) @ b.astype(gpu.float32)), c[11, :5])


@ct.kernel
def odd_cat(out):
    a = ct.arange(3, dtype=ct.int32)
    b = ct.arange(5, dtype=ct.int32, start=10)
    ct.store(out, (0,), ct.cat((a, b), 0))


out = gpu.zeros(8, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), odd_cat, (out,))
print(out)


@ct.kernel
def softmax_rows(x, y, N: ConstInt):
    row = ct.load(x, (ct.bid(0), 0), (1, N))
    e = ct.exp(row - ct.max(row, axis=1, keepdims=True))
    ct.store(y, (ct.bid(0), 0), e / ct.sum(e, axis=1, keepdims=True))


x = ((gpu.arange(700) * 37 % 100) / 25.0).reshape(7, 100).astype(gpu.float32)
y = gpu.zeros_like(x)
ct.launch(gpu.Stream.default, (7,), softmax_rows, (x, y, 100))
e = gpu.exp(x - x.max(axis=1, keepdims=True))
print(bool(gpu.allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)))
