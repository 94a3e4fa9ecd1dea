# Every array dtype of the gpu module through a kernel: load, add one (in the array's own
# dtype), store; bool arrays through logical operations. Sizes not a multiple of the tile.
import gpu
import tile as ct


@ct.kernel
def plus_one(x, out, T: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (i,), t + 1)


for dt in (gpu.int8, gpu.int16, gpu.int32, gpu.int64, gpu.uint8, gpu.uint32,
           gpu.float16, gpu.bfloat16, gpu.float32, gpu.float64):
    x = (gpu.arange(45) % 20).astype(dt)
    out = gpu.zeros(45, dtype=dt)
    ct.launch(gpu.Stream.default, (ct.cdiv(45, 16),), plus_one, (x, out, 16))
    print(out.dtype, gpu.array_equal(out.astype(gpu.float64), x.astype(gpu.float64) + 1),
          out.astype(gpu.float64)[-3:].tolist())


@ct.kernel
def logic(a, b, out):
    x = ct.load(a, (0,), (4,))
    y = ct.load(b, (0,), (4,))
    ct.store(out, (0, 0), (x & y).reshape((1, 4)))
    ct.store(out, (1, 0), (x | y).reshape((1, 4)))
    ct.store(out, (2, 0), (x ^ y).reshape((1, 4)))
    ct.store(out, (3, 0), (~x).reshape((1, 4)))
    ct.store(out, (4, 0), ct.where(x, y, ~y).reshape((1, 4)))


a = gpu.array([True, True, False, False])
b = gpu.array([True, False, True, False])
out = gpu.zeros((5, 4), dtype=gpu.bool_)
ct.launch(gpu.Stream.default, (1,), logic, (a, b, out))
print(out.astype(gpu.int32))
