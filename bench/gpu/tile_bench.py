# tile_bench.py: the tile compiler's figures on the device (issue 10's and issue 19's), run by
# the krait binary; bench/gpu/tile_bench.sh runs it three times against one fresh disk cache:
#   KRAIT_DEVICE=cuda KRAIT_CACHE_DIR=DIR build/krait bench/gpu/tile_bench.py PHASE
# PHASE "compile": the first launch of a new kernel in this fresh process (front, lowering,
#   NVRTC's start-up and compile, module load, the launch; CUDA itself started before the
#   clock), then a further new kernel (NVRTC already loaded). With an empty cache.
# PHASE "cached": the same two first launches in a second process: the disk cache serves
#   the CUBINs (tile_bench.sh checks that no cache file was added: nothing compiled).
# PHASE "throughput": per-launch cost of a compiled kernel from the script (wall clock and
#   CUDA events over many launches), then vector add, row softmax and matmul throughput.
# Every result line reads "BENCH name value unit"; every kernel's output is checked against
# the gpu module's own computation ("CHECK name ok" or "CHECK name FAIL ..."), and the exit
# status is 1 when a check failed.
import sys
import time

import gpu
import tile as ct

ConstInt = ct.Constant[int]
phase = sys.argv[1] if len(sys.argv) > 1 else "throughput"
failures = 0


def report(name, value, unit):
    print("BENCH", name, round(value, 3), unit)


def check(name, ok, detail=""):
    global failures
    if ok:
        print("CHECK", name, "ok")
    else:
        failures += 1
        print("CHECK", name, "FAIL", detail)


@ct.kernel
def vadd(a, b, c, TILE: ConstInt):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=x + y)


@ct.kernel
def axpy(a, b, c, TILE: ConstInt):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=2 * x + y)


@ct.kernel
def touch(a, TILE: ConstInt):
    t = ct.load(a, index=(0,), shape=(TILE,))
    ct.store(a, index=(0,), tile=t + 1)


@ct.kernel
def softmax(x, y, B: ConstInt, N: ConstInt):
    rows = ct.load(x, index=(ct.bid(0), 0), shape=(B, N))
    rows = rows.astype(ct.float32)
    num = ct.exp(rows - ct.max(rows, axis=1, keepdims=True))
    den = ct.sum(num, axis=1, keepdims=True)
    ct.store(y, index=(ct.bid(0), 0), tile=(num / den).astype(y.dtype))


