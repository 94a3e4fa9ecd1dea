# bench.py: the gpu module's throughput on the device, run by the krait binary:
#   KRAIT_DEVICE=cuda build/krait bench/gpu/bench.py
# Every timing is taken with gpu.Event after a warm-up run, and printed as
#   BENCH name value unit
# Elementwise results are written into a preallocated array (the ufunc's out argument), so
# each timed call is one launch; a lazily fused result that is never used would run nothing.
# For a cold first-compile time, run with KRAIT_CACHE_DIR= (no disk cache).
import gpu
import time

N = 1 << 28
MM = 8192


def report(name, value, unit):
    print("BENCH", name, round(value, 3), unit, flush=True)


def timed_ms(fn, iters):
    fn()
    gpu.synchronize()
    start = gpu.Event()
    end = gpu.Event()
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / iters


print("backend:", gpu.backend())
print("device:", gpu.device())

a = gpu.arange(N, dtype=gpu.float32)
b = gpu.full(N, 0.5, dtype=gpu.float32)
c = gpu.empty(N, dtype=gpu.float32)
gb = N * 4 / 1e9


def add():
    gpu.add(a, b, c)


ms = timed_ms(add, 20)
report("add_f32_2^28", 3 * gb / ms, "TB/s")


def fused():
    gpu.subtract((a * 2 + b) * a, 1, c)


ms = timed_ms(fused, 20)
report("fused_(a*2+b)*a-1_f32_2^28", 3 * gb / ms, "TB/s")

keep = []


def asum():
    keep.append(a.sum(keepdims=True))


ms = timed_ms(asum, 20)
keep = []
report("sum_f32_2^28", gb / ms, "TB/s")


def amax():
    keep.append(a.max(keepdims=True))


ms = timed_ms(amax, 20)
keep = []
report("max_f32_2^28", gb / ms, "TB/s")
print("check sum:", a[:1000].sum(), "max:", a.max())

a = None
b = None
c = None
flop = 2.0 * MM * MM * MM
for dt, name in ((gpu.float32, "float32"), (gpu.bfloat16, "bfloat16")):
    x = gpu.random.rand(MM, MM).astype(dt)
    y = gpu.random.rand(MM, MM).astype(dt)
    out = []

    # each product is kept (a 2-D matmul is lazy: a dropped one is never computed); the
    # event that ends the timing follows the products written before it
    def mm():
        out.append(x @ y)

    ms = timed_ms(mm, 10)
    report("matmul_" + name + "_8192", flop / ms / 1e9, "TFLOP/s")
    x = None
    y = None
    out = None

s = gpu.ones(16, dtype=gpu.float32)
s += 1
gpu.synchronize()
ops = 10000
t0 = time.perf_counter()
for _ in range(ops):
    s += 1
gpu.synchronize()
t1 = time.perf_counter()
report("small_op_16_elements", (t1 - t0) * 1e6 / ops, "us/op")
print("check small:", s[:4])

p = gpu.arange(1 << 20, dtype=gpu.float32)
q = gpu.empty(1 << 20, dtype=gpu.float32)
gpu.synchronize()
t0 = time.perf_counter()
gpu.add(gpu.tanh(p * 0.001) * gpu.sqrt(p + 3.25), gpu.floor(p / 7), q)
gpu.synchronize()
t1 = time.perf_counter()
report("first_use_new_fused_expression", (t1 - t0) * 1e3, "ms")
