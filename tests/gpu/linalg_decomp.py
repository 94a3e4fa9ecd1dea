# numpy.linalg: cholesky, eigh, eigvalsh, svd, qr on random well-conditioned matrices (odd
# sizes, tall and wide, stacks, float32). Singular and eigenvectors are unique up to sign:
# they are printed with each column's sign fixed by a fixed probe vector.
import numpy as np
from _linalg_data import mat, show

LA = np.linalg


def spd(n, seed, batch=()):
    m = mat(batch + (n, n), seed)
    return np.matmul(m, np.swapaxes(m, -1, -2)) + n * np.eye(n)


def fix_cols(v):
    """Columns of v with signs fixed: probe . column > 0."""
    probe = np.cos(np.arange(v.shape[-2]) * 0.9 + 0.3)
    s = np.sign(np.matmul(probe, v))
    return v * s[..., None, :]


for n in (1, 2, 3, 6):
    a = spd(n, n)
    L = LA.cholesky(a)
    show("chol", L)
    print("chol ok", np.allclose(L @ L.T, a))
    U = LA.cholesky(a, upper=True)
    print("chol upper", np.allclose(U, L.T))
    w, v = LA.eigh(a)
    show("eigh w", w, 4)
    show("eigh v", fix_cols(v), 4)
    print("eigh ok", np.allclose(a @ v, v * w))
    show("eigvalsh", LA.eigvalsh(a), 4)
    show("eigvalsh U", LA.eigvalsh(a, UPLO="U"), 4)

# eigh reads one triangle only
a = spd(3, 9)
t = np.tril(a) + np.triu(np.ones((3, 3)) * 100.0, 1)
show("eigh L only", LA.eigh(t).eigenvalues, 4)
t = np.triu(a) + np.tril(np.ones((3, 3)) * 100.0, -1)
show("eigh U only", LA.eigh(t, UPLO="u").eigenvalues, 4)
r = LA.eigh(np.array([[2.0, 1.0], [1.0, 2.0]]))
print(type(r).__name__, np.round(r.eigenvalues, 8))

# cholesky reads the lower triangle
a = spd(3, 2)
show("chol lower only", LA.cholesky(np.tril(a)))

for shape in ((4, 4), (5, 3), (3, 5), (1, 4), (4, 1), (7, 2)):
    a = mat(shape, shape[0] * 10 + shape[1])
    u, s, vh = LA.svd(a)
    show("svd s", s)
    print("svd shapes", u.shape, s.shape, vh.shape)
    k = min(shape)
    smat = np.zeros(shape)
    smat[:k, :k] = np.diag(s) if k > 1 else s.reshape(1, 1)
    print("svd ok", np.allclose(u @ smat @ vh, a), np.allclose(u.T @ u, np.eye(shape[0])),
          np.allclose(vh @ vh.T, np.eye(shape[1])))
    u2, s2, vh2 = LA.svd(a, full_matrices=False)
    print("svd reduced", u2.shape, vh2.shape, np.allclose((u2 * s2) @ vh2, a))
    show("svd u", fix_cols(u2), 4)
    show("svd v", fix_cols(vh2.T), 4)
    show("svd novec", LA.svd(a, compute_uv=False))
    q, r = LA.qr(a)
    show("qr q", q)
    show("qr r", r)
    print("qr ok", q.shape, r.shape, np.allclose(q @ r, a))
    q, r = LA.qr(a, mode="complete")
    print("qr complete", q.shape, r.shape, np.allclose(q @ r, a), np.allclose(q.T @ q, np.eye(shape[0])))
    show("qr complete r", r)
    show("qr r only", LA.qr(a, mode="r"))
    h, tau = LA.qr(a, mode="raw")
    show("qr raw h", h)
    show("qr raw tau", tau)

# stacks
a = mat((2, 3, 4, 3), 3)
u, s, vh = LA.svd(a, full_matrices=False)
print("svd stack", u.shape, s.shape, vh.shape, np.allclose(np.matmul(u * s[..., None, :], vh), a))
show("svd stack s", s)
q, r = LA.qr(a)
print("qr stack", q.shape, r.shape, np.allclose(np.matmul(q, r), a))
show("qr stack r", r)
sp = spd(3, 4, (2, 2))
show("chol stack", LA.cholesky(sp))
w, v = LA.eigh(sp)
show("eigh stack w", w, 4)
print("eigh stack ok", np.allclose(np.matmul(sp, v), v * w[..., None, :]))
r = LA.svd(mat((3, 3), 1))
print(type(r).__name__, r.S.shape, type(LA.qr(mat((3, 3), 1))).__name__)

# float32 in, float32 out
a32 = spd(4, 5).astype(np.float32)
print(LA.cholesky(a32).dtype, LA.eigh(a32)[0].dtype, LA.eigh(a32)[1].dtype,
      LA.svd(a32)[1].dtype, LA.qr(a32)[0].dtype, LA.eigvalsh(a32).dtype)
show("eigvalsh f32", LA.eigvalsh(a32), 3)
show("svd f32", LA.svd(a32, compute_uv=False), 3)

# hermitian svd
a = spd(3, 7)
show("svd herm s", LA.svd(a, hermitian=True)[1], 4)
show("svd herm novec", LA.svd(a, compute_uv=False, hermitian=True), 4)

# empty
print(LA.svd(np.zeros((0, 3)), compute_uv=False).shape, LA.qr(np.zeros((3, 0)))[0].shape,
      LA.eigvalsh(np.zeros((0, 0))).shape, LA.cholesky(np.zeros((0, 0))).shape)
