# Many launches with random shapes, dtypes and expressions (10,000 by default; argv[1]
# sets the count, so CI runs a short version on the mock device): fused elementwise
# expressions, reductions, and a tile kernel over random lengths with a random grid. Every
# result is checked against the same computation in plain Python on the host copy.
import random
import sys
import gpu
import tile as ct
from _fault_check import check, done

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
rng = random.Random(11)
TILE = 16


@ct.kernel
def axpy(x, y, out, a):
    b = ct.bid(0)
    t = ct.load(x, (b,), (TILE,)) * a + ct.load(y, (b,), (TILE,))
    ct.store(out, (b,), t)


def shape_of(size_max):
    nd = rng.randint(1, 3)
    dims = [rng.randint(0 if rng.random() < 0.05 else 1, 9) for _ in range(nd)]
    if rng.random() < 0.2:
        dims[-1] = rng.randint(1, size_max)
    return tuple(dims)


def flat(v):
    if isinstance(v, list):
        out = []
        for e in v:
            out.extend(flat(e))
        return out
    return [v]


bad = 0
launches = 0
for it in range(count):
    kind = rng.random()
    if kind < 0.7:  # a fused expression
        shp = shape_of(3000)
        n = 1
        for d in shp:
            n *= d
        dt = rng.choice((gpu.float32, gpu.float64, gpu.int32, gpu.int64))
        a_h = [rng.randint(-50, 50) for _ in range(n)]
        b_h = [rng.randint(1, 9) for _ in range(n)]
        a = gpu.array(a_h, dtype=dt).reshape(shp)
        b = gpu.array(b_h, dtype=dt).reshape(shp)
        k = rng.randint(-3, 3)
        r = (a * k + b) - (a - b) * 2
        got = flat(r.tolist())
        want = [p * k + q - (p - q) * 2 for p, q in zip(a_h, b_h)]
        launches += 1
    elif kind < 0.85:  # a reduction
        n = rng.randint(1, 5000)
        a_h = [rng.randint(-1000, 1000) for _ in range(n)]
        a = gpu.array(a_h, dtype=gpu.int64)
        got = [int(a.sum()), int(a.max()), int(a.min())]
        want = [sum(a_h), max(a_h), min(a_h)]
        launches += 3
    else:  # a tile kernel on a random length, grid rounded up
        n = rng.randint(1, 2000)
        a = rng.randint(-4, 4)
        x_h = [rng.randint(-100, 100) for _ in range(n)]
        y_h = [rng.randint(-100, 100) for _ in range(n)]
        x = gpu.array(x_h, dtype=gpu.float32)
        y = gpu.array(y_h, dtype=gpu.float32)
        out = gpu.zeros((n,), dtype=gpu.float32)
        ct.launch(gpu.Stream.default, (ct.cdiv(n, TILE),), axpy, (x, y, out, a))
        got = out.tolist()
        want = [float(p * a + q) for p, q in zip(x_h, y_h)]
        launches += 1
    if [float(g) for g in got] != [float(w) for w in want]:
        bad += 1
        if bad <= 5:
            print("mismatch at iteration", it, "kind %.2f" % kind)
check("random_launches", bad == 0, "%d of %d iterations wrong" % (bad, count))
print("launches:", launches)
done()
