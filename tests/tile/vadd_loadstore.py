# VectorAddition with ct.load/ct.store (cuTile's samples idiom): 1-D and 2-D, sizes that are
# multiples of the tile and sizes that leave a partial tile at the edge, several dtypes.
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


def vec_add(a, b):
    c = gpu.zeros_like(a)
    if a.ndim == 1:
        TILE = min(1024, 2 ** math.ceil(math.log2(a.shape[0])))
        grid = (math.ceil(a.shape[0] / TILE), 1, 1)
        ct.launch(gpu.Stream.default, grid, vec_add_kernel_1d, (a, b, c, TILE))
    else:
        TILE_Y = min(1024, 2 ** math.ceil(math.log2(a.shape[1])))
        TILE_X = max(1, 1024 // TILE_Y)
        grid = (math.ceil(a.shape[0] / TILE_X), math.ceil(a.shape[1] / TILE_Y), 1)
        ct.launch(gpu.Stream.default, grid, vec_add_kernel_2d, (a, b, c, TILE_X, TILE_Y))
    return c


for n in (1, 7, 1024, 1000, 3000, 4096):
    a = gpu.arange(n, dtype=gpu.float32) * 0.5
    b = (gpu.arange(n, dtype=gpu.float32) % 13) - 6
    c = vec_add(a, b)
    print(n, c.dtype, gpu.array_equal(c, a + b), c[:3], c[-2:])

for shape in ((4, 5), (64, 48), (33, 1025)):
    a = gpu.arange(shape[0] * shape[1], dtype=gpu.float32).reshape(shape)
    b = a % 3
    c = vec_add(a, b)
    print(shape, gpu.array_equal(c, a + b), c[-1, -3:])

for dt in (gpu.float16, gpu.int32, gpu.int64, gpu.float64, gpu.uint8):
    a = (gpu.arange(300) % 100).astype(dt)
    b = (gpu.arange(300) % 7).astype(dt)
    c = vec_add(a, b)
    print(c.dtype, gpu.array_equal(c, a + b), c[95:101])

# The tile in a non-power-of-two size: krait masks the remainder.
a = gpu.arange(100, dtype=gpu.float32)
c = gpu.zeros_like(a)
ct.launch(gpu.Stream.default, (ct.cdiv(100, 24),), vec_add_kernel_1d, (a, a, c, 24))
print(gpu.array_equal(c, 2 * a), c[-4:])
