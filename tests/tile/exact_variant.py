# Loads and stores whose arrays the tiles divide, beside the same kernels on arrays they do
# not: on a GPU the first run the exact variant of a kernel (one bounds test per tile, no
# test per element: docs/TILES.md, "Two variants of a kernel"), the others the general one;
# both must give the same results. Strided and unaligned views, other dtypes, order="F",
# 3-D permuted orders, tiles wholly outside the array (padding, no store), empty arrays and
# two tile extents along one axis (the array must be a multiple of both).
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def add_one(x, out, TM: ConstInt, TN: ConstInt):
    i = ct.bid(0)
    j = ct.bid(1)
    t = ct.load(x, (i, j), shape=(TM, TN), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (i, j), t + 1)


def run_add_one(x, TM, TN):
    out = gpu.zeros(x.shape, dtype=x.dtype)
    grid = (max(1, ct.cdiv(x.shape[0], TM)), max(1, ct.cdiv(x.shape[1], TN)), 1)
    ct.launch(gpu.Stream.default, grid, add_one, (x, out, TM, TN))
    return out


def data(shape, dtype, seed=7):
    n = 1
    for s in shape:
        n *= s
    return ((gpu.arange(n) * seed % 97) - 40).astype(dtype).reshape(shape)


for shape in ((64, 128), (65, 128), (64, 130), (0, 128), (32, 32)):
    x = data(shape, gpu.float32)
    print("float32", shape, bool(gpu.array_equal(run_add_one(x, 32, 32), x + 1)))
for name, dtype in (("float16", gpu.float16), ("int8", gpu.int8), ("float64", gpu.float64),
                    ("int64", gpu.int64), ("bfloat16", gpu.bfloat16)):
    for shape in ((64, 64), (48, 40)):
        x = data(shape, dtype)
        out = run_add_one(x, 16, 32)
        print(name, shape, bool(gpu.array_equal(out, x + 1)), out[-1, -3:].tolist())

base = data((64, 130), gpu.float32, 11)
for name, view in (("columns step 2", base[:, ::2]), ("offset by one column", base[:, 1:129]),
                   ("offset by two rows", base[2:, :128]), ("transposed", base[:64, :64].T),
                   ("rows of a wider array", data((68, 132), gpu.float32, 5)[4:, 2:130]),
                   ("aligned rows of a wider array", data((68, 132), gpu.float32, 5)[4:, 4:132])):
    print(name, view.shape, bool(gpu.array_equal(run_add_one(view, 16, 32), view + 1)))


@ct.kernel
def transpose_f(x, out, TM: ConstInt, TN: ConstInt):
    i = ct.bid(0)
    j = ct.bid(1)
    t = ct.load(x, (j, i), shape=(TN, TM), order="F")
    ct.store(out, (j, i), t)


for shape in ((64, 32), (60, 36)):
    x = data(shape, gpu.int32)
    out = gpu.zeros((shape[1], shape[0]), dtype=gpu.int32)
    ct.launch(gpu.Stream.default, (ct.cdiv(shape[0], 16), ct.cdiv(shape[1], 16)), transpose_f,
              (x, out, 16, 16))
    print("order F", shape, bool(gpu.array_equal(out, x.T)))


@ct.kernel
def perm3(x, out):
    b = ct.bid(0)
    t = ct.load(x, (b, 0, 0), shape=(2, 8, 4), order=(0, 2, 1))
    ct.store(out, (b, 0, 0), t * 2)


for shape in ((4, 4, 8), (3, 4, 8), (4, 3, 8)):
    x = data(shape, gpu.float32)
    out = gpu.zeros((shape[0], 8, 4), dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (ct.cdiv(shape[0], 2),), perm3, (x, out))
    want = x.transpose(0, 2, 1) * 2
    print("perm3", shape, bool(gpu.array_equal(out[:, :shape[2], :shape[1]], want)))


@ct.kernel
def outside(x, out, out2, T: ConstInt):
    # block b reads tile b + 1 (the last block's tile is wholly outside: padding, here 0,
    # which x does not hold) and writes tile b of out and tile b + 2 of out2 (the last two
    # blocks' tile of out2 is outside: dropped)
    b = ct.bid(0)
    t = ct.load(x, (b + 1,), shape=(T,), padding_mode=ct.PaddingMode.ZERO)
    t = ct.where(t == 0, -1.0, t)
    ct.store(out, (b,), t)
    ct.store(out2, (b + 2,), t * 0 + 5)


for n in (64, 60):
    x = data((n,), gpu.float32) + 100
    out = gpu.zeros(n, dtype=gpu.float32)
    out2 = gpu.zeros(n, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (ct.cdiv(n, 16),), outside, (x, out, out2, 16))
    print("outside", n, out.tolist()[:4], out.tolist()[-20:], out2.tolist()[::4])


@ct.kernel
def two_extents(x, out, T: ConstInt):
    # x is read in tiles of T and of 2 * T along its only axis
    b = ct.bid(0)
    small = ct.load(x, (2 * b,), shape=(T,))
    big = ct.load(x, (b,), shape=(2 * T,))
    ct.store(out, (b,), big + ct.cat((small, small), 0))


for n in (128, 96, 100):
    x = data((n,), gpu.int32)
    out = gpu.zeros(n, dtype=gpu.int32)
    ct.launch(gpu.Stream.default, (ct.cdiv(n, 64),), two_extents, (x, out, 32))
    print("two extents", n, out.tolist()[-6:], int(out.sum()))
