# Debug output from a kernel: ct.printf with C formats (tiles print as [a, b, ...]), ct.print
# and Python's print with f-strings inside the kernel; output interleaves with the host's.
# One block per launch, so the order is the same on every device.
import gpu
import tile as ct


@ct.kernel
def show(x, f):
    t = ct.load(x, (0,), (4,))
    v = ct.load(f, (0,), (4,))
    ct.printf("ints %d, one %d\n", t, ct.bid(0))
    ct.printf("floats %.3f|%5.1f\n", v, ct.sum(v))
    ct.printf("hex %x, unsigned %u, 100%%\n", t + 10, t)
    ct.printf("2-D %d\n", ct.arange(6, dtype=ct.int32).reshape((2, 3)))
    ct.print("print:", t, v)
    ct.print(f"fstring {t} and {v:.2f}")
    ct.print("sep", t, sep="|", end="!\n")
    print(f"builtin {ct.sum(t)} {ct.max(v):.2f}")
    ct.printf("bool %d\n", t > 1)


x = gpu.arange(4, dtype=gpu.int32)
f = gpu.array([0.5, -1.25, 2.0, 3.75], dtype=gpu.float32)
print("before")
ct.launch(gpu.Stream.default, (1,), show, (x, f))
print("after")


@ct.kernel
def per_dtype(x):
    t = ct.load(x, (0,), (3,))
    ct.print(t)


for dt in (gpu.int8, gpu.uint8, gpu.int64, gpu.float16, gpu.float64):
    ct.launch(gpu.Stream.default, (1,), per_dtype, ((gpu.arange(3) * 50 - 20).astype(dt),))
