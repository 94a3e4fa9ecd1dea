# Tile shape operations: reshape (with -1), permute, transpose, expand_dims and x[:, None],
# broadcast_to, cat along each axis, extract and insert of subtiles, item().
import gpu
import tile as ct


@ct.kernel
def shapes(out2, out3, out_cat):
    t = ct.arange(8, dtype=ct.int32)
    m = ct.reshape(t, (2, 4))
    ct.store(out2, (0, 0), ct.reshape(t, (2, -1)))
    ct.store(out2, (1, 0), ct.transpose(m).reshape((2, 4)))
    ct.store(out2, (2, 0), ct.broadcast_to(ct.arange(4, dtype=ct.int32), (2, 4)) * 10)
    ct.store(out2, (3, 0), ct.expand_dims(t, 0).reshape((2, 4)) + t[:, None].reshape((2, 4)))
    c = ct.arange(4, dtype=ct.int32)[:, None] * 100 + ct.arange(4, dtype=ct.int32)[None, :]
    ct.store(out2, (4, 0), c.extract((1, 0), (2, 4)))
    ct.store(out2, (5, 0), c.permute((1, 0)).extract((0, 0), (2, 4)))
    cube = ct.arange(8, dtype=ct.int32).reshape((2, 2, 2))
    ct.store(out3, (0, 0, 0), ct.permute(cube, (2, 0, 1)))
    ct.store(out3, (1, 0, 0), ct.transpose(cube, 0, 2))
    a = ct.full((2, 2), 3, dtype=ct.int32)
    b = ct.full((2, 2), 7, dtype=ct.int32)
    ct.store(out_cat, (0, 0), ct.cat((a, b), 0))
    ct.store(out_cat, (0, 1), ct.cat((a, b), 1).reshape((4, 2)))


out2 = gpu.zeros((12, 4), dtype=gpu.int32)
out3 = gpu.zeros((4, 2, 2), dtype=gpu.int32)
out_cat = gpu.zeros((4, 4), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), shapes, (out2, out3, out_cat))
print(out2)
print(out3)
print(out_cat)


@ct.kernel
def extract_insert(out):
    tile = ct.arange(16, dtype=ct.int32).reshape((4, 4))
    sub = ct.full((2, 2), 99, dtype=ct.int32)
    ct.store(out, (0, 0), ct.insert(tile, (0, 1), sub))
    ct.store(out, (1, 0), tile.insert((1, 0), ct.extract(tile, (0, 0), (2, 2)) * -1))
    v = ct.arange(8, dtype=ct.int32)
    ct.store(out, (2, 0), ct.cat((ct.extract(v, (1,), (4,)), ct.extract(v, (0,), (4,))), 0)
             .reshape((2, 4)).extract((0, 0), (2, 4)).reshape((2, 4)) + ct.zeros((4, 4), dtype=ct.int32)
             .extract((0, 0), (2, 4)))


out = gpu.zeros((12, 4), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), extract_insert, (out,))
print(out)


@ct.kernel
def item_index(x, out):
    idx = ct.full((1,), 2, dtype=ct.int32).item()
    ct.store(out, (0,), ct.load(x, (idx,), shape=(4,)))


x = gpu.arange(16, dtype=gpu.int32)
out = gpu.zeros(4, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), item_index, (x, out))
print(out)
