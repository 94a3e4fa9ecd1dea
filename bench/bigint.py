# Big integers: the digits of pi by a spigot (big x small multiply, divmod by big), then
# factorials and powers with mixed sizes.
def pi_digits(n):
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    out = []
    while len(out) < n:
        if 4 * q + r - t < m * t:
            out.append(m)
            q, r, t, k, m, x = 10 * q, 10 * (r - m * t), t, k, (10 * (3 * q + r)) // t - 10 * m, x
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2
    return out


digits = pi_digits(3000)
f = 1
for i in range(1, 1500):
    f *= i
p = pow(3, 5000) % (10 ** 40 + 7)
print("".join(map(str, digits[-20:])), f % 1000000007, p, len(str(f)))
