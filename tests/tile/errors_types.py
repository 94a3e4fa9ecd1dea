# Type and shape errors a user makes in a kernel: each is raised at the first launch, before
# any block runs, as a TypeError naming the script line of the offending construct.
import gpu
import tile as ct


def attempt(kernel, *args, grid=(1,)):
    try:
        ct.launch(gpu.Stream.default, grid, kernel, args)
        print("no error")
    except (TypeError, ValueError, SyntaxError) as e:
        print(type(e).__name__ + ":", e)


@ct.kernel
def runtime_shape(a, n):
    t = ct.load(a, (0,), (n,))  # n is a run-time int, not a ct.Constant
    ct.store(a, (0,), t)


@ct.kernel
def index_rank(a):
    t = ct.load(a, (0,), (4, 4))
    ct.store(a, (0, 0), t)


@ct.kernel
def store_narrowing(a, out):
    t = ct.load(a, (0,), (4,))
    ct.store(out, (0,), t * 2)  # float32 into a float16 array without astype


@ct.kernel
def int_uint(a, b, out):
    x = ct.load(a, (0,), (4,))
    y = ct.load(b, (0,), (4,))
    ct.store(out, (0,), x + y)


@ct.kernel
def mma_mixed(a, b, c):
    x = ct.load(a, (0, 0), (4, 4))
    y = ct.load(b, (0, 0), (4, 4))
    ct.store(c, (0, 0), ct.mma(x, y, ct.zeros((4, 4), dtype=ct.float32)))


@ct.kernel
def broadcast_mismatch(a):
    x = ct.load(a, (0,), (4,))
    y = ct.load(a, (0,), (8,))
    ct.store(a, (0,), x + y)


@ct.kernel
def reshape_size(a):
    x = ct.arange(8, dtype=ct.int32)
    ct.store(a, (0, 0), ct.reshape(x, (3, 3)))


@ct.kernel
def bad_axis(a):
    x = ct.load(a, (0, 0), (2, 2))
    ct.store(a, (0,), ct.sum(x, axis=2))


@ct.kernel
def float_index(a, f):
    v = ct.load(f, (0,), (4,))
    ct.scatter(a, v, v)


@ct.kernel
def bid_axis(a):
    ct.store(a, (0,), ct.bid(3))


f32 = gpu.zeros(16, dtype=gpu.float32)
attempt(runtime_shape, f32, 4)
attempt(index_rank, gpu.zeros((4, 4), dtype=gpu.float32))
attempt(store_narrowing, f32, gpu.zeros(4, dtype=gpu.float16))
attempt(int_uint, gpu.zeros(4, dtype=gpu.int32), gpu.zeros(4, dtype=gpu.uint32),
        gpu.zeros(4, dtype=gpu.int32))
attempt(mma_mixed, gpu.zeros((4, 4), dtype=gpu.float16), gpu.zeros((4, 4), dtype=gpu.float32),
        gpu.zeros((4, 4), dtype=gpu.float32))
attempt(broadcast_mismatch, f32)
attempt(reshape_size, gpu.zeros((3, 3), dtype=gpu.int32))
attempt(bad_axis, gpu.zeros((2, 2), dtype=gpu.float32))
attempt(float_index, f32, f32)
attempt(bid_axis, gpu.zeros(1, dtype=gpu.int32))
print("arrays untouched:", float(f32.sum()))
