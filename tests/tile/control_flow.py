# Control flow in kernels: for over range with run-time bounds and steps (negative too),
# nested loops, if/elif/else on run-time scalars, while loops, break and continue, an early
# return, loop-carried tiles, and branches on ct.Constant values (folded at compile time).
import gpu
import tile as ct


@ct.kernel
def loops(out, n, step):
    b = ct.bid(0)
    s = 0
    for i in range(n):
        s = s + i
    ct.store(out, (b, 0), s)
    t = 0
    for i in range(n, 0, -step):
        t += i
    ct.store(out, (b, 1), t)
    u = 0
    for i in range(3):
        for j in range(i, n):
            u += i * 100 + j
    ct.store(out, (b, 2), u)
    w = 0
    for i in range(100):
        if i % 3 == 0:
            continue
        if i > n + b:
            break
        w += i
    ct.store(out, (b, 3), w)


out = gpu.zeros((2, 4), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (2,), loops, (out, 10, 3))
print(out)


@ct.kernel
def branches(x, out):
    b = ct.bid(0)
    v = ct.load(x, (b,), shape=())
    if v < 0:
        r = -v * 10
    elif v == 0:
        r = 1000 + b
    else:
        r = v
    ct.store(out, (b,), r)


x = gpu.array([-3, 0, 5, -1, 0, 7], dtype=gpu.int32)
out = gpu.zeros(6, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (6,), branches, (x, out))
print(out)


@ct.kernel
def collatz(x, steps):
    b = ct.bid(0)
    v = ct.load(x, (b,), shape=())
    n = 0
    while v != 1:
        if v % 2 == 0:
            v = v // 2
        else:
            v = 3 * v + 1
        n += 1
    ct.store(steps, (b,), n)


x = gpu.array([1, 2, 3, 6, 7, 27], dtype=gpu.int64)
steps = gpu.zeros(6, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (6,), collatz, (x, steps))
print(steps)


@ct.kernel
def early_return(out):
    b = ct.bid(0)
    if b % 2 == 1:
        return
    ct.store(out, (b,), b + 100)


out = gpu.full(5, -1, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (5,), early_return, (out,))
print(out)


@ct.kernel
def carried_tile(x, out, T: ct.Constant[int], SQUARE: ct.Constant[bool]):
    acc = ct.zeros((T,), dtype=ct.float32)
    for i in range(ct.num_tiles(x, 0, (T,))):
        t = ct.load(x, (i,), (T,), padding_mode=ct.PaddingMode.ZERO)
        if SQUARE:
            acc = acc + t * t
        else:
            acc = acc + t
    ct.store(out, (0,), acc)


x = (gpu.arange(100) % 4).astype(gpu.float32)
for sq in (False, True):
    out = gpu.zeros(32, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (1,), carried_tile, (x, out, 32, sq))
    print(sq, out[:6], out.sum(), (x * x).sum() if sq else x.sum())
