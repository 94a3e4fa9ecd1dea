# Vector and matrix addition in the idioms of cuTile's VectorAddition sample: direct tiled
# loads/stores, and gather/scatter with index tiles for sizes the tile does not divide.
# Runs on the GPU, or on the CPU with KRAIT_DEVICE=cpu; checks itself against NumPy names.
import math

import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def vec_add_kernel_1d(a, b, c, TILE: ConstInt):
    bid = ct.bid(0)
    a_tile = ct.load(a, index=(bid,), shape=(TILE,))
    b_tile = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=a_tile + b_tile)


@ct.kernel
def vec_add_kernel_2d(a, b, c, TILE_X: ConstInt, TILE_Y: ConstInt):
    bid_x = ct.bid(0)
    bid_y = ct.bid(1)
    a_tile = ct.load(a, index=(bid_x, bid_y), shape=(TILE_X, TILE_Y))
    b_tile = ct.load(b, index=(bid_x, bid_y), shape=(TILE_X, TILE_Y))
    ct.store(c, index=(bid_x, bid_y), tile=a_tile + b_tile)


@ct.kernel
def vec_add_kernel_1d_gather(a, b, c, TILE: ConstInt):
    bid = ct.bid(0)
    indices = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    ct.scatter(c, indices, ct.gather(a, indices) + ct.gather(b, indices))


@ct.kernel
def vec_add_kernel_2d_gather(a, b, c, TILE_X: ConstInt, TILE_Y: ConstInt):
    x = ct.bid(0) * TILE_X + ct.arange(TILE_X, dtype=ct.int32)
    y = ct.bid(1) * TILE_Y + ct.arange(TILE_Y, dtype=ct.int32)
    x = x[:, None]
    y = y[None, :]
    ct.scatter(c, (x, y), ct.gather(a, (x, y)) + ct.gather(b, (x, y)))


def vec_add(a, b, use_gather=False):
    if a.shape != b.shape:
        raise ValueError("Input tensors must have the same shape.")
    c = gpu.empty_like(a)
    if a.ndim == 1:
        TILE = min(1024, 2 ** math.ceil(math.log2(a.shape[0])))
        grid = (math.ceil(a.shape[0] / TILE), 1, 1)
        kernel = vec_add_kernel_1d_gather if use_gather else vec_add_kernel_1d
        ct.launch(gpu.Stream.default, grid, kernel, (a, b, c, TILE))
    else:
        TILE_Y = min(1024, 2 ** math.ceil(math.log2(a.shape[1])))
        TILE_X = max(1, 1024 // TILE_Y)
        grid = (math.ceil(a.shape[0] / TILE_X), math.ceil(a.shape[1] / TILE_Y), 1)
        kernel = vec_add_kernel_2d_gather if use_gather else vec_add_kernel_2d
        ct.launch(gpu.Stream.default, grid, kernel, (a, b, c, TILE_X, TILE_Y))
    return c


def data(shape, seed):
    n = 1
    for s in shape:
        n *= s
    return ((gpu.arange(n) * seed % 1000) * 0.25 - 125.0).astype(gpu.float32).reshape(shape)


print("--- cuTile-style vector/matrix addition ---")
for shape, gather in (((100000,), False), ((100001,), True), ((256, 512), False),
                      ((200, 100), True)):
    a, b = data(shape, 7919), data(shape, 104729)
    c = vec_add(a, b, use_gather=gather)
    print("shape", shape, "gather" if gather else "tiled", "correct:",
          bool(gpu.array_equal(c, a + b)), "last:", c.reshape(-1)[-3:].tolist())
