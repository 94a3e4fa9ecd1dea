# krait-test: no-gc-stress
# Arithmetic on an integer with a million decimal digits.  Printing it in decimal is
# refused by CPython's int-to-str limit; the checks go through modular reductions instead.
import sys
x = 10 ** 1000000
print(x.bit_length())
print(x % 1000000007, (x + 1) % 1000000007, (x * 3) % 998244353)
y = x // 7
print(y % 1000000007, x % 7, (x - 1) // 9 % 1000003)
z = (x >> 1000) + (x << 5)
print(z % (2 ** 61 - 1), z.bit_length())
print((x - 1) % 10 ** 9, (-x) % 13)
try:
    s = str(x)
except ValueError as e:
    print("ValueError:", e)
try:
    print(x)
except ValueError as e:
    print("ValueError:", e)
try:
    int("9" * 5000)
except ValueError as e:
    print("ValueError:", e)
print(len(hex(x)), hex(x)[:20], hex(x)[-8:])
print(x == 10 ** 1000000, x > x - 1, x // x)
b = 1 << 3321928
print(b.bit_length(), b % 1000000007)
