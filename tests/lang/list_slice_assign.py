# Slice assignment and deletion, including extended slices and size changes.
a = list(range(10))
a[2:5] = ["a", "b"]; print(a)
a[1:1] = [100, 101, 102]; print(a)
a[-2:] = []; print(a)
a[:] = range(5); print(a)
a[::2] = ["x", "y", "z"]; print(a)
a[1::2] = "PQ"; print(a)
a[::-1] = range(5); print(a)
a[10:20] = [7]; print(a)
a[-100:1] = [8, 9]; print(a)
del a[0]; print(a)
del a[::2]; print(a)
del a[1:3]; print(a)
del a[-1]; print(a)
b = list(range(12))
del b[::-3]; print(b)
b[2:7:2] = [0, 0, 0]; print(b)
b[5:2] = [1, 2]; print(b)
try:
    b[::2] = [1, 2]
except ValueError as e:
    print("ValueError:", e)
try:
    b[0:2] = 5
except TypeError as e:
    print("TypeError:", e)
try:
    del b[50]
except IndexError as e:
    print("IndexError:", e)
c = [1, 2, 3]
c[1:2] = c; print(c)
c[:] = []; print(c)
d = [1, 2, 3, 4]
d[1:3] = (x * 10 for x in range(4)); print(d)
print(d[::-2], d[-1:-5:-1], d[1:-1], d[::1], d[5:0:-1], d[slice(1, 4)], d[slice(None, None, -1)])
s = slice(1, 8, 3)
print(s, s.start, s.stop, s.step, s.indices(5), slice(None).indices(3), slice(-1, None, -1).indices(4))
try:
    d[::0]
except ValueError as e:
    print("ValueError:", e)
