# ct.static_eval / ct.static_iter / ct.ensure_constant: Python evaluated at compile time
# inside a kernel (host functions, generator expressions, enumerate, conditional
# expressions), compile-time loops unrolled over its result; odd sizes; errors.
import math

import gpu
import tile as ct

ConstInt = ct.Constant[int]
SIZES = (2, 3, 5)


def log2i(n):
    return int(math.log2(n))


@ct.kernel
def kern(x, out, T: ConstInt):
    a = ct.load(x, (0,), (T,))
    shift = ct.static_eval(log2i(T))  # a host function, not tile code
    doubled = ct.static_eval(tuple(2 * s for s in SIZES))  # full Python syntax
    acc = ct.zeros((T,), dtype=ct.float32)
    for i in ct.static_iter(range(len(doubled))):
        acc = acc + a * doubled[i]
    for k, s in ct.static_iter(enumerate(SIZES)):
        acc = acc + k * s
    name = ct.static_eval("even" if T % 2 == 0 else "odd")
    if name == "even":
        acc = acc + shift
    n = ct.ensure_constant(T * 2)
    ct.store(out, (0,), acc + n)


for T in (4, 7, 16):
    x = gpu.arange(T, dtype=gpu.float32)
    out = gpu.zeros(T, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (1,), kern, (x, out, T))
    print(T, out.tolist())


@ct.kernel
def dtype_pick(x, out, WIDE: ConstInt):
    dt = ct.static_eval(ct.float64 if WIDE else ct.float32)
    a = ct.load(x, (0,), (3,)).astype(dt)
    ct.store(out, (0,), (a * 0.5).astype(out.dtype))


for wide in (0, 1):
    out = gpu.zeros(3, dtype=gpu.float32)
    ct.launch(gpu.Stream.default, (1,), dtype_pick, (gpu.array([1.0, 3.0, 5.0]).astype(gpu.float32), out, wide))
    print("wide" if wide else "narrow", out.tolist())


@ct.kernel
def bad_runtime(x):
    a = ct.load(x, (0,), (4,))
    n = ct.static_eval(a.shape[0])  # krait-error: TypeError: static_eval(): 'a' is a run-time value; krait evaluates only compile-time values (constants, tuples, dtypes, globals) there
    ct.store(x, (0,), a + n)


@ct.kernel
def bad_raise(x):
    a = ct.load(x, (0,), (4,))
    n = ct.static_eval(1 // 0)  # krait-error: TypeError: static_eval(): ZeroDivisionError: integer division or modulo by zero
    ct.store(x, (0,), a + n)


@ct.kernel
def bad_iter(x):
    a = ct.load(x, (0,), (4,))
    for i in ct.static_iter(5):  # krait-error: TypeError: static_iter(): the expression is not iterable
        a = a + i
    ct.store(x, (0,), a)


@ct.kernel
def bad_constant(x):
    a = ct.load(x, (0,), (4,))
    ct.store(x, (0,), a + ct.ensure_constant(ct.bid(0)))


for k in (bad_runtime, bad_raise, bad_iter, bad_constant):
    try:
        ct.launch(gpu.Stream.default, (1,), k, (gpu.zeros(4, dtype=gpu.float32),))
    except TypeError as e:
        print(type(e).__name__, e)
