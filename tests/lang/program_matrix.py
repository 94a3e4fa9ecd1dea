# Matrix arithmetic with nested lists: multiply, transpose, determinant by elimination (floats).
def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]
def transpose(m):
    return [list(r) for r in zip(*m)]
def det(m):
    m = [row[:] for row in m]
    n = len(m)
    d = 1.0
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if m[p][c] == 0:
            return 0.0
        if p != c:
            m[p], m[c] = m[c], m[p]
            d = -d
        d *= m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n):
                m[r][k] -= f * m[c][k]
    return d
A = [[2, -1, 0], [-1, 2, -1], [0, -1, 2]]
B = [[1, 2, 3], [4, 5, 6], [7, 8, 10]]
print(matmul(A, B), transpose(B), round(det(A), 9), round(det(B), 9))
I = [[int(i == j) for j in range(4)] for i in range(4)]
print(matmul(I, I) == I, det([[1, 2], [2, 4]]))
M = [[(i * 7 + j * 3) % 11 for j in range(8)] for i in range(8)]
P = M
for _ in range(3):
    P = matmul(P, M)
print(P[0], sum(map(sum, P)))
