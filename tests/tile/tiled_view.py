# cuTile's tiled views: Array.tiled_view(tile_shape, padding_mode=) and the view's dtype,
# tile_shape, num_tiles(axis), load(index) and store(index, tile) -- the same accesses as
# ct.load/ct.store with the shape (and the padding) bound to the view. Odd sizes (padded
# loads, masked stores), a loop over num_tiles, a number stored as a whole tile, and the
# errors of a wrong tile shape or rank.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def vadd_view(a, b, c, T: ConstInt):
    i = ct.bid(0)
    av, bv, cv = a.tiled_view(T), b.tiled_view((T,)), c.tiled_view(T)
    cv.store(i, av.load(i) + bv.load((i,)))


for n in (4096, 1000):
    a = (gpu.arange(n) % 13).astype(gpu.float32)
    b = (gpu.arange(n) % 7 * 0.5).astype(gpu.float32)
    c = gpu.zeros(n, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (ct.cdiv(n, 256),), vadd_view, (a, b, c, 256))
    print("vadd", n, bool(gpu.array_equal(c, a + b)), c[-3:].tolist())


@ct.kernel
def row_max(x, out, TM: ConstInt, TN: ConstInt):
    # the max of each row, over the view's tiles along axis 1 (NEG_INF padding at the edge)
    i = ct.bid(0)
    xv = x.tiled_view((TM, TN), padding_mode=ct.PaddingMode.NEG_INF)
    ov = out.tiled_view((TM, 1))
    acc = ct.full(xv.tile_shape, -float("inf"), dtype=xv.dtype)
    for j in range(xv.num_tiles(1)):
        acc = ct.maximum(acc, xv.load((i, j)))
    ov.store((i, 0), ct.max(acc, axis=1, keepdims=True))


x = (((gpu.arange(37 * 70) * 31) % 101) - 50).astype(gpu.float32).reshape(37, 70)
out = gpu.zeros((37, 1), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (ct.cdiv(37, 8),), row_max, (x, out, 8, 32))
print("row max", bool(gpu.array_equal(out[:, 0], x.max(axis=1))), out[:5, 0].tolist())


@ct.kernel
def fill(o, T: ConstInt):
    ov = o.tiled_view((T, T))
    ov.store((ct.bid(0), ct.bid(1)), 7)
    ct.static_assert(ov.tile_shape == (T, T))


o = gpu.zeros((6, 10), dtype=gpu.int16)
ct.launch(gpu.Stream.default, (2, 3), fill, (o, 4))
print("fill", int(o.sum()), o[5].tolist())


def attempt(kernel, args):
    try:
        ct.launch(gpu.Stream.default, (1,), kernel, args)
        print("no error")
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


@ct.kernel
def wrong_shape(x):
    xv = x.tiled_view((4, 8))
    xv.store((0, 0), ct.zeros((4, 4), dtype=ct.float32))  # krait-error: TypeError: TiledView.store: the tile is tile<4x4xfloat32>, the view's tiles are tile<4x8xfloat32>


@ct.kernel
def wrong_rank(x):
    xv = x.tiled_view(8)  # krait-error: TypeError: tiled_view: the tile shape has 1 dimensions but the array has 2
    xv.store((0, 0), 1.0)


x2 = gpu.zeros((8, 8), dtype=gpu.float32)
attempt(wrong_shape, (x2,))
attempt(wrong_rank, (x2,))
