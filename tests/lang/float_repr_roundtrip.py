import math
x = 0.0
vals = []
for i in range(1, 60):
    x = x * 1.7 + 1 / i
    vals.append(x)
    vals.append(1 / x)
ok = all(float(repr(v)) == v for v in vals)
print(ok)
for v in vals[:40]: print(repr(v))
