# VectorAddition with ct.gather/ct.scatter (the samples' robust variant): index tiles built
# from ct.arange, broadcast to 2-D with [:, None] / [None, :]; out-of-bounds elements are
# neither read nor written, so odd sizes need no padding.
import gpu
import cuda.tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def vec_add_kernel_1d_gather(a, b, c, TILE: ConstInt):
    bid = ct.bid(0)
    indices = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    a_tile = ct.gather(a, indices)
    b_tile = ct.gather(b, indices)
    ct.scatter(c, indices, a_tile + b_tile)


@ct.kernel
def vec_add_kernel_2d_gather(a, b, c, TILE_X: ConstInt, TILE_Y: ConstInt):
    bid_x = ct.bid(0)
    bid_y = ct.bid(1)
    x = bid_x * TILE_X + ct.arange(TILE_X, dtype=ct.int32)
    y = bid_y * TILE_Y + ct.arange(TILE_Y, dtype=ct.int32)
    x = x[:, None]
    y = y[None, :]
    a_tile = ct.gather(a, (x, y))
    b_tile = ct.gather(b, (x, y))
    ct.scatter(c, (x, y), a_tile + b_tile)


for n in (5, 128, 1001, 2049):
    a = gpu.arange(n, dtype=gpu.float32)
    b = gpu.full((n,), 0.25, dtype=gpu.float32)
    c = gpu.full((n,), -1.0, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (ct.cdiv(n, 256), 1, 1), vec_add_kernel_1d_gather, (a, b, c, 256))
    print(n, gpu.array_equal(c, a + b), c[-2:])

for shape, tx, ty in (((20, 10), 8, 16), ((200, 100), 4, 32), ((7, 3), 4, 4)):
    a = gpu.arange(shape[0] * shape[1], dtype=gpu.float32).reshape(shape)
    b = a * 2
    c = gpu.zeros(shape, dtype=gpu.float32)
    grid = (ct.cdiv(shape[0], tx), ct.cdiv(shape[1], ty), 1)
    ct.launch(gpu.Stream.default, grid, vec_add_kernel_2d_gather, (a, b, c, tx, ty))
    print(shape, gpu.array_equal(c, 3 * a), c[-1, -2:])

# int16 and bfloat16 elements go through the same kernels
for dt in (gpu.int16, gpu.bfloat16):
    a = (gpu.arange(70) % 9).astype(dt)
    c = gpu.zeros_like(a)
    ct.launch(gpu.Stream.default, (3,), vec_add_kernel_1d_gather, (a, a, c, 32))
    print(c.dtype, c.astype(gpu.float32)[:10], c.astype(gpu.float32)[-3:])
