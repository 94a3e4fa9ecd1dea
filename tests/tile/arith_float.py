# Elementwise float arithmetic in every float dtype: + - * / // % ** with tiles and loosely
# typed constants; float16 and bfloat16 computed in float32 and rounded to nearest even.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def ops(x, y, out, T: ConstInt):
    a = ct.load(x, (0,), (T,))
    b = ct.load(y, (0,), (T,))
    ct.store(out, (0, 0), (a + b).reshape((1, T)))
    ct.store(out, (1, 0), (a - b).reshape((1, T)))
    ct.store(out, (2, 0), (a * b).reshape((1, T)))
    ct.store(out, (3, 0), (a / b).reshape((1, T)))
    ct.store(out, (4, 0), (a // b).reshape((1, T)))
    ct.store(out, (5, 0), (a % b).reshape((1, T)))
    ct.store(out, (6, 0), (a * 2 + 0.5).reshape((1, T)))
    ct.store(out, (7, 0), (1.5 - a).reshape((1, T)))
    ct.store(out, (8, 0), (-a).reshape((1, T)))
    ct.store(out, (9, 0), (a ** 2).reshape((1, T)))


xs = gpu.array([-7.5, -2.0, -0.25, 0.0, 1.0, 2.5, 3.0, 6.75])
ys = gpu.array([2.0, -3.0, 0.5, 4.0, -0.75, 2.0, -2.0, 1.25])
for dt in (gpu.float32, gpu.float64, gpu.float16, gpu.bfloat16):
    x, y = xs.astype(dt), ys.astype(dt)
    out = gpu.zeros((10, 8), dtype=dt)
    ct.launch(gpu.Stream.default, (1,), ops, (x, y, out, 8))
    o = out.astype(gpu.float64)
    X, Y = xs, ys
    want = [X + Y, X - Y, X * Y, X / Y, X // Y, X % Y, X * 2 + 0.5, 1.5 - X, -X, X ** 2]
    ok = [bool(gpu.allclose(o[k], want[k], rtol=1e-2 if dt in (gpu.float16, gpu.bfloat16) else 1e-6))
          for k in range(10)]
    print(out.dtype, ok)
    print(o[:3])
    print(o[4:6])


@ct.kernel
def rounding(x, out):
    # float16 and bfloat16 results round to nearest even from the float32 result
    a = ct.load(x, (0,), (4,))
    h = a.astype(ct.float16)
    bf = a.astype(ct.bfloat16)
    ct.store(out, (0, 0), (h + h).astype(ct.float32).reshape((1, 4)))
    ct.store(out, (1, 0), (bf * bf).astype(ct.float32).reshape((1, 4)))
    ct.store(out, (2, 0), (h / 3).astype(ct.float32).reshape((1, 4)))


x = gpu.array([1.0009765625, 2049.0, 0.1, 300.0], dtype=gpu.float32)
out = gpu.zeros((3, 4), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), rounding, (x, out))
print(out.tolist())
