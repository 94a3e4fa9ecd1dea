# user_patterns.py: the gpu module on the patterns of issue 14, written as a NumPy user
# writes them (no out=, results read back with c[0], reductions as .sum()), timed by wall
# clock around gpu.synchronize(), median of several runs. Its peer, user_patterns_torch.py,
# runs the same patterns in PyTorch (and CuPy when installed) in the same device call:
#   D=$(mktemp -d); KRAIT_DEVICE=cuda KRAIT_CACHE_DIR=$D build/krait bench/gpu/user_patterns.py
#   python3 bench/gpu/user_patterns_torch.py
# (a fresh cache directory, so "first use of a new fused expression" compiles). Each line:
#   PATTERN name value unit
# followed by self-checks (CHECK name ok|FAIL). `--small` shrinks every size for a quick run
# on the mock device or the CPU backend. The matmul section also prints the diagnostics of
# issue 14's bf16 question: the path cuBLASLt/own took (gpu.device()["matmul_path"]), host
# time per call (what the GPU waits for when it exceeds the kernel's time), with a fresh
# result per call against a reused out=, and after the memory churn of bench/gpu/bench.py.
import sys
import time

import numpy as np

import _wall

SMALL = "--small" in sys.argv
N = 1 << (16 if SMALL else 28)  # elements of the 1-D patterns (2^28 float32: 1 GiB)
M = 256 if SMALL else 8192  # rows and columns of softmax, layer norm and matmul
BIG = (1 << 20) if SMALL else (1 << 32)  # 16 GiB of float32 for the z[0] = i pattern
BIG_ROUNDS = 4 if SMALL else 40
REPS = 3 if SMALL else 7
failures = []


def sync():
    np.synchronize()


def wall(fn, reps=REPS, inner=1):
    return _wall.wall(fn, sync, reps, inner)


def report(name, value, unit):
    # flushed: a device call's time limit keeps what was measured before it
    print("PATTERN", name, round(value, 3), unit, flush=True)


def check(name, ok):
    print("CHECK", name, "ok" if ok else "FAIL", flush=True)
    if not ok:
        failures.append(name)


print("backend:", np.backend())
dev = np.device()
print("device:", dev.get("name"), dev.get("compute_capability", ""))

# ---- first use of a new fused expression in this process (CUDA already started above) ----
p = np.arange(1 << 20, dtype=np.float32)
sync()
t0 = time.perf_counter()
q = np.tanh(p * 0.001) * np.sqrt(p + 3.25) + np.floor(p / 7)
q0 = float(q[5])
report("first_use_new_fused_expression", (time.perf_counter() - t0) * 1e3, "ms")
check("first_use", abs(q0 - (np.tanh(0.005) * (8.25 ** 0.5) + 0.0)) < 1e-4)
# where a first use goes: a second new expression under the profiler (NVRTC already started)
try:
    import gpu as _gpu

    with _gpu.profile(print=False) as prof:
        t0 = time.perf_counter()
        q = np.sin(p * 0.002) - np.sqrt(p + 1.5) * np.ceil(p / 3)
        q0 = float(q[5])
        t1 = time.perf_counter()
    comp = sum(r.ms for r in prof.records if r.kind == "compile")
    print("DIAG first_use: a second new expression %.1f ms, of it NVRTC %.1f ms" % (
        (t1 - t0) * 1e3, comp))
except ImportError:
    pass

# ---- elementwise and full reductions, 2^28 float32 ----
a = np.random.rand(N).astype(np.float32)
b = np.random.rand(N).astype(np.float32)
gb = N * 4 / 1e12  # terabytes per array, so that bytes / seconds prints TB/s


def add_read():
    c = a + b
    return c[0]


def mem():
    return np.memory_info() if hasattr(np, "memory_info") else {}


