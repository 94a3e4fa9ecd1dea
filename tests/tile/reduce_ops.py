# ct.sum/max/min/prod/argmax/argmin along each axis, over all axes, over a tuple of axes,
# with keepdims; on float32, float16, int32 and uint8 tiles; ties give the first index.
import gpu
import tile as ct


@ct.kernel
def reductions(x, rows, cols, alls, args):
    t = ct.load(x, (0, 0), (4, 8))
    ct.store(rows, (0, 0), ct.sum(t, axis=1, keepdims=True))
    ct.store(rows, (0, 1), ct.max(t, axis=1, keepdims=True))
    ct.store(rows, (0, 2), ct.min(t, axis=1, keepdims=True))
    ct.store(rows, (0, 3), ct.prod(t, axis=1, keepdims=True))
    ct.store(cols, (0, 0), ct.sum(t, axis=0).reshape((1, 8)))
    ct.store(cols, (1, 0), ct.max(t, axis=0).reshape((1, 8)))
    ct.store(cols, (2, 0), ct.min(t, axis=-2).reshape((1, 8)))
    ct.store(alls, (0,), ct.sum(t))
    ct.store(alls, (1,), ct.max(t, None))
    ct.store(alls, (2,), ct.min(t, axis=(0, 1)))
    ct.store(args, (0, 0), ct.argmax(t, axis=1).reshape((1, 4)))
    ct.store(args, (1, 0), ct.argmin(t, axis=1).reshape((1, 4)))
    ct.store(args, (2, 0), ct.argmax(t, axis=0).reshape((1, 8))
             .extract((0, 0), (1, 4)))
    ct.store(args, (3, 0), ct.argmin(t).reshape((1, 1)).astype(ct.int32)
             + ct.zeros((1, 4), dtype=ct.int32))


vals = ((gpu.arange(32) * 5) % 11 - 4).reshape(4, 8)
for dt in (gpu.float32, gpu.int32, gpu.float16, gpu.uint8):
    x = (vals if dt != gpu.uint8 else vals + 4).astype(dt)
    rows = gpu.zeros((4, 4), dtype=dt)
    cols = gpu.zeros((3, 8), dtype=dt)
    alls = gpu.zeros(3, dtype=dt)
    args = gpu.zeros((4, 4), dtype=gpu.int32)
    ct.launch(gpu.Stream.default, (1,), reductions, (x, rows, cols, alls, args))
    print(x.dtype)
    print(rows.T)
    print(cols)
    print(alls, args.tolist())


@ct.kernel
def ties(x, out):
    t = ct.zeros((4,), dtype=ct.int32)
    t = ct.cat((t, t + 1), axis=0)
    ct.store(out, (0,), ct.argmax(t, 0))
    ct.store(out, (1,), ct.argmin(ct.cat((t + 1, t), 0), 0))
    ct.store(out, (2,), ct.argmax(ct.load(x, (0,), (8,)), 0))


out = gpu.zeros(3, dtype=gpu.int32)
x = gpu.array([3.0, 9.0, -1.0, 9.0, 2.0, 9.0, 0.0, 1.0], dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), ties, (x, out))
print(out)


@ct.kernel
def big_sum(x, out, T: ct.Constant[int]):
    # a float32 sum of exact values: order-independent
    acc = ct.zeros((T,), dtype=ct.float32)
    for i in range(ct.num_tiles(x, 0, (T,))):
        acc += ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (0,), ct.sum(acc))


x = (gpu.arange(10000) % 17).astype(gpu.float32) * 0.5
out = gpu.zeros(1, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), big_sum, (x, out, 256))
print(out, float(x.sum()))
