# ct.load at the edges: every ct.PaddingMode on a partial tile, scalar loads (shape=()),
# order="F" and permuted orders on 2-D and 3-D arrays, and loads from strided views.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def pad_modes(x, out, T: ConstInt):
    # row 0..4 of out: the last (partial) tile of x under five padding modes
    i = ct.num_tiles(x, 0, (T,)) - 1
    ct.store(out, (0, 0), ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.ZERO).reshape((1, T)))
    ct.store(out, (1, 0), ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.NEG_INF).reshape((1, T)))
    ct.store(out, (2, 0), ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.POS_INF).reshape((1, T)))
    ct.store(out, (3, 0), ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.NAN).reshape((1, T)))
    ct.store(out, (4, 0), ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.NEG_ZERO).reshape((1, T)))


x = gpu.arange(10, dtype=gpu.float32) + 1
out = gpu.zeros((5, 4), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), pad_modes, (x, out, 4))
print(out)
print(out[4].tolist())


@ct.kernel
def scalar_loads(x, out):
    # out[i] = x[i] * 10 + x[i + 1], one element at a time
    for i in range(x.shape[0] - 1):
        a = ct.load(x, (i,), shape=())
        b = ct.load(x, (i + 1,), shape=())
        ct.store(out, (i,), tile=a * 10 + b)


x = gpu.arange(8, dtype=gpu.int32)
out = gpu.zeros(8, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), scalar_loads, (x, out))
print(out)


@ct.kernel
def transposed(x, out, TM: ConstInt, TN: ConstInt):
    # out = x.T through order="F" loads: the tile (TN, TM) at (j, i) of x's reversed axes
    i = ct.bid(0)
    j = ct.bid(1)
    t = ct.load(x, (j, i), shape=(TN, TM), order="F", padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (j, i), t)


x = gpu.arange(6 * 10, dtype=gpu.float32).reshape(6, 10)
out = gpu.zeros((10, 6), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (ct.cdiv(6, 4), ct.cdiv(10, 4)), transposed, (x, out, 4, 4))
print(gpu.array_equal(out, x.T), out[-1])


@ct.kernel
def perm3(x, out):
    t = ct.load(x, (0, 0, 0), shape=(2, 4, 3), order=(0, 2, 1))
    ct.store(out, (0, 0, 0), t)


x = gpu.arange(24, dtype=gpu.int32).reshape(2, 3, 4)
out = gpu.zeros((2, 4, 3), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), perm3, (x, out))
print(gpu.array_equal(out, x.transpose(0, 2, 1)), out[1])


@ct.kernel
def copy_tiles(x, out, TM: ConstInt, TN: ConstInt):
    i = ct.bid(0)
    j = ct.bid(1)
    t = ct.load(x, (i, j), shape=(TM, TN), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (i, j), t)


# strided views: every other column, a transposed view, a reversed view
base = gpu.arange(9 * 14, dtype=gpu.float32).reshape(9, 14)
for view in (base[:, ::2], base.T, base[::-1], base[1:8:3, 2:13]):
    out = gpu.zeros(view.shape, dtype=gpu.float32)
    grid = (ct.cdiv(view.shape[0], 4), ct.cdiv(view.shape[1], 4))
    ct.launch(gpu.Stream.default, grid, copy_tiles, (view, out, 4, 4))
    print(view.shape, gpu.array_equal(out, view), out[-1, -3:])