m0 = mem()
add_runs = []
report("c=a+b;c[0]_2^28", 3 * gb / _wall.wall(add_read, sync, REPS, 1, add_runs), "TB/s")
m1 = mem()
print("DIAG add calls (warm-up first): " + " ".join("%.2f" % (t * 1e3) for t in add_runs) + " ms", flush=True)
# what the pattern cost besides its kernels: collections (device garbage is freed by the
# collector) and growth of the memory pool (mapping new device memory), over its 8 calls
print("DIAG add: collections %d, pool growth %.2f GiB, pool %.2f GiB" % (
    m1.get("collections", 0) - m0.get("collections", 0),
    (m1.get("device_high", 0) - m0.get("device_high", 0)) / 2**30, m1.get("device_high", 0) / 2**30),
    flush=True)
check("add", abs(float(add_read()) - (float(a[0]) + float(b[0]))) < 1e-6)


def fused_read():
    c = (a * 2 + b) * a - 1
    return c[0]


report("c=(a*2+b)*a-1;c[0]_2^28", 3 * gb / wall(fused_read), "TB/s")


def sqdiff_sum():
    return ((a - b) ** 2).sum()


report("((a-b)**2).sum()_2^28", 2 * gb / wall(sqdiff_sum), "TB/s")


def add_sum():
    return (a + b).sum()


report("(a+b).sum()_2^28", 2 * gb / wall(add_sum), "TB/s")
s1 = float(add_sum())
check("add_sum", abs(s1 - (float(a.sum()) + float(b.sum()))) <= 1e-3 * abs(s1))


def normalize():
    r = a / a.sum()
    return r[0]


report("r=a/a.sum();r[0]_2^28", 2 * gb / wall(normalize), "TB/s")


def relu_sum():
    return np.where(a > b, a, 0).sum()


report("where(a>b,a,0).sum()_2^28", 2 * gb / wall(relu_sum), "TB/s")
s2 = float(relu_sum())
ref = float((a * (a > b)).sum())
check("where_sum", abs(s2 - ref) <= 1e-3 * abs(ref))
# the first pattern again, once the pool holds what the loops need (an order effect shows here)
report("c=a+b;c[0]_2^28_again", 3 * gb / wall(add_read), "TB/s")
a = b = None

# ---- row-wise softmax and layer norm with array ops, M x M float32 ----
x = np.random.rand(M, M).astype(np.float32)
mb = M * M * 4 / 1e12  # terabytes per matrix


def softmax():
    e = np.exp(x - x.max(axis=1, keepdims=True))
    s = e / e.sum(axis=1, keepdims=True)
    return s[0, 0]


report("softmax_rows_array_ops_%d" % M, 2 * mb / wall(softmax), "TB/s")
row = x[0].tolist()
mx = max(row)
den = sum(2.718281828459045 ** (v - mx) for v in row)
check("softmax", abs(float(softmax()) - 2.718281828459045 ** (row[0] - mx) / den) < 1e-5)


