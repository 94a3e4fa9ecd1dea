# numpy.linalg: lstsq, pinv, matrix_rank, norm, cond, multi_dot on random matrices, tall,
# wide and rank-deficient, printed at tolerant precision.
import numpy as np
from _linalg_data import mat, show

LA = np.linalg


for shape in ((6, 3), (3, 3), (3, 6), (5, 1)):
    a = mat(shape, shape[0] + 3 * shape[1])
    b = mat((shape[0],), 4)
    x, res, rank, s = LA.lstsq(a, b)
    show("lstsq x", x)
    show("lstsq res", res)
    print("lstsq rank", rank)
    show("lstsq s", s)
    b2 = mat((shape[0], 2), 5)
    x, res, rank, s = LA.lstsq(a, b2, rcond=None)
    show("lstsq2 x", x)
    show("lstsq2 res", res)
    p = LA.pinv(a)
    show("pinv", p)
    print("pinv ok", np.allclose(a @ p @ a, a))
    print("rank", LA.matrix_rank(a))

# rank-deficient: the third column is the sum of the first two
a = mat((5, 2), 1)
a = np.concatenate([a, a[:, :1] + a[:, 1:]], axis=1)
x, res, rank, s = LA.lstsq(a, mat((5,), 2))
show("deficient x", x)
print("deficient", rank, res.shape)
print("rank deficient", LA.matrix_rank(a), LA.matrix_rank(a, tol=1e-3), LA.matrix_rank(a, rtol=0.9))
show("pinv deficient", LA.pinv(a))
print("rank stack", LA.matrix_rank(mat((2, 3, 4, 4), 1)))
print("rank 1d", LA.matrix_rank(np.zeros(3)), LA.matrix_rank(np.ones(3)))
show("pinv stack", LA.pinv(mat((2, 3, 2), 3)))
show("pinv rcond", LA.pinv(a, rcond=1e-3))
x, res, rank, s = LA.lstsq([[1, 0], [0, 1], [1, 1]], [1, 2, 4])
show("lstsq ints", x)
show("lstsq ints res", res)
x32 = LA.lstsq(mat((4, 2), 1).astype(np.float32), mat((4,), 2).astype(np.float32))
print(x32[0].dtype, x32[1].dtype, x32[3].dtype)

v = np.array([3.0, -4.0, 1.0])
inf = np.inf
for o in (None, 1, 2, inf, -inf, 0, 3, -1, 0.5):
    show("vnorm " + str(o), LA.norm(v, o))
m = mat((3, 4), 7)
for o in (None, "fro", "nuc", 1, -1, 2, -2, inf, -inf):
    show("mnorm " + str(o), LA.norm(m, o))
t = mat((2, 3, 4), 8)
show("norm axis0", LA.norm(t, axis=0))
show("norm axis-1 ord1", LA.norm(t, ord=1, axis=-1))
show("norm axes", LA.norm(t, axis=(1, 2)))
show("norm axes 2", LA.norm(t, ord=2, axis=(2, 1)))
show("norm axes inf", LA.norm(t, ord=inf, axis=(0, 2)))
show("norm keepdims", LA.norm(t, axis=(1, 2), keepdims=True))
show("norm keepdims all", LA.norm(t, keepdims=True))
show("norm ints", LA.norm([[1, 2], [3, 4]]))
print(LA.norm(np.ones(3, np.float32)).dtype, LA.norm(np.arange(4)).dtype)
show("norm nd", LA.norm(t))

sq = mat((3, 3), 2) + 3 * np.eye(3)
for p in (None, 2, -2, 1, -1, inf, -inf, "fro"):
    show("cond " + str(p), LA.cond(sq, p), 4)
show("cond stack", LA.cond(mat((2, 3, 3), 4) + 3 * np.eye(3)), 4)
show("multi_dot", LA.multi_dot([mat((2, 3), 1), mat((3, 4), 2), mat((4,), 3)]))
