# The math functions on float32, float16 and float64 tiles, against NumPy with a tolerance
# (krait's CPU path uses libm; the GPU its own approximations: both within rounding).
import gpu
import tile as ct

ConstInt = ct.Constant[int]


def put(out, row, t, T):
    # a helper called from the kernel: inlined
    ct.store(out, (row, 0), t.reshape((1, T)))


@ct.kernel
def unary(x, out, T: ConstInt):
    a = ct.load(x, (0,), (T,))
    p = ct.abs(a) + 0.5  # positive, for log and sqrt
    put(out, 0, ct.exp(a), T)
    put(out, 1, ct.exp2(a), T)
    put(out, 2, ct.log(p), T)
    put(out, 3, ct.log2(p), T)
    put(out, 4, ct.sqrt(p), T)
    put(out, 5, ct.rsqrt(p), T)
    put(out, 6, ct.sin(a), T)
    put(out, 7, ct.cos(a), T)
    put(out, 8, ct.tan(a * 0.25), T)
    put(out, 9, ct.sinh(a), T)
    put(out, 10, ct.cosh(a), T)
    put(out, 11, ct.tanh(a), T)
    put(out, 12, ct.floor(a), T)
    put(out, 13, ct.ceil(a), T)
    put(out, 14, ct.abs(a), T)
    put(out, 15, ct.negative(a), T)
    put(out, 16, -a, T)


xs = gpu.array([-2.75, -1.5, -0.5, -0.0, 0.25, 1.0, 1.75, 3.5])
a = xs
p = abs(a) + 0.5
want = [gpu.exp(a), 2.0 ** a, gpu.log(p), gpu.log2(p), gpu.sqrt(p), 1 / gpu.sqrt(p),
        gpu.sin(a), gpu.cos(a), gpu.tan(a * 0.25), (gpu.exp(a) - gpu.exp(-a)) / 2,
        (gpu.exp(a) + gpu.exp(-a)) / 2, gpu.tanh(a), gpu.floor(a), gpu.ceil(a), abs(a), -a, -a]
names = ["exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tan", "sinh", "cosh",
         "tanh", "floor", "ceil", "abs", "negative", "neg"]
for dt, tol in ((gpu.float32, 1e-5), (gpu.float64, 1e-12), (gpu.float16, 2e-3)):
    out = gpu.zeros((17, 8), dtype=dt)
    ct.launch(gpu.Stream.default, (1,), unary, (xs.astype(dt), out, 8))
    o = out.astype(gpu.float64)
    bad = [names[k] for k in range(17) if not gpu.allclose(o[k], want[k], rtol=tol, atol=tol)]
    print(out.dtype, "mismatches:", bad)
    print(o[12:15])


@ct.kernel
def nan_checks(x, out):
    a = ct.load(x, (0,), (4,))
    ct.store(out, (0, 0), ct.isnan(a).reshape((1, 4)))
    ct.store(out, (1, 0), ct.isnan(ct.sqrt(a)).reshape((1, 4)))


x = gpu.array([1.0, -1.0, 0.0, 4.0], dtype=gpu.float32)
out = gpu.zeros((2, 4), dtype=gpu.bool_)
ct.launch(gpu.Stream.default, (1,), nan_checks, (x, out))
print(out)
