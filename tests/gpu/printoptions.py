# np.set_printoptions / get_printoptions / printoptions (issue 9 item 2): precision,
# threshold, edgeitems and linewidth change print and repr as in NumPy.
import numpy as np

a = np.arange(10.0) / 3
print(sorted(np.get_printoptions().items()))
np.set_printoptions(precision=3)
print(a, repr(np.array([1.123456789, 2.0])), np.array([1e-5, 1.0]))
np.set_printoptions(threshold=5, edgeitems=1)
print(a, repr(a))
print(np.arange(12).reshape(3, 4))
np.set_printoptions(threshold=1000, edgeitems=3, linewidth=20)
print(a)
print(repr(np.arange(8)))
np.set_printoptions(linewidth=75, precision=8)
with np.printoptions(precision=2) as opts:
    print(np.array([1 / 3, 2 / 3]), opts["precision"])
print(np.array([1 / 3]))
print(np.get_printoptions()["precision"], np.get_printoptions()["linewidth"])
for bad in [lambda: np.set_printoptions(precision="x"),
            lambda: np.set_printoptions(threshold=float("nan"))]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
