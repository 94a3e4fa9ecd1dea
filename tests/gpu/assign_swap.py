# t[...] = t + 1 in a loop: on CUDA the last iteration's t + 1 is a pending copy of t, and the
# next write gives t a fresh buffer and the copy t's old one (one launch a write,
# gpu/backend/cuda/backend_cuda.c's swap_for_copy). The values of every copy kept, of views
# of t made before, and of other expressions reading t must be NumPy's.
import numpy as np

t = np.zeros(5, dtype=np.float32)
view = t[1:4]
keep = []
for i in range(4):
    s = t + 1
    t[...] = s
    keep.append(s)
print(t, view)
print(keep)
# another reader of t waiting when the swap happens sees t's values before the write
w = t * 2
s = t + 1
t[...] = s
print(w, s, t)
# a kept copy read after more writes
for i in range(3):
    t[...] = t + 0.5
print(keep[-1], s, t, view)
# 2-D, int64, the whole array through t[:] and t[...]
m = np.arange(12, dtype=np.int64).reshape(3, 4)
ms = []
for i in range(3):
    x = m * 2 + i
    m[:] = x
    ms.append(x)
print(m)
print(ms)
# a view of t as the target or the source is not the whole array: no swap, same values
u = np.arange(6, dtype=np.float64)
for i in range(2):
    u[::2] = u[::2] + 1
    u[...] = u[::-1] + 0
print(u)
