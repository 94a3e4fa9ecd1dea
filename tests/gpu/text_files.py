# np.savetxt and np.loadtxt (issue 9 item 2): NumPy's text layout, comments, delimiters,
# usecols, unpack, ndmin, and its errors.
import os
import numpy as np

a = np.arange(6.0).reshape(2, 3)
path = "_tmp_gpu_text_%d.txt" % os.getpid()  # the CPU and mock runs share the folder


def show(**kw):
    np.savetxt(path, a, **kw)
    with open(path) as f:
        print(repr(f.read()))


show()
show(fmt="%d", delimiter=",", header="a,b,c")
show(fmt="%.2f", delimiter=",", footer="end", comments="// ")
show(fmt=["%d", "%.1f", "%g"])
show(fmt="%d %d %d")
np.savetxt(path, np.arange(3))
with open(path) as f:
    print(repr(f.read()))
print(repr(np.loadtxt(path)))
np.savetxt(path, a, fmt="%.2f", delimiter=",", header="x,y,z\nsecond")
print(repr(np.loadtxt(path, delimiter=",")))
print(repr(np.loadtxt(path, delimiter=",", usecols=(0, 2), unpack=True)))
print(repr(np.loadtxt(path, delimiter=",", usecols=1)))
print(repr(np.loadtxt(path, delimiter=",", skiprows=3)))
print(repr(np.loadtxt(path, delimiter=",", skiprows=3, ndmin=2)))
print(repr(np.loadtxt(path, delimiter=",", dtype=np.float32, skiprows=2, max_rows=1)))
with open(path, "w") as f:
    f.write("1 2\n# note\n3 4  # tail\n\n5 6\n")
print(repr(np.loadtxt(path, dtype=int)))
print(repr(np.loadtxt(path, dtype=int, ndmin=1)))
with open(path, "w") as f:
    f.write("1 2\n3\n")
for bad in [lambda: np.loadtxt(path), lambda: np.savetxt(path, np.zeros((2, 2, 2))),
            lambda: np.savetxt(path, a, fmt="%d %d")]:
    try:
        bad()
    except (ValueError, AttributeError) as e:
        print(type(e).__name__, e)
os.remove(path)
