# The function forms of the operators (ct.add ... ct.bitwise_rshift, ct.greater ...,
# ct.pow, ct.atan2, ct.negative, ct.bitwise_not), ct.assume_divisible_by, load/store hints
# (latency, allow_tma) and kernel hints (occupancy, num_ctas with ct.ByTarget).
import gpu
import tile as ct


@ct.kernel(occupancy=2, num_ctas=ct.ByTarget(sm_100=2, default=1))
def forms(x, y, f, out_i, out_b, out_f):
    a = ct.load(x, (0,), (4,), latency=3, allow_tma=False)
    b = ct.load(y, (0,), (4,))
    v = ct.load(f, (0,), (4,))
    rows = (ct.add(a, b), ct.sub(a, b), ct.mul(a, b), ct.floordiv(a, b), ct.mod(a, b),
            ct.bitwise_and(a, b), ct.bitwise_or(a, b), ct.bitwise_xor(a, b),
            ct.bitwise_lshift(a, 1), ct.bitwise_rshift(a, 1), ct.negative(a), ct.bitwise_not(a),
            ct.minimum(a, b), ct.maximum(a, b))
    ct.store(out_i, (0, 0), ct.cat((ct.cat((rows[0][None, :], rows[1][None, :]), 0),
                                    ct.cat((rows[2][None, :], rows[3][None, :]), 0)), 0))
    ct.store(out_i, (1, 0), ct.cat((ct.cat((rows[4][None, :], rows[5][None, :]), 0),
                                    ct.cat((rows[6][None, :], rows[7][None, :]), 0)), 0))
    ct.store(out_i, (2, 0), ct.cat((ct.cat((rows[8][None, :], rows[9][None, :]), 0),
                                    ct.cat((rows[10][None, :], rows[11][None, :]), 0)), 0))
    ct.store(out_i, (3, 0), ct.cat((ct.cat((rows[12][None, :], rows[13][None, :]), 0),
                                    ct.cat((rows[12][None, :], rows[13][None, :]), 0)), 0))
    cmp = (ct.greater(a, b), ct.greater_equal(a, b), ct.less(a, b), ct.less_equal(a, b),
           ct.equal(a, b), ct.not_equal(a, b))
    ct.store(out_b, (0, 0), cmp[0][None, :], allow_tma=True, latency=1)
    ct.store(out_b, (1, 0), cmp[1][None, :])
    ct.store(out_b, (2, 0), cmp[2][None, :])
    ct.store(out_b, (3, 0), cmp[3][None, :])
    ct.store(out_b, (4, 0), cmp[4][None, :])
    ct.store(out_b, (5, 0), cmp[5][None, :])
    ct.store(out_f, (0, 0), ct.pow(v, 2.0)[None, :])
    ct.store(out_f, (1, 0), ct.atan2(v, v + 1)[None, :])
    ct.store(out_f, (2, 0), ct.truediv(v, 4)[None, :])


x = gpu.array([7, -6, 5, 12], dtype=gpu.int32)
y = gpu.array([2, 4, -3, 12], dtype=gpu.int32)
f = gpu.array([0.5, 1.0, -2.0, 3.0], dtype=gpu.float32)
out_i = gpu.zeros((16, 4), dtype=gpu.int32)
out_b = gpu.zeros((6, 4), dtype=gpu.bool_)
out_f = gpu.zeros((3, 4), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), forms, (x, y, f, out_i, out_b, out_f))
print(out_i[:14])
print(out_b.astype(gpu.int32))
print(out_f[0], out_f[2], bool(gpu.allclose(out_f[1], gpu.arctan2(f, f + 1), rtol=1e-6)))


@ct.kernel
def divisible(x, out, T: ct.Constant[int]):
    n = ct.assume_divisible_by(x.shape[0], 16)
    i = ct.assume_divisible_by(ct.bid(0) * T, T)
    ct.store(out, (ct.bid(0),), ct.full((T,), n, dtype=ct.int32) + i)


x = gpu.zeros(64, dtype=gpu.float32)
out = gpu.zeros(64, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (4,), divisible, (x, out, 16))
print(out[::8])
