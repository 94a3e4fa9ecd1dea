# Float math: the spectral norm benchmark (power iteration on an infinite matrix).
def eval_a(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)
def mul_av(v, n):
    return [sum(eval_a(i, j) * v[j] for j in range(n)) for i in range(n)]
def mul_atv(v, n):
    return [sum(eval_a(j, i) * v[j] for j in range(n)) for i in range(n)]
def mul_atav(v, n):
    return mul_atv(mul_av(v, n), n)
def spectral_norm(n):
    u = [1.0] * n
    v = u
    for _ in range(10):
        v = mul_atav(u, n)
        u = mul_atav(v, n)
    vbv = vv = 0.0
    for ue, ve in zip(u, v):
        vbv += ue * ve
        vv += ve * ve
    return (vbv / vv) ** 0.5
print("%.9f" % spectral_norm(300))
