# add_diag.py: where user_patterns.py's first pattern (`c = a + b; c[0]` over 2^28 float32)
# loses its time: each call's wall time, with the collections and the pool's size after it,
# for the warm-up and 12 timed calls. `--preamble` runs user_patterns.py's first-use section
# before it (two new expressions on 2^20 elements, one under gpu.profile).
#   KRAIT_DEVICE=cuda [KRAIT_CACHE_DIR=$(mktemp -d)] build/krait bench/gpu/add_diag.py
import sys
import time

import numpy as np

if "--preamble" in sys.argv:
    p = np.arange(1 << 20, dtype=np.float32)
    np.synchronize()
    q = np.tanh(p * 0.001) * np.sqrt(p + 3.25) + np.floor(p / 7)
    float(q[5])
    import gpu

    with gpu.profile(print=False):
        q = np.sin(p * 0.002) - np.sqrt(p + 1.5) * np.ceil(p / 3)
        float(q[5])
N = 1 << 28
a = np.random.rand(N).astype(np.float32)
b = np.random.rand(N).astype(np.float32)


def add_read():
    c = a + b
    return c[0]


np.synchronize()
out = []
for i in range(13):
    m0 = np.memory_info()
    t0 = time.perf_counter()
    add_read()
    np.synchronize()
    t = time.perf_counter() - t0
    m1 = np.memory_info()
    out.append("%.2f ms%s%s" % (t * 1e3, " gc" * (m1["collections"] - m0["collections"]),
                                " +%.0fG" % ((m1["device_high"] - m0["device_high"]) / 2**30)
                                if m1["device_high"] > m0["device_high"] else ""))
print("CALLS", " | ".join(out))
