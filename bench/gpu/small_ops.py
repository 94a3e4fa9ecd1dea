# small_ops.py: the host cost of a small array operation, from the bytecode to the launch
# (issue 16 item 3, issue 14's small-op rows). Each pattern runs on 16-element float32 arrays
# in a loop of `inner` calls and prints microseconds per call (the fastest of reps loops, wall
# clock around gpu.synchronize()):
#   KRAIT_DEVICE=mock build/krait bench/gpu/small_ops.py        (host path; mock kernels)
#   KRAIT_DEVICE=cuda .dev/build/krait bench/gpu/small_ops.py    (the H200)
# On the mock a launch runs the kernel's host version on 16 elements (well under a
# microsecond), so the figure is the host path: parsing the operator, building the graph,
# the kernel-cache lookup, argument packing, allocation and the launch call. Lines:
#   SMALL name value us
# then self-checks (CHECK name ok|FAIL). `--quick`: fewer calls; `--elements N`: N elements
# (on the mock, 1 leaves the host path alone).
import sys
import time

import numpy as np

QUICK = "--quick" in sys.argv
# --elements 1: the mock's host kernels then cost next to nothing, leaving the host path
NEL = int(sys.argv[sys.argv.index("--elements") + 1]) if "--elements" in sys.argv else 16
INNER = 500 if QUICK else 5000
REPS = 3 if QUICK else 7
fails = []


def sync():
    np.synchronize()


def report(name, fn, inner=INNER):
    # the fastest loop, not the median: on a loaded machine the fastest is the host path
    fn()
    sync()
    best = 1e9
    for _ in range(REPS):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        sync()
        best = min(best, (time.perf_counter() - t0) / inner)
    us = best * 1e6
    print("SMALL", name, round(us, 2), "us", flush=True)
    return us


def check(name, ok):
    print("CHECK", name, "ok" if ok else "FAIL", flush=True)
    if not ok:
        fails.append(name)


a = np.arange(NEL, dtype=np.float32)
b = np.ones(NEL, dtype=np.float32)
c = np.empty(NEL, dtype=np.float32)
u = np.zeros(NEL, dtype=np.float32)
t = np.zeros(NEL, dtype=np.float32)
sink = [None]


def add_out():
    np.add(a, b, out=c)


def inplace():
    global u
    u += 1.0


def add_sync():
    # c = a + b, then its launch: the result is lazy, an evaluation point (here the
    # synchronize of the timing loop would not evaluate it) is a read of its device data
    r = a + b
    np.add(r, 0.0, out=c)


def assign_inc():
    t[...] = t + 1


def small_sum():
    sink[0] = (a * b + 1).sum()


def fresh():
    sink[0] = a + b
    sink[0] = sink[0] * 2.0
    np.multiply(sink[0], 1.0, out=c)


n0 = INNER * REPS + 1
report("np.add(a,b,out=c)", add_out)
check("add_out", c.tolist() == [float(i) + 1 for i in range(NEL)])
report("u+=1.0", inplace)
check("inplace", float(u[NEL - 1]) == float(n0))
report("r=a+b;np.add(r,0,out=c)", add_sync)
check("add_sync", c.tolist() == [float(i) + 1 for i in range(NEL)])
report("t[...]=t+1", assign_inc)
check("assign_inc", float(t[NEL - 1]) == float(n0))
report("(a*b+1).sum()", small_sum)
check("small_sum", float(sink[0]) == NEL * (NEL - 1) / 2 + NEL)
report("r=(a+b)*2.0;np.multiply(r,1,out=c)", fresh)
check("fresh", c.tolist() == [2.0 * (i + 1) for i in range(NEL)])
# the floor from a script on this host: an empty kernel through gpu.RawKernel (CUDA only:
# the mock runs no CUDA C)
try:
    import gpu
    real = np.backend() == "cuda" and "mock" not in str(np.device().get("name"))
except ImportError:
    gpu, real = None, False
if gpu is not None and real:
    empty = gpu.RawKernel('extern "C" __global__ void kr_empty(int n) {}', "kr_empty")
    n32 = np.int32(0)
    report("empty RawKernel launch (floor)", lambda: empty((1,), (32,), (n32,)))
print("FAILED: " + " ".join(fails) if fails else "ALL CHECKS OK")
