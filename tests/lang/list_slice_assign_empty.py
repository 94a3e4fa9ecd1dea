# Slice assignment on empty lists (no items array yet) in every form.
a = []
a[:] = []
print(a)
a[0:0] = [1, 2]
print(a)
b = []
b[:] = (x for x in range(3))
print(b)
c = []
del c[:]
c[5:9] = []
print(c, len(c))
d = [1, 2, 3]
d[:] = []
d[:] = []
print(d)