def layer_norm():
    mu = x.mean(axis=1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
    y = (x - mu) / np.sqrt(var + 1e-5)
    return y[0, 0]


report("layer_norm_rows_array_ops_%d" % M, 2 * mb / wall(layer_norm), "TB/s")
m0 = sum(row) / M
v0 = sum((v - m0) ** 2 for v in row) / M
check("layer_norm", abs(float(layer_norm()) - (row[0] - m0) / (v0 + 1e-5) ** 0.5) < 1e-3)


def kernels_of(fn, label):
    """DIAG lines: each device record of one call of fn (name, ms, grid x block), for
    finding which pass of a pattern is slow; 'pass' is the matrix's bytes over the time."""
    try:
        import gpu as _gpu
    except ImportError:
        return
    fn()
    sync()
    with _gpu.profile(print=False) as prof:
        fn()
        sync()
    for r in prof.records:
        if r.kind in ("kernel", "matmul", "copy DtoD"):
            print("DIAG %s: %s %.3f ms (%.2f TB/s a pass) grid %s block %s" % (
                label, r.name, r.ms, mb / (r.ms * 1e-3) if r.ms > 0 else 0, r.grid, r.block))


kernels_of(softmax, "softmax")
kernels_of(layer_norm, "layer_norm")
x = None

# ---- small arrays: launch-bound ----
t = np.zeros(16, dtype=np.float32)


def inc():
    t[...] = t + 1


k = 200 if SMALL else 2000
report("t[...]=t+1_16_elements", wall(inc, reps=REPS, inner=k) * 1e6, "us")
check("inc", float(t[3]) == float(1 + k * REPS))
u = np.arange(16, dtype=np.float32)
v = np.ones(16, dtype=np.float32)
acc = [0.0]


def small_sum():
    acc[0] = (u * v + 1).sum()


report("(u*v+1).sum()_16_elements_loop", wall(small_sum, reps=REPS, inner=k) * 1e6, "us")
check("small_sum", float(acc[0]) == 136.0)

# ---- 16 GiB np.ones, z[0] = i, drop ----
t0 = time.perf_counter()
last = 0.0
for i in range(BIG_ROUNDS):
    z = np.ones(BIG, dtype=np.float32)
    z[0] = i
    last = float(z[0]) + float(z[BIG - 1])
    z = None
sync()
report("%dx(ones(%d),z[0]=i,drop)" % (BIG_ROUNDS, BIG), time.perf_counter() - t0, "s")
check("big_scalar_write", last == BIG_ROUNDS - 1 + 1.0)

# ---- bf16 matmul, M^3 ----
flop = 2.0 * M * M * M
xb = np.random.rand(M, M).astype(np.bfloat16)
yb = np.random.rand(M, M).astype(np.bfloat16)


# A 2-D matmul is lazy (7805c7e: computed where its value is needed): a timed call that
# dropped `x @ y` would time nothing. Each call keeps its product, as a user passes it on;
# the synchronize that ends a timed run computes the products nothing read yet
# (arr_pending_flush_unused), so every one of the run's calls is inside its timing.
held = []


def mm_fresh():
    held.append(xb @ yb)
    if len(held) > 10:
        held.pop(0)  # from the run before, computed by its synchronize


report("x@y_bf16_%d_fresh_result" % M, flop / wall(mm_fresh, inner=10) / 1e12, "TFLOP/s")
print("matmul_path:", np.device().get("matmul_path"))
print("matmul_tune:", np.device().get("matmul_tune"))
ob = np.empty((M, M), dtype=np.bfloat16)


def mm_out():
    np.matmul(xb, yb, out=ob)


report("x@y_bf16_%d_out=" % M, flop / wall(mm_out, inner=10) / 1e12, "TFLOP/s")
# the host's share: seconds to enqueue one call (no synchronize); above the kernel's time
# the GPU idles between calls
sync()
t0 = time.perf_counter()
keep = [xb @ yb for _ in range(10)]
np.Event().record()  # enqueues the ten lazy products (an event follows the work written)
host = (time.perf_counter() - t0) / 10
sync()
report("x@y_bf16_%d_host_time_per_call" % M, host * 1e3, "ms")
keep = None
r = (xb[:4].astype(np.float32) @ yb[:, :4].astype(np.float32))
check("matmul", abs(float((xb @ yb)[1, 2]) - float(r[1, 2])) <= 0.02 * abs(float(r[1, 2])) + 0.5)
check("matmul_fresh_computed", abs(float(held[-1][1, 2]) - float(r[1, 2])) <=
      0.02 * abs(float(r[1, 2])) + 0.5)
# bench/gpu/bench.py's order: big elementwise arrays dropped, a float32 matmul, then bf16
big = [np.ones(N, dtype=np.float32) for _ in range(3)]
big = None
xf = np.random.rand(M, M).astype(np.float32)
keep = [xf @ xf for _ in range(2)]
keep = xf = None
report("x@y_bf16_%d_after_bench.py_preamble" % M, flop / wall(mm_fresh, inner=10) / 1e12,
       "TFLOP/s")
print("matmul_path:", np.device().get("matmul_path"))
held = []

print("FAILED:" if failures else "ALL CHECKS OK", " ".join(failures))
