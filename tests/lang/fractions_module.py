from fractions import Fraction as F
import math
print(F(3, 4), repr(F(6, 8)), F(-3, -6), F(5), F("3/7"), F("-1.25e2"), F(" 2.5 "), F(0.1), F(1.5), F(F(1, 3)), F(2, -4))
a, b = F(1, 3), F(2, 5)
print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(F(7, 2), F(2, 3)), a ** 2, a ** -2, (-a) ** 3, F(4, 9) ** F(1, 2))
print(a + 1, 1 - a, 2 * a, 1 / a, a + 0.5, 0.5 * a, a < b, a <= F(1, 3), a == F(2, 6), a == 1 / 3, F(1, 2) == 0.5, F(3) == 3, F(1, 2) > 0.4)
print(a.numerator, a.denominator, a.as_integer_ratio(), float(a), int(F(-7, 2)), round(F(7, 2)), round(F(5, 2)), round(F(1234, 100), 1), math.floor(F(-7, 2)), math.ceil(F(7, 2)), math.trunc(F(-7, 2)))
print(F(3.141592653589793).limit_denominator(1000), F("1.414213562").limit_denominator(100), F(1, 3).limit_denominator(2), F.from_float(0.25), abs(F(-2, 3)), +F(1, 2), bool(F(0)))
print(hash(F(1, 2)) == hash(0.5), hash(F(3)) == hash(3), hash(F(1, 3)) == hash(F(2, 6)), {F(1, 2): "half"}[0.5], sorted([F(1, 2), F(1, 3), 0.4, 1]))
print(sum([F(1, n) for n in range(1, 11)]), F(10 ** 20, 3) * 3, F(1, 3) + F(1, 6) == F(1, 2))
for bad in [lambda: F(1, 0), lambda: F("abc"), lambda: F("1/0"), lambda: F(float("nan")), lambda: F(float("inf")), lambda: F(1.5, 2), lambda: F(1) / 0, lambda: F([1])]:
    try:
        bad()
    except (ValueError, ZeroDivisionError, TypeError, OverflowError) as e:
        print(type(e).__name__ + ":", e)
