# numpy.linalg: det, slogdet, inv, solve, matrix_power on random well-conditioned matrices
# (odd sizes, stacks, float32/float64/int input), printed at tolerant precision.
import numpy as np
from _linalg_data import mat, show

LA = np.linalg


def wellcond(n, seed, batch=()):
    return mat(batch + (n, n), seed) + 4.0 * n * np.eye(n) / 3.0


for n in (1, 2, 3, 5, 7):
    a = wellcond(n, n)
    show("det", LA.det(a), 4)
    s, l = LA.slogdet(a)
    show("slogdet", np.array([s, l]))
    ai = LA.inv(a)
    show("inv", ai)
    print("inv ok", np.allclose(a @ ai, np.eye(n), atol=1e-10))
    b = mat((n,), 10 + n)
    x = LA.solve(a, b)
    show("solve1", x)
    print("solve1 ok", np.allclose(a @ x, b))
    b2 = mat((n, 3), 20 + n)
    x2 = LA.solve(a, b2)
    show("solve2", x2)
    print("solve2 ok", np.allclose(a @ x2, b2))

# a simple case NumPy users try first
m = np.array([[1.0, 2.0], [3.0, 4.0]])
show("det22", LA.det(m), 10)
show("inv22", LA.inv(m), 10)
print(type(LA.det(m)).__name__)
r = LA.slogdet(m)
print(type(r).__name__, r.sign, np.round(r.logabsdet, 10))
print(r)

# stacks
a = wellcond(4, 1, (2, 3))
show("det stack", LA.det(a), 4)
show("slogdet stack", LA.slogdet(a)[1])
ai = LA.inv(a)
print("inv stack", ai.shape, np.allclose(np.matmul(a, ai), np.eye(4), atol=1e-10))
b = mat((2, 3, 4, 2), 5)
x = LA.solve(a, b)
print("solve stack", x.shape, np.allclose(np.matmul(a, x), b))
b1 = mat((4,), 6)
x = LA.solve(a, b1)
show("solve stack 1d", x)
bb = mat((3, 4, 2), 7)  # broadcast over the first axis of a
x = LA.solve(a, bb)
print("solve bcast", x.shape, np.allclose(np.matmul(a, x), bb + np.zeros((2, 3, 4, 2))))

# dtypes: float32 stays float32, ints and bools compute in float64
a32 = wellcond(3, 2).astype(np.float32)
print(LA.det(a32).dtype, LA.inv(a32).dtype, LA.solve(a32, np.ones(3, np.float32)).dtype)
print(LA.solve(a32, np.ones(3)).dtype)
show("det f32", LA.det(a32), 2)
show("inv f32", LA.inv(a32), 4)
ai = np.array([[2, 1], [1, 3]])
show("inv int", LA.inv(ai))
print(LA.det(ai).dtype, LA.inv(ai).dtype)
show("det int", LA.det(ai), 8)
show("det bool", LA.det(np.array([[True, False], [True, True]])), 8)
show("solve lists", LA.solve([[3, 1], [1, 2]], [9, 8]))

# singular det is 0, slogdet (0, -inf)
sing = np.array([[1.0, 2.0], [2.0, 4.0]])
show("det singular", LA.det(sing))
print(LA.slogdet(sing))
show("det neg", LA.det(np.array([[0.0, 1.0], [1.0, 0.0]])))

# empty matrices
print(LA.det(np.zeros((0, 0))), LA.inv(np.zeros((0, 0))).shape, LA.det(np.zeros((3, 0, 0))))

# matrix_power
a = wellcond(3, 4) / 4.0
show("mp3", LA.matrix_power(a, 3), 4)
show("mp0", LA.matrix_power(a, 0))
show("mp-2", LA.matrix_power(a, -2), 4)
show("mp1", LA.matrix_power(np.arange(4.).reshape(2, 2), 1))
