"""Weak scaling of issue 17's sharded arrays from 1 GPU to all of them: a fixed amount of work
per GPU. (1) a sharded elementwise+reduce pipeline, ((x - 0.5) * 2.0) ** 2 summed, over
rows_per_gpu x 4096 float32 a GPU; (2) a sharded matmul, x (rows_per_gpu x 4096 a GPU) @
w (4096 x 4096, copied to each GPU), bfloat16. Prints time and efficiency (t1 / tn) per
device count. argv[1]: rows per GPU (default 65536). Runs on the mock too (KRAIT_DEVICE=mock
KRAIT_MOCK_DEVICES=4, tiny sizes: a check that it runs, not a figure)."""
import sys
import time

import gpu
import gpu.distributed as dist
import numpy as np

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 65536
cols = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
total = gpu.device_count()


def timed(f, reps=5):
    f()
    for d in range(total):
        gpu.Device(d).synchronize()
    t = time.perf_counter()
    for _ in range(reps):
        r = f()
    for d in range(total):
        gpu.Device(d).synchronize()
    return (time.perf_counter() - t) / reps, r


base = {}
counts = [n for n in (1, 2, 4, 8, 16) if n <= total]
print("weak scaling, %d x %d a GPU, up to %d GPUs" % (rows, cols, total))
for n in counts:
    devs = list(range(n))
    x = dist.shard(np.ones((rows * n, cols), dtype=np.float32) * 0.75, devs)
    t, s = timed(lambda: (((x - 0.5) * 2.0) ** 2).sum())
    want = 0.25 * rows * n * cols
    ok = abs(float(s) - want) <= 1e-3 * want
    base.setdefault("pipe", t)
    print("pipeline  %2d GPUs  %8.3f ms  %6.1f GB/s  efficiency %.2f  %s"
          % (n, t * 1e3, rows * n * cols * 4 / t / 1e9, base["pipe"] / t, "ok" if ok else "WRONG"))
    xb = x.astype("bfloat16")
    w = np.asarray(np.ones((cols, cols), dtype=np.float32) / cols).astype("bfloat16")
    t, m = timed(lambda: xb @ w)
    ok = abs(float(m.shards[-1][-1, -1]) - 0.75) < 1e-2  # 0.75 * cols * (1 / cols)
    base.setdefault("mm", t)
    print("matmul    %2d GPUs  %8.3f ms  %6.1f TFLOP/s  efficiency %.2f  %s"
          % (n, t * 1e3, 2.0 * rows * n * cols * cols / t / 1e12, base["mm"] / t,
             "ok" if ok else "WRONG"))
    del x, xb, m
