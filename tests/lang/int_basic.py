# Small-int arithmetic, every operator, mixed signs.
vals = [0, 1, -1, 2, -2, 3, 7, -7, 10, 100, -100, 255, 2**31 - 1, -2**31]
for a in [7, -7, 3, -3, 0, 1]:
    for b in [2, -2, 3, -3, 1, 5]:
        print(a, b, a + b, a - b, a * b, a // b, a % b, a / b, divmod(a, b), a ** abs(b))
for v in vals:
    print(v, -v, +v, ~v, abs(v), v << 3, v >> 1, v & 0xF0, v | 5, v ^ 0xFF, bool(v))
print(2 ** 10, 2 ** -1, (-2) ** 3, (-2) ** -2, 0 ** 0, 10 ** 0)
print(17 // 5, -17 // 5, 17 // -5, -17 // -5)
print(17 % 5, -17 % 5, 17 % -5, -17 % -5)
print(1 + True, True + True, True * 10, False - 1)
x = 5
x += 3; print(x)
x -= 10; print(x)
x *= -4; print(x)
x //= 3; print(x)
x %= 5; print(x)
x **= 5; print(x)
x <<= 2; print(x)
x >>= 1; print(x)
x &= 0x3C; print(x)
x |= 0x101; print(x)
x ^= 0xFFF; print(x)
print(int(), int(42), int(-3.9), int(3.9), int("  -17 "), int("0x1f", 16), int("1f", 16))
print(int("0b101", 0), int("0o17", 0), int("0x_ff", 0), int("1_000_000"), int("z", 36))
print(int(True), int("-0"), int("+5"))
print((5).bit_length(), (-5).bit_length(), (0).bit_length(), (255).bit_length())
print((10).real, (10).imag, (10).numerator, (10).denominator, (10).conjugate())
print(1_000, 0b1010, 0o777, 0xDEAD_BEEF, 0B11, 0O7, 0XaB)
print(7 == 7.0, 7 < 7.5, -1 < 0, 3 != 4, 2 >= 2, 3 <= 2)
print(abs(-12), pow(3, 4), pow(3, 4, 5), pow(-3, 3, 7), pow(2, -1, 7), pow(3, 0, 1))
print(max(3, 9, -2), min(3, 9, -2), sum([1, 2, 3, 4]), round(12345, -2), round(15, -1), round(25, -1))
print(hash(0), hash(1), hash(-1), hash(-2), hash(12345), hash(2**61 - 1), hash(2**61), hash(-2**63))
