# vadd.py: vector add in cuTile's VectorAdd sample idiom, float32, 2^28 elements.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/vadd.py
import gpu
import tile as ct

from _bench import close, finish, row, timed_s


@ct.kernel
def vadd(a, b, c, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=x + y)


N = 1 << 28
a = gpu.arange(N, dtype=gpu.float32)
b = gpu.full(N, 0.5, dtype=gpu.float32)
c = gpu.empty(N, dtype=gpu.float32)
best, best_t = 0.0, 0
for T in (1024, 4096):
    s = timed_s(lambda: ct.launch(gpu.Stream.default, (N // T, 1, 1), vadd, (a, b, c, T)), 20)
    if 3 * N * 4 / s / 1e12 > best:
        best, best_t = 3 * N * 4 / s / 1e12, T
ct.launch(gpu.Stream.default, (N // best_t, 1, 1), vadd, (a, b, c, best_t))
row("vadd_f32_2^28", best, "TB/s", bool(gpu.array_equal(c, a + b)), "tile " + str(best_t))
finish()
