# Two's-complement semantics of bitwise operators on negative big ints.
vals = [0, 1, -1, 2 ** 70, -(2 ** 70), 2 ** 70 - 1, -(2 ** 70) + 1, 12345678901234567890123,
        -98765432109876543210987]
for a in vals:
    for b in vals[3:]:
        print(a & b, a | b, a ^ b)
for a in vals:
    print(~a, a >> 3, a >> 64, a << 65, -a >> 1)
print(-5 >> 1, -5 >> 100, -(2 ** 100) >> 100, -(2 ** 100) >> 99, (-(2 ** 100) - 1) >> 100)
print((1 << 1000) >> 999, (1 << 64) - 1 & -(1 << 32))
