# A loop making a fresh large result per call (`c = a + b; c[0]`) reuses the memory pool's
# blocks: on the CUDA backend (gpu.memory_info()'s device_high: the most device bytes in use,
# about what the pool holds) the pool grows by at most two results over twelve calls, and
# garbage results are collected before the pool would map new memory. Under NumPy and on the
# CPU backend the counters are absent and the checks print True; the values are NumPy's.
import numpy as np

info = getattr(np, "memory_info", None)


def high():
    return (info() if info else {}).get("device_high", 0)


n = 1 << 20  # 4 MiB of float32: past the small-block cache, a pool request each time
a = np.arange(n, dtype=np.float32)
b = np.ones(n, dtype=np.float32)


def add_read():
    c = a + b
    return c[n - 1]


first = add_read()
start = high()
vals = [add_read() for _ in range(12)]
print(first, vals[-1], all(v == vals[0] for v in vals))
print(high() - start <= 2 * n * 4)

# a loop that keeps its results still gets all of them (the pool grows as needed)
keep = [a * float(i) for i in range(4)]
print([float(k[3]) for k in keep])

# fused results and reductions of fresh results in the same loop
acc = 0.0
for i in range(4):
    r = (a * 2 + b) * 0.5
    acc += float(r[10]) + float((b * 2).sum()) / n
print(acc)
print(high() - start <= 6 * n * 4)
