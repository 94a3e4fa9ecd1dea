# More than one advanced index per subscript (NumPy's broadcasting of index arrays; the
# broadcast dimensions in place when the advanced indices are adjacent, first when a slice,
# None or ... separates them, integers counting as advanced), as getitem and setitem, over
# views and several dtypes, with NumPy's errors.
import numpy as np
a = np.arange(24).reshape(2, 3, 4)
def show(label, f):
    try:
        r = f()
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)
show("two", lambda: a[[0, 1], [1, 2]])
show("three", lambda: a[[0, 1], [1, 2], [3, 0]])
show("bcast", lambda: a[np.array([[0], [1]]), np.array([0, 2])])
show("sep", lambda: a[[0, 1], :, [1, 2]])
show("int sep", lambda: a[0, :, [1, 2]])
show("int adj", lambda: a[:, 0, [1, 2]])
show("adj mid", lambda: a[:, [0, 1], [1, 2]])
show("with slice", lambda: a[[1, 0], 1:, [3, 0]])
show("neg", lambda: a[[-1, 0], [-1, 0]])
show("ell", lambda: a[..., [0, 1], [2, 3]])
show("ell2", lambda: a[[0, 1], ..., [2, 3]])
show("none", lambda: a[[0, 1], None, [1, 2]])
show("bool2", lambda: a[np.array([True, False]), :, np.array([False, True, True, False])])
show("bool2d+int", lambda: a[np.array([[True, False, True], [False, True, False]]), [1, 2, 3]])
show("scalars", lambda: a[np.array(1), np.array(2), np.array(3)])
show("oob", lambda: a[[0, 2], [0, 1]])
show("oob2", lambda: a[[0, 1], [0, 5]])
show("mismatch", lambda: a[[0, 1], [0, 1, 2]])
show("float", lambda: a[[0, 1], [0.5, 1]])
show("too many", lambda: a[[0], [0], [0], [0]])
show("f32", lambda: a.astype(np.float32)[[1, 0], [0, 2], 1:3])
show("view", lambda: a[:, ::2, ::-1][[1, 0], [0, 1]])
show("empty", lambda: a[[], []])
show("step", lambda: a[[0, 1], ::2, [0, 3]])
b = np.zeros((3, 4), dtype=np.int64)
b[[0, 1, 2], [3, 2, 1]] = 7
print(b)
b[[0, 2], 1:3] = np.array([[1, 2], [3, 4]])
print(b)
b[np.array([[0], [2]]), np.array([0, 3])] = -1
print(b)
c = np.arange(12.0).reshape(3, 4)[:, ::-1]
c[[0, 1], [0, 1]] = 100.5
print(c)
d = np.arange(24).reshape(2, 3, 4)
d[0, :, [1, 2]] = np.array([[9, 9, 9], [8, 8, 8]])
print(d)
d[[0, 1], :, [0, 3]] += 1000
print(d)
try:
    d[[0, 1], [0, 1]] = np.ones((3, 4))
except Exception as e:
    print(type(e).__name__, e)
for dt in ("bool", "int8", "uint16", "uint64", "float16", "float32"):
    e = (np.arange(12) % 5).astype(dt).reshape(3, 4)
    print(dt, repr(e[[2, 0], [1, 3]]), repr(e[[0, 2], :][:, [1]].ravel()), repr(e[1:, [0, 3]][[1, 0], [0, 1]]))
    e[[0, 1], [0, 0]] = e[[2, 2], [1, 2]]
    print(repr(e))
