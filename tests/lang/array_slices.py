# array.array slicing: reads, assignment, deletion, extended slices
from array import array

a = array('i', range(10))
print(a[2:5], a[::2], a[::-1], a[-3:], a[5:2], type(a[1:2]).__name__)
a[2:5] = array('i', [20, 30])
print(a)
a[0:0] = array('i', [-1, -2, -3])
print(a)
a[::2] = array('i', [0] * len(a[::2]))
print(a)
del a[1]
print(a)
del a[::3]
print(a)
del a[-2:]
print(a)
a[:] = a
print(a)
a[1:] = a
print(a)
a[-1] = 100
a[0] = -100
print(a)
b = array('d', [1.0, 2.0, 3.0])
b[1:2] = array('d')
print(b)
b[5:] = array('d', [9.0])
print(b)

for stmt in ["a[::2] = array('i', [1])", "a[1:3] = [1, 2]", "a[1:2] = array('h', [1])",
             "a[100] = 1", "a[-100]", "del a[100]", "a['x']", "a[1.5] = 2",
             "array('i').pop()", "a.pop(100)", "a.remove(12345)", "a.index(12345)",
             "a + [1]", "a + array('b')", "a += [1]", "a.extend(array('h'))",
             "a * 1.5"]:
    try:
        exec(stmt)
        print(stmt, 'ok')
    except Exception as e:
        print(stmt, type(e).__name__, e)
