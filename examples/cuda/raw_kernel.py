# A raw CUDA C++ kernel from a script (docs/CUDA.md): compiled in-process by NVRTC through
# cuda.core's names, launched on krait arrays, then the same kernel through CuPy's
# RawKernel spelling, each checked against NumPy-style array code. Needs a GPU: on the CPU
# backend (or the mock device, which cannot run a CUBIN) it compiles the kernel for sm_90 to
# show the NVRTC path and says what it skipped.
#
#   build/krait examples/cuda/raw_kernel.py
import gpu
import numpy as np
from cuda.core import Device, LaunchConfig, Program, ProgramOptions, launch

SRC = r'''
extern "C" __global__ void scaled_residual(const float *x, const float *y, float *out,
                                           float alpha, long long n) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    for (; i < n; i += (long long)gridDim.x * blockDim.x) {
        float d = x[i] - y[i];
        out[i] = alpha * d * d;
    }
}
'''

n = 1_000_003  # not a multiple of the block: the kernel's bounds test matters
x = np.linspace(-2.0, 2.0, n, dtype=np.float32)
y = np.cos(x)
want = 0.5 * (x - y) ** 2

info = gpu.device()
on_gpu = gpu.backend() == "cuda" and "mock" not in info["name"]
if not on_gpu:
    code = Program(SRC, "c++", ProgramOptions(arch="sm_90")).compile("cubin")
    print("compiled scaled_residual for sm_90: %d bytes of CUBIN" % len(code.code))
    print("no GPU here (%s): the launches need one" % info["name"])
    raise SystemExit(0)

dev = Device(0)
dev.set_current()
cc = dev.compute_capability
opts = ProgramOptions(arch="sm_%d%d" % (cc.major, cc.minor), std="c++17")
kernel = Program(SRC, "c++", opts).compile("cubin").get_kernel("scaled_residual")
stream = dev.create_stream()
out = np.empty_like(x)
block = 256
grid = min((n + block - 1) // block, 4 * info["multiprocessors"])  # a grid-stride loop
launch(stream, LaunchConfig(grid=grid, block=block), kernel, x, y, out, np.float32(0.5),
       np.int64(n))
stream.sync()
err = float(np.abs(out - want).max())
print("cuda.core launch on %s: max error %.2e" % (dev.name, err))

raw = gpu.RawKernel(SRC, "scaled_residual")
out2 = np.zeros_like(x)
raw((grid,), (block,), (x, y, out2, np.float32(0.5), np.int64(n)))
err2 = float(np.abs(out2 - want).max())
print("gpu.RawKernel: max error %.2e" % err2)

# a wrong argument is a TypeError before the driver sees it
try:
    launch(stream, LaunchConfig(grid=1, block=1), kernel, x, y, out, "half", np.int64(n))
except TypeError as e:
    print("TypeError:", str(e).split(":")[0])
ok = err <= 1e-5 and err2 <= 1e-5
print("raw kernel example:", "ok" if ok else "FAILED")
raise SystemExit(0 if ok else 1)
