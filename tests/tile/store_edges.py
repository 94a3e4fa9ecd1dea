# ct.store at the edges: partial tiles clipped (nothing past the array is written), scalars
# stored broadcast (tile=0), stores into strided views, and implicit widening on store.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def fill_tiles(out, T: ConstInt):
    i = ct.bid(0)
    ct.store(out, (i,), ct.full((T,), i + 1, dtype=ct.int32))


big = gpu.full(16, -1, dtype=gpu.int32)
view = big[2:13]  # 11 elements inside a 16-element array
ct.launch(gpu.Stream.default, (3,), fill_tiles, (view, 4))
print(big)


@ct.kernel
def scalars_2d(x):
    ct.store(x, (0, 0), tile=0)
    ct.store(x, (0, 1), tile=1)
    ct.store(x, (1, 0), tile=2)
    ct.store(x, (1, 1), tile=ct.bid(0) + 3)


x = gpu.zeros((2, 2), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), scalars_2d, (x,))
print(x.tolist())


@ct.kernel
def ones_then_twos(x):
    tile = ct.ones((4,), dtype=x.dtype)
    ct.store(x, (0,), tile)
    ct.store(x, (1,), tile * 2)


x = gpu.zeros(6, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), ones_then_twos, (x,))
print(x.tolist())


@ct.kernel
def widen_store(x16, out32, out64):
    t = ct.load(x16, (0,), (8,))
    ct.store(out32, (0,), t)  # float16 -> float32: an implicit widening
    ct.store(out64, (0,), ct.arange(8, dtype=ct.int32))  # int32 -> int64


x16 = (gpu.arange(8) * 0.5).astype(gpu.float16)
o32 = gpu.zeros(8, dtype=gpu.float32)
o64 = gpu.zeros(8, dtype=gpu.int64)
ct.launch(gpu.Stream.default, (1,), widen_store, (x16, o32, o64))
print(o32, o64)


@ct.kernel
def store_2d_strided(out, TM: ConstInt, TN: ConstInt):
    i = ct.bid(0)
    j = ct.bid(1)
    r = i * TM + ct.arange(TM, dtype=ct.int32)[:, None]
    c = j * TN + ct.arange(TN, dtype=ct.int32)[None, :]
    ct.store(out, (i, j), r * 100 + c)


full = gpu.zeros((7, 12), dtype=gpu.int32)
view = full[1:, ::3]  # (6, 4) with a column stride of 3
ct.launch(gpu.Stream.default, (2, 1), store_2d_strided, (view, 4, 4))
print(full)
t = gpu.zeros((5, 3), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1, 1), store_2d_strided, (t.T, 4, 8))
print(t)
