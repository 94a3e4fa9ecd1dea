# The peers of bench/gpu/cuda_core_check.py's launch figure on the device's python3: an empty
# raw kernel launched 1000 times from Python, best of 5, with CuPy's RawKernel and (when the
# package is installed) cuda.core's launch.
#
#   python3 bench/gpu/raw_launch_peers.py
import time

SRC = 'extern "C" __global__ void empty(int n) {}'


def best(fn, sync, reps=5):
    b = 1e9
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(1000):
            fn()
        sync()
        b = min(b, time.perf_counter() - t0)
    return b * 1e3  # us per launch


try:
    import cupy as cp
    import numpy as np
    k = cp.RawKernel(SRC, "empty")
    n0 = np.int32(0)
    k((1,), (32,), (n0,))
    cp.cuda.Device().synchronize()
    print("PEER CuPy RawKernel launch: %.2f us"
          % best(lambda: k((1,), (32,), (n0,)), cp.cuda.Device().synchronize))
except Exception as e:  # noqa: a peer that is missing is reported, not fatal
    print("PEER CuPy RawKernel: not run (%s)" % e)
try:
    import numpy as np
    from cuda.core import Device, LaunchConfig, Program, ProgramOptions, launch
    dev = Device()
    dev.set_current()
    s = dev.create_stream()
    arch = "".join(str(v) for v in dev.compute_capability)
    prog = Program(SRC, code_type="c++", options=ProgramOptions(arch="sm_" + arch))
    kern = prog.compile("cubin").get_kernel("empty")
    cfg = LaunchConfig(grid=1, block=32)
    n0 = np.int32(0)
    launch(s, cfg, kern, n0)
    s.sync()
    print("PEER cuda.core launch: %.2f us" % best(lambda: launch(s, cfg, kern, n0), s.sync))
except Exception as e:  # noqa
    print("PEER cuda.core: not run (%s)" % e)