@ct.kernel
def matmul(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    bidx = ct.bid(0)
    bidy = ct.bid(1)
    num_k = ct.num_tiles(A, axis=1, shape=(tm, tk))
    acc = ct.full((tm, tn), 0, dtype=ct.float32)
    dtype = ct.tfloat32 if A.dtype == ct.float32 else A.dtype
    for k in range(num_k):
        a = ct.load(A, index=(bidx, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, bidy), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a.astype(dtype), b.astype(dtype), acc)
    ct.store(C, index=(bidx, bidy), tile=acc.astype(C.dtype))


def cdiv(a, b):
    return (a + b - 1) // b


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


def first_launch_ms(fn):
    t0 = time.perf_counter()
    fn()
    gpu.synchronize()
    return (time.perf_counter() - t0) * 1e3


S = gpu.Stream.default
print("backend:", gpu.backend())
print("device:", gpu.device())

if phase in ("compile", "cached"):
    n = 1 << 20
    a = gpu.arange(n, dtype=gpu.float32)
    b = gpu.full(n, 0.5, dtype=gpu.float32)
    c = gpu.empty(n, dtype=gpu.float32)
    gpu.synchronize()  # CUDA started and the inputs made before the clock
    ms = first_launch_ms(lambda: ct.launch(S, (n // 1024, 1, 1), vadd, (a, b, c, 1024)))
    report(phase + "_first_new_kernel", ms, "ms")
    check(phase + "_vadd", bool(gpu.array_equal(c, a + b)))
    ms = first_launch_ms(lambda: ct.launch(S, (n // 1024, 1, 1), axpy, (a, b, c, 1024)))
    report(phase + "_further_new_kernel", ms, "ms")
    check(phase + "_axpy", bool(gpu.array_equal(c, 2.0 * a + b)))

if phase == "throughput":
    # per-launch cost: one block, 128 elements, launched back to back from the script
    t = gpu.zeros(128, dtype=gpu.float32)
    ct.launch(S, (1, 1, 1), touch, (t, 128))
    gpu.synchronize()
    iters = 20000
    t0 = time.perf_counter()
    for _ in range(iters):
        ct.launch(S, (1, 1, 1), touch, (t, 128))
    host_us = (time.perf_counter() - t0) * 1e6 / iters
    gpu.synchronize()
    wall_us = (time.perf_counter() - t0) * 1e6 / iters
    report("launch_host_side", host_us, "us")
    report("launch_wall_incl_gpu", wall_us, "us")
    report("launch_events", timed_ms(lambda: ct.launch(S, (1, 1, 1), touch, (t, 128)), 5000) * 1e3,
           "us")
    check("touch_count", float(t[0]) == float(iters + 5000 + 2), str(float(t[0])))

    # vector add, float32, 2^28 elements
    N = 1 << 28
    a = gpu.arange(N, dtype=gpu.float32)
    b = gpu.full(N, 0.5, dtype=gpu.float32)
    c = gpu.empty(N, dtype=gpu.float32)
    for T in (1024, 4096):
        ms = timed_ms(lambda: ct.launch(S, (N // T, 1, 1), vadd, (a, b, c, T)), 20)
        report("vadd_f32_2^28_tile" + str(T), 3 * N * 4 / ms / 1e9, "TB/s")
    check("vadd_2^28", bool(gpu.array_equal(c, a + b)))
    del a, b, c

    # row softmax: one row of N per block
    for dt, rows, cols in ((gpu.float32, 8192, 8192), (gpu.float16, 32768, 1024)):
        x = ((gpu.arange(rows * cols) % 1000) / 100.0 - 5.0).astype(dt).reshape(rows, cols)
        y = gpu.empty_like(x)
        ms = timed_ms(lambda: ct.launch(S, (rows, 1, 1), softmax, (x, y, 1, cols)), 10)
        size = 2 if dt == gpu.float16 else 4
        report("softmax_" + str(dt) + "_" + str(rows) + "x" + str(cols),
               2 * rows * cols * size / ms / 1e9, "TB/s")
        xf = x.astype(gpu.float32)
        e = gpu.exp(xf - xf.max(axis=1, keepdims=True))
        gold = e / e.sum(axis=1, keepdims=True)
        check("softmax_" + str(dt), bool(gpu.allclose(y.astype(gpu.float32), gold,
                                                      atol=2e-3, rtol=1e-2)))
        del x, y, xf, e, gold

    # matmul: 128x128x64 tiles (issue 19's best cuTile configuration)
    M = 4096
    for dt in (gpu.float16, gpu.bfloat16, gpu.float32):
        A = ((gpu.arange(M * M) % 17) / 16.0 - 0.5).astype(dt).reshape(M, M)
        B = ((gpu.arange(M * M) % 13) / 12.0 - 0.5).astype(dt).reshape(M, M)
        C = gpu.empty((M, M), dtype=gpu.float32)
        grid = (cdiv(M, 128), cdiv(M, 128), 1)
        ms = timed_ms(lambda: ct.launch(S, grid, matmul, (A, B, C, 128, 128, 64)), 3)
        report("matmul_" + str(dt) + "_4096^3", 2 * M * M * M / ms / 1e9, "TFLOP/s")
        gold = A.astype(gpu.float32) @ B.astype(gpu.float32)
        check("matmul_" + str(dt), bool(gpu.allclose(C, gold, atol=0.5, rtol=2e-2)))
        del A, B, C, gold

sys.exit(1 if failures else 0)
