# Float arithmetic and its mixing with ints: floor division, modulo signs, powers, comparisons.
pairs = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (1.0, 3.0), (5.0, 0.5), (1e300, 1e-300),
         (0.1, 0.03), (-0.0, 1.0), (3, 0.5), (2.5, 1)]
for a, b in pairs:
    print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(a, b))
print(2.0 ** 0.5, 2 ** 0.5, 4 ** -0.5, (-8.0) ** 3, 10.0 ** -3, 1.5 ** 2, 0.0 ** 0.0)
print(1e308 * 10, -1e308 * 10, 1e-320 / 1e10, 5e-324 / 2)
try:
    print(10.0 ** 400)
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(2 ** 10000 * 1.0)
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(float(10 ** 400))
except OverflowError as e:
    print("OverflowError:", e)
print(10 ** 400 / 10 ** 398, 1 / 2 ** 2000, (2 ** 2000) // 1.5 if False else 0)
inf = float("inf")
nan = float("nan")
print(inf + 1, inf - inf, inf * 0, -inf, inf > 1e308, nan == nan, nan != nan, nan < 1, inf == inf)
print(1.0 == 1, 0.5 < 1, 2 ** 53 + 1 == 2.0 ** 53 + 1, 2 ** 53 + 1 > 2.0 ** 53, 10 ** 400 > inf)
print(-0.0 == 0.0, abs(-0.0), -(0.0), abs(-2.5), +(-1.5))
print(int(2.5), int(-2.5), float(-7) // 2, -7 // 2.0, 7 % -3.0, -7 % 3.0, 5.5 % 1)
x = 1.5
x += 2; print(x)
x *= 3; print(x)
x /= 4; print(x)
x //= 0.5; print(x)
x %= 1.5; print(x)
x **= 3; print(x)
s = 0.0
for i in range(1, 1001):
    s += 1.0 / i
print(s)
print(sum([0.1] * 10), max(1.5, 2, -3.0), min(0.0, -0.0), min(-0.0, 0.0))
print(hash(1.0), hash(1.5), hash(-2.25), hash(0.0), hash(-0.0), hash(1e100), hash(inf), hash(-inf))
print(3.7 // 1, -3.7 // 1, 1e20 // 3, 7.0 % float("inf"), -7.0 % float("inf"))
