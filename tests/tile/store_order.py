# One block's loads and stores on one array happen in program order, also where two tiles of
# different shapes overlap in memory (their elements live in different threads on the GPU):
# a later store wins, a load sees the stores before it, atomics see both. Odd sizes too.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def overwrite(a, out, T: ConstInt):
    big = ct.full((2 * T,), 1.0, dtype=ct.float32)
    ct.store(a, (0,), big)  # elements 0 .. 2T-1
    ct.store(a, (1,), ct.full((T,), 2.0, dtype=ct.float32))  # T .. 2T-1 again
    # read back with a third shape: sees both stores
    half = ct.load(a, (1,), (T // 2,))  # elements T/2 .. T-1 (of the first store)
    tail = ct.load(a, (3,), (T // 2,))  # elements 3T/2 .. 2T-1 (of the second)
    ct.store(out, (0,), ct.cat((half, tail), 0))


@ct.kernel
def accumulate(a, T: ConstInt):
    # load, add, store the same elements through tiles of two shapes, several times
    for k in range(3):
        x = ct.load(a, (0,), (2 * T,))
        ct.store(a, (0,), x + 1)
        y = ct.load(a, (1,), (T,))
        ct.store(a, (1,), y * 2)


@ct.kernel
def atomics_then_load(a, out, T: ConstInt):
    idx = ct.arange(T, dtype=ct.int32)
    ct.atomic_add(a, idx * 2, ct.full((T,), 5, dtype=ct.int32))
    ct.store(a, (1,), ct.load(a, (1,), (T,)) + 1)
    ct.store(out, (0,), ct.load(a, (0,), (2 * T,)))


for T in (128, 100, 256):
    a = gpu.zeros(2 * T, dtype=gpu.float32)
    out = gpu.zeros(T, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (1,), overwrite, (a, out, T))
    print(T, "overwrite", float(a[:T].sum()), float(a[T:].sum()), float(out.sum()))
    a = gpu.zeros(2 * T, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (1,), accumulate, (a, T))
    print(T, "accumulate", float(a[0]), float(a[T]), float(a.sum()))
    ai = gpu.zeros(2 * T, dtype=gpu.int32)
    oi = gpu.zeros(2 * T, dtype=gpu.int32)
    ct.launch(gpu.Stream.default, (1,), atomics_then_load, (ai, oi, T))
    print(T, "atomics", int(oi.sum()), oi[T - 2:T + 2].tolist())
