# dst[...] = expr where expr reads dst: on CUDA the expression runs straight into dst and
# the expression's array becomes a pending copy of dst; its value must survive later writes.
import numpy as np
t = np.zeros(6, dtype=np.float32)
for i in range(3):
    t[...] = t + 1
print(t)
u = t * 2
t[...] = u + 1
print(t, u)
w = t + 10
t[...] = w
t[...] = t * 0
print(t, w)
z = np.arange(8.0)
z[1:] = z[:-1] + 1
print(z)
z2 = np.arange(8.0)
v = z2[::2] + 1
z2[::2] = v
z2[1::2] = v * 10
print(z2, v)
m = np.arange(12.0).reshape(3, 4)
r = m.T + 0
m.T[...] = r * 2
print(m, r)
