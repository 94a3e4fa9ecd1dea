# Atomics across blocks: a histogram with atomic_add (repeated indices inside one tile and
# across blocks), atomic_max/min, the bitwise ones, atomic_xchg and atomic_cas (returning
# the old values), and the spin-lock idiom of cuTile's LayerNorm backward sample.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def histogram(x, hist, T: ConstInt):
    i = ct.bid(0)
    idx = i * T + ct.arange(T, dtype=ct.int32)
    v = ct.gather(x, idx, padding_value=-1)
    # out-of-bounds indices (the padding -1) are skipped by the bounds check
    ct.atomic_add(hist, v, 1)


x = (gpu.arange(1000) * 37 % 10).astype(gpu.int32)
hist = gpu.zeros(10, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (ct.cdiv(1000, 64),), histogram, (x, hist, 64))
print(hist, hist.sum())


@ct.kernel
def extremes(x, mx, mn, T: ConstInt):
    i = ct.bid(0)
    t = ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.ZERO)
    ct.atomic_max(mx, 0, ct.max(t))
    ct.atomic_min(mn, 0, ct.min(t))


x = (gpu.arange(500) * 7919 % 1009 - 500).astype(gpu.int32)
mx = gpu.full(1, -100000, dtype=gpu.int32)
mn = gpu.full(1, 100000, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (ct.cdiv(500, 128),), extremes, (x, mx, mn, 128))
print(mx, mn, x.max(), x.min())


@ct.kernel
def bitwise(flags, first):
    # the results of the bitwise atomics do not depend on the blocks' order; which block
    # came first does, so that is only checked to be one of them
    b = ct.bid(0)
    bit = 1 << b
    old = ct.atomic_or(flags, ct.zeros((1,), dtype=ct.int32), bit)
    ct.atomic_add(first, ct.zeros((1,), dtype=ct.int32), ct.where(old == 0, 1, 0))
    ct.atomic_xor(flags, 1, bit)
    ct.atomic_and(flags, 2, ~bit)


flags = gpu.array([0, 0, -1], dtype=gpu.int32)
first = gpu.zeros(1, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (5,), bitwise, (flags, first))
print(flags, first)


@ct.kernel
def exchange(x, olds):
    indices = ct.arange(4, dtype=ct.int32)
    old = ct.atomic_xchg(x, indices, ct.full((4,), 10, dtype=ct.int32))
    ct.store(olds, (0, 0), old.reshape((1, 4)))
    old = ct.atomic_xchg(x, indices + 0, old * 2)
    ct.store(olds, (1, 0), old.reshape((1, 4)))


x = gpu.arange(4, dtype=gpu.int32)
olds = gpu.zeros((2, 4), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), exchange, (x, olds))
print(x, olds.tolist())


@ct.kernel
def cas(x, olds):
    indices = ct.arange(4, dtype=ct.int32)
    expected = ct.full((4,), 0, dtype=ct.int32)
    desired = ct.full((4,), 42, dtype=ct.int32)
    ct.store(olds, (0,), ct.atomic_cas(x, indices, expected, desired))


x = gpu.array([0, 1, 0, 1], dtype=gpu.int32)
olds = gpu.zeros(4, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), cas, (x, olds))
print(olds.tolist(), x.tolist())


@ct.kernel
def locked_accumulate(acc, locks, T: ConstInt):
    # every block adds its id to acc[bid % 2] under a spin lock, as the LayerNorm backward
    # sample does for its partial gradients
    b = ct.bid(0)
    g = b % 2
    while ct.atomic_cas(locks, g, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE) == 1:
        pass
    t = ct.load(acc, (g, 0), (1, T)) + b
    ct.store(acc, (g, 0), t)
    ct.atomic_xchg(locks, g, 0, memory_order=ct.MemoryOrder.RELEASE)


acc = gpu.zeros((2, 8), dtype=gpu.float32)
locks = gpu.zeros(2, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (9,), locked_accumulate, (acc, locks, 8))
print(acc[:, 0], locks)


@ct.kernel
def float_add(x, total):
    t = ct.load(x, (ct.bid(0),), (16,))
    ct.atomic_add(total, ct.zeros((16,), dtype=ct.int32), t)


x = (gpu.arange(64) % 4).astype(gpu.float32) * 0.25
total = gpu.zeros(1, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (4,), float_add, (x, total))
print(total, x.sum())
