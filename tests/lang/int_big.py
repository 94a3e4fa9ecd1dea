# Arbitrary-precision arithmetic: the results cross the machine-word boundary both ways.
a = 2 ** 64
b = 3 ** 50
c = -(7 ** 40)
print(a, b, c)
print(a + b, a - b, b - a, a * b, a * c)
print(b // 12345, b % 12345, c // 12345, c % 12345, c // -98765432123, c % -98765432123)
print(b // a, b % a, divmod(c, a), divmod(b, -a))
print(a ** 3, c ** 2, (-a) ** 3)
print(a << 100, b >> 30, c >> 10, c << 7, -1 >> 200, 1 << 200)
print(a & b, a | b, a ^ b, b & c, b | c, b ^ c, ~b, ~c)
print(b & 0xFFFF, c & 0xFFFFFFFF, c | 1, -(2 ** 100) & (2 ** 100 - 1))
print(a == 18446744073709551616, a > b, c < 0, b >= b, a != a + 0)
print(a / 3, b / a, c / 7)
print(abs(c), -c, +c, bool(a), bool(a - a))
print(int("123456789012345678901234567890"), int("-99999999999999999999999999"))
print(int("ffffffffffffffffffffffffffffffff", 16), int("1" * 80, 2))
print(hex(b), oct(c), bin(a + 1))
print(b.bit_length(), c.bit_length(), a.bit_length())
print(str(b)[:10], len(str(3 ** 1000)))
f = 1
for i in range(1, 60):
    f *= i
print(f)
print(f // (2 ** 50), f % 1000000007, f // f, f - f)
x = 12345678901234567890
print(x * x * x * x - 1)
print(pow(b, 3, 10 ** 9 + 7), pow(a, 100, b), pow(2, 1000, 10**30))
print(9223372036854775807 + 1, -9223372036854775808 - 1, 9223372036854775807 * 2)
print(4611686018427387904 * 2, 4611686018427387904 * -2, -9223372036854775808 // -1)
print(round(b, -10), round(-b, -20), float(b), float(2 ** 1023), int(1e30))
print(hash(a), hash(b), hash(c), hash(2 ** 100))
print(sorted([b, a, c, 0, -a]))
print(max(a, b, c), min(a, b, c), sum([a, b, c]))
