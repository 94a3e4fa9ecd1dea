# cuda.core on the H200, self-checking: a raw saxpy kernel (Program -> NVRTC -> CUBIN ->
# get_kernel -> launch) on krait gpu arrays, checked against NumPy computed on the host, with
# float32/int32/int64/float64 scalars at their widths, a 2-D grid, dynamic shared memory and
# a created stream. (In krait `numpy` is the gpu module: the reference arrays are krait's
# own elementwise results, tested against NumPy in tests/gpu.) Prints one line a check and "cuda_core_check: N failed"; exits 1 if any.
#
#   KRAIT_DEVICE=cuda build/krait bench/gpu/cuda_core_check.py
import sys

import numpy as np
import gpu
from cuda.core import Device, Program, ProgramOptions, LaunchConfig, launch

failed = 0


def check(label, ok):
    global failed
    print(label, "ok" if ok else "FAILED")
    if not ok:
        failed += 1


dev = Device(0)
dev.set_current()
cc = dev.compute_capability
print("device", dev.name, "cc", cc, "backend", gpu.backend())
check("backend is cuda", gpu.backend() == "cuda")
stream = dev.create_stream()
arch = "sm_%d%d" % (cc.major, cc.minor)

SRC = r"""
extern "C" __global__ void saxpy(float a, const float *x, float *y, long long n) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
extern "C" __global__ void fill2d(int *out, int rows, int cols, int base) {
    int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows && c < cols) out[r * cols + c] = base + r * 1000 + c;
}
extern "C" __global__ void reverse_shared(const double *in, double *out, double scale) {
    extern __shared__ double buf[];
    int t = threadIdx.x, n = blockDim.x, off = blockIdx.x * n;
    buf[t] = in[off + t];
    __syncthreads();
    out[off + t] = scale * buf[n - 1 - t];
}
"""
code = Program(SRC, "c++", ProgramOptions(arch=arch, std="c++17")).compile("cubin")
check("cubin is ELF", code.code[:4] == b"\x7fELF")
saxpy = code.get_kernel("saxpy")
fill2d = code.get_kernel("fill2d")
rev = code.get_kernel("reverse_shared")

for n in [1, 1000, 1 << 20, 12345677]:
    rng = np.random.default_rng(n)
    xh = rng.standard_normal(n).astype(np.float32)
    yh = rng.standard_normal(n).astype(np.float32)
    x, y = gpu.array(xh), gpu.array(yh)
    block = 256
    launch(stream, LaunchConfig(grid=(n + block - 1) // block, block=block), saxpy,
           np.float32(2.5), x, y, np.int64(n))
    stream.sync()
    want = np.float32(2.5) * xh + yh
    check("saxpy n=%d" % n, bool(np.allclose(y, want, rtol=1e-6, atol=1e-6)))
    if n == 1000:  # and one element against plain Python (float32 rounding aside)
        check("saxpy element vs Python", abs(float(y[7]) - (2.5 * float(xh[7]) + float(yh[7])))
              < 1e-5)

# the default stream (None), a Python float scalar is a double: not a float parameter,
# so pass np.float32 explicitly; a strided view passes its own start address
xh = np.arange(64, dtype=np.float32)
y = gpu.zeros(128, dtype=gpu.float32)
launch(None, LaunchConfig(grid=1, block=64), saxpy, np.float32(1.0), gpu.array(xh), y[64:],
       np.int64(64))
gpu.synchronize()
yy = np.asarray(y)
check("view argument", bool((yy[64:] == xh).all() and (yy[:64] == 0).all()))

rows, cols = 37, 129
out = gpu.zeros((rows, cols), dtype=gpu.int32)
launch(stream, LaunchConfig(grid=((cols + 15) // 16, (rows + 7) // 8), block=(16, 8)), fill2d,
       out, np.int32(rows), np.int32(cols), np.int32(7))
stream.sync()
r, c = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
check("2-D grid, int32 scalars", bool((np.asarray(out) == 7 + r * 1000 + c).all()))

nb, bs = 10, 128
inh = np.random.default_rng(0).standard_normal(nb * bs)
o = gpu.zeros(nb * bs, dtype=gpu.float64)
launch(stream, LaunchConfig(grid=nb, block=bs, shmem_size=bs * 8), rev, gpu.array(inh), o, 3.0)
stream.sync()
check("dynamic shared memory, double scalar",
      bool(np.allclose(np.asarray(o), 3.0 * inh.reshape(nb, bs)[:, ::-1].reshape(-1))))

try:
    launch(stream, LaunchConfig(grid=1, block=1), saxpy, np.float32(1), "x", y, np.int64(1))
    check("bad argument TypeError", False)
except TypeError:
    check("bad argument TypeError", True)
try:
    code.get_kernel("no_such_kernel")
    check("missing kernel raises", False)
except RuntimeError as e:
    check("missing kernel raises", "not found" in str(e))

# CuPy's RawKernel spelling (gpu.RawKernel, cuda.core.RawKernel) and Device events
add = gpu.RawKernel(r"""
extern "C" __global__ void add3(const float *a, float *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) b[i] = a[i] + 3.0f;
}""", "add3")
av = gpu.arange(1000, dtype=gpu.float32)
bv = gpu.zeros(1000, dtype=gpu.float32)
ev0, ev1 = Device(0).create_event(), Device(0).create_event()
ev0.record()
add((4,), (256,), (av, bv, np.int32(1000)))
ev1.record()
ev1.synchronize()
check("RawKernel launch", bool((np.asarray(bv) == np.arange(1000) + 3).all()))
check("Device events time it", ev0.elapsed_time(ev1) >= 0)
cv = gpu.zeros(1000, dtype=gpu.float32)
add(4, 256, (av, cv, np.int32(1000)), stream=Device(0).create_stream())  # ints, a stream
gpu.synchronize()
check("RawKernel with int grid and block on a stream", bool((np.asarray(cv) == np.arange(1000) + 3).all()))
for bad, kind in ((("x",), TypeError), ((0,), ValueError), ((1, 1, 1, 1), TypeError)):
    try:
        add(bad, (32,), (av, cv, np.int32(1000)))
        got = None
    except Exception as ex:
        got = type(ex)
    check("RawKernel grid %r raises %s" % (bad, kind.__name__), got is kind)

# the figure of issue 18: a raw kernel's launch from a script, 1000 launches, best of 5
empty = gpu.RawKernel('extern "C" __global__ void empty(int n) {}', "empty")
empty((1,), (32,), (np.int32(0),))
gpu.synchronize()
import time
best = 1e9
for _ in range(5):
    t0 = time.perf_counter()
    for _ in range(1000):
        empty((1,), (32,), (np.int32(0),))
    gpu.synchronize()
    best = min(best, time.perf_counter() - t0)
cfg1 = LaunchConfig(grid=1, block=32)
ke = empty.kernel
best2 = 1e9
for _ in range(5):
    t0 = time.perf_counter()
    for _ in range(1000):
        launch(None, cfg1, ke, np.int32(0))
    gpu.synchronize()
    best2 = min(best2, time.perf_counter() - t0)
print("ROW raw kernel launch from a script: RawKernel %.2f us, cuda.core launch %.2f us"
      % (best * 1e3, best2 * 1e3))

print("cuda_core_check: %d failed" % failed)
sys.exit(1 if failed else 0)
