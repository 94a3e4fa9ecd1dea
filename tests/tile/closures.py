# Helpers and kernels that are closures: variables of an enclosing host function are read
# at compile time, as globals are (constants, dtypes, tuples, other helpers); odd sizes.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


def make_scale(k, dt):
    def scale(t):
        return (t * k).astype(dt)  # k and dt live in make_scale's cells

    return scale


def make_kernel(offset, shape_of):
    helper = make_scale(offset, ct.float32)

    @ct.kernel
    def add_offset(x, out, T: ConstInt):
        a = ct.load(x, (ct.bid(0),), (T,))
        ct.static_assert(a.shape == shape_of(T))
        ct.store(out, (ct.bid(0),), helper(a) + offset)

    return add_offset


double = make_scale(2, ct.float32)
triple16 = make_scale(3, ct.float16)


@ct.kernel
def use(x, out, out16, T: ConstInt):
    a = ct.load(x, (ct.bid(0),), (T,))
    ct.store(out, (ct.bid(0),), double(a))
    ct.store(out16, (ct.bid(0),), triple16(a))


def one_dim(t):
    return (t,)


for T, n in ((4, 8), (5, 13)):
    x = gpu.arange(n, dtype=gpu.float32)
    out = gpu.zeros(n, dtype=gpu.float32)
    out16 = gpu.zeros(n, dtype=gpu.float16)
    ct.launch(gpu.Stream.default, ((n + T - 1) // T,), use, (x, out, out16, T))
    print(T, out.tolist(), out16.tolist())
    for off in (1, 10):
        k = make_kernel(off, one_dim)
        out = gpu.zeros(n, dtype=gpu.float32)
        ct.launch(gpu.Stream.default, ((n + T - 1) // T,), k, (x, out, T))
        print(T, off, out.tolist())
