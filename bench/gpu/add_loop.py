# add_loop.py: `c = a + b; c[0]` over 2^28 float32 as user_patterns.py times it (median of 7
# after a warm-up, a fresh 1 GiB result each call), with the collections and the pool's
# growth over the run: what the device memory's collection rule (gpu/backend/cuda/
# backend_cuda.c, dev_gc_trigger) costs a loop making large garbage.
#   KRAIT_DEVICE=cuda build/krait bench/gpu/add_loop.py
import sys

import numpy as np

import _wall

N = 1 << (20 if "--small" in sys.argv else 28)
a = np.random.rand(N).astype(np.float32)
b = np.random.rand(N).astype(np.float32)


def add_read():
    c = a + b
    return c[0]


m0 = np.memory_info()
t = _wall.wall(add_read, np.synchronize, 7)
m1 = np.memory_info()
print("PATTERN c=a+b;c[0]_2^%d %.3f TB/s, collections %d, pool %.2f GiB" % (
    N.bit_length() - 1, 3 * N * 4 / 1e12 / t, m1.get("collections", 0) - m0.get("collections", 0),
    m1.get("device_high", 0) / 2**30))
print("CHECK add", "ok" if abs(float(add_read()) - (float(a[0]) + float(b[0]))) < 1e-6 else "FAIL")
