# softmax.py: row softmax in the idioms of cuTile's softmax samples (whole rows per block;
# a persistent loop over rows), float32 8192 x 8192 and float16 32768 x 1024. The figure is
# the best configuration's bandwidth, counting one read and one write of the matrix.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/softmax.py
import gpu
import tile as ct

from _bench import SMS, close, finish, row, timed_s


@ct.kernel
def softmax(input, output, B: ct.Constant[int], N: ct.Constant[int]):
    rows = ct.load(input, index=(ct.bid(0), 0), shape=(B, N))
    rows = rows.astype(ct.float32)
    numerator = ct.exp(rows - ct.max(rows, axis=1, keepdims=True))
    denominator = ct.sum(numerator, axis=1, keepdims=True)
    ct.store(output, index=(ct.bid(0), 0), tile=(numerator / denominator).astype(output.dtype))


@ct.kernel
def softmax_per_row(input, output, num_rows: ct.Constant[int], num_cols: ct.Constant[int]):
    for i in range(ct.bid(0), num_rows, ct.num_blocks(0)):
        row = ct.load(input, index=(i, 0), shape=(1, num_cols)).astype(ct.float32)
        numerator = ct.exp(row - ct.max(row, axis=1, keepdims=True))
        denominator = ct.sum(numerator, axis=1, keepdims=True)
        ct.store(output, index=(i, 0), tile=(numerator / denominator).astype(output.dtype))


def gold(x):
    x = x.astype(gpu.float32)
    e = gpu.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


S = gpu.Stream.default
for name, dt, (m, n), blocks, atol in (("softmax_f32_8192x8192", gpu.float32, (8192, 8192),
                                        (1, 2), 1e-6),
                                       ("softmax_f16_32768x1024", gpu.float16, (32768, 1024),
                                        (2, 4, 8, 16), 2e-3)):
    x = ((((gpu.arange(m * n) * 7919) % 2001) / 200.0 - 5.0).reshape(m, n)).astype(dt)
    y = gpu.empty((m, n), dtype=dt)
    want = gold(x)
    best, how, ok = 0.0, "", True
    configs = [("rows", B) for B in blocks] + [("persistent", k) for k in (1, 2, 4, 8)]
    for kind, p in configs:
        if kind == "rows":
            launch = (lambda B=p: ct.launch(S, (m // B, 1, 1), softmax, (x, y, B, n)))
        else:
            launch = (lambda k=p: ct.launch(S, (SMS * k, 1, 1), softmax_per_row, (x, y, m, n)))
        s = timed_s(launch, 10)
        ok = ok and close(y, want, atol, 1e-3)
        bw = 2 * m * n * x.itemsize / s / 1e12
        print("  ", name, kind, p, round(bw, 3), "TB/s")
        if bw > best:
            best, how = bw, kind + " " + str(p)
    row(name, best, "TB/s", ok, how)
finish()
