# ct.reduce and ct.scan over a tuple of tiles (cuTile 1.7): the combining function takes
# 2N values (N accumulated, N next) and returns N; identities are a tuple. Argmax with its
# own tie rule, a running (max, position) scan forward and reversed, two dtypes, tiles
# broadcast to one shape, keepdims, a helper function as the combiner, a 1-tuple, odd
# sizes, and the errors of a wrong combiner.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


def pick_larger(v0, i0, v1, i1):
    # the larger value; on a tie the smaller index
    take = (v1 > v0) | ((v1 == v0) & (i1 < i0))
    return ct.where(take, v1, v0), ct.where(take, i1, i0)


@ct.kernel
def argmax_rows(x, vals, idx, R: ConstInt, C: ConstInt):
    t = ct.load(x, (0, 0), shape=(R, C))
    cols = ct.broadcast_to(ct.arange(C, dtype=ct.int32)[None, :], (R, C))
    v, i = ct.reduce((t, cols), 1, pick_larger, (-1e30, 0))
    ct.store(vals, (0,), v)
    ct.store(idx, (0,), i)


x = ((gpu.arange(6 * 13) * 37 % 11) - 5).astype(gpu.float32).reshape(6, 13)
vals = gpu.zeros(6, dtype=gpu.float32)
idx = gpu.zeros(6, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), argmax_rows, (x, vals, idx, 6, 13))
print("argmax rows", vals.tolist(), idx.tolist())


@ct.kernel
def argmin_cols(x, vals, idx, R: ConstInt, C: ConstInt):
    # along axis 0, the row index broadcast from a column (R, 1), keepdims
    t = ct.load(x, (0, 0), shape=(R, C))
    rows = ct.arange(R, dtype=ct.int32)[:, None]
    v, i = ct.reduce((t, rows), 0, lambda a, ia, b, ib: (ct.minimum(a, b), ct.where(b < a, ib, ia)),
                     (1e30, -1), keepdims=True)
    ct.store(vals, (0, 0), v)
    ct.store(idx, (0, 0), i)


vals2 = gpu.zeros((1, 13), dtype=gpu.float32)
idx2 = gpu.zeros((1, 13), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), argmin_cols, (x, vals2, idx2, 6, 13))
print("argmin cols", vals2.tolist(), idx2.tolist())


@ct.kernel
def running_max(x, m, at, N: ConstInt, REV: ConstInt):
    t = ct.load(x, (0,), shape=(N,))
    pos = ct.arange(N, dtype=ct.int64)
    mx, where = ct.scan((t, pos), 0, lambda a, ia, b, ib: (ct.maximum(a, b), ct.where(b > a, ib, ia)),
                        (-1000, -1), reverse=REV == 1)
    ct.store(m, (0,), mx)
    ct.store(at, (0,), where)


for rev in (0, 1):
    xs = ((gpu.arange(21) * 29 % 17) - 8).astype(gpu.int16)
    m = gpu.zeros(21, dtype=gpu.int16)
    at = gpu.zeros(21, dtype=gpu.int64)
    ct.launch(gpu.Stream.default, (1,), running_max, (xs, m, at, 21, rev))
    print("running max", "reverse" if rev else "forward", m.tolist(), at.tolist())


@ct.kernel
def sum_and_count(x, out, T: ConstInt):
    # (sum of float16 values over 1.0, count of them as int32) along one row; a 1-tuple too
    t = ct.load(x, (0,), shape=(T,), padding_mode=ct.PaddingMode.ZERO)
    big = ct.where(t > 1.0, 1, 0)
    s, c = ct.reduce((t, big), 0, lambda s0, c0, v, b: (s0 + ct.where(b > 0, v, 0.0), c0 + b), (0, 0))
    (total,) = ct.reduce((t,), 0, lambda a, b: (a + b,), (0,))
    ct.store(out, (0,), ct.astype(s, ct.float32))
    ct.store(out, (1,), ct.astype(c, ct.float32))
    ct.store(out, (2,), ct.astype(total, ct.float32))


xh = (gpu.arange(40) % 7 * 0.5).astype(gpu.float16)
out = gpu.zeros(3, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), sum_and_count, (xh, out, 64))
print("sum and count", out.tolist())


def attempt(kernel, args):
    try:
        ct.launch(gpu.Stream.default, (1,), kernel, args)
        print("no error")
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


@ct.kernel
def bad_arity(x):
    t = ct.load(x, (0,), shape=(8,))
    v, i = ct.reduce((t, t), 0, lambda a, b: a + b, (0, 0))  # krait-error: TypeError: reduce(): the combining function takes 4 arguments
    ct.store(x, (0,), v)


@ct.kernel
def bad_result(x):
    t = ct.load(x, (0,), shape=(8,))
    v, i = ct.reduce((t, t), 0, lambda a, ia, b, ib: a + b, (0, 0))  # krait-error: TypeError: reduce function must return a tuple of 2 values (one per tile)
    ct.store(x, (0,), v)


@ct.kernel
def bad_identity(x):
    t = ct.load(x, (0,), shape=(8,))
    v, i = ct.scan((t, t), 0, lambda a, ia, b, ib: (a, ib), (0, 0, 0))  # krait-error: TypeError: scan(): 3 identities for 2 tiles
    ct.store(x, (0,), v)


xf = gpu.zeros(8, dtype=gpu.float32)
attempt(bad_arity, (xf,))
attempt(bad_result, (xf,))
attempt(bad_identity, (xf,))
