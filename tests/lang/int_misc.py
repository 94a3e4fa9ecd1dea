print(abs(-5), abs(5), -(-5), +(-5), round(5), round(15, -1), round(25, -1), round(-25, -1), round(123456, -3), round(5, 2))
print(isinstance(5, int), isinstance(True, int), type(5).__name__, int.__base__ if False else "", issubclass(bool, int))
print(float(5), float(2**100), complex if False else "", bool(0), bool(-1), 5 .__class__.__name__)
print(int(5.5).__class__, (5).__str__(), (5).__repr__(), (5).__format__("03"))
try: float(2**1024)
except OverflowError as e: print(type(e).__name__, e)
print(divmod(-7, 2), divmod(7, -2), -7 % 2, 7 % -2)
x = 5
x += 3; x -= 1; x *= 2; x //= 3; x **= 2; x %= 7; x <<= 2; x >>= 1; x |= 8; x &= 12; x ^= 5
print(x)
