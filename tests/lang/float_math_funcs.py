import math
print(math.sqrt(2), math.exp(1), math.log(10), math.log(8, 2), math.log10(1000), math.log2(1024), math.log1p(1e-10), math.expm1(1e-10))
print(math.sin(1), math.cos(1), math.tan(1), math.asin(0.5), math.acos(0.5), math.atan(1), math.atan2(1, -1))
print(math.sinh(1), math.cosh(1), math.tanh(1), math.asinh(1), math.acosh(2), math.atanh(0.5))
print(math.pow(2, 0.5), math.fabs(-3), math.fmod(7, 3), math.fmod(-7, 3), math.hypot(3, 4), math.degrees(math.pi), math.radians(180))
print(math.factorial(20), math.gcd(12, 18), math.gcd(0, 0), math.comb(10, 3), math.perm(5, 2), math.isqrt(99), math.frexp(8.0), math.ldexp(0.5, 4), math.modf(2.5))
print(math.gamma(5), math.gamma(0.5), math.lgamma(10), math.lgamma(0.5), math.gamma(-1.5), math.lgamma(100), math.gamma(1e-5), math.gamma(171.5))
print(math.erf(0.5), math.erfc(0.5), math.isclose(1.0, 1.0 + 1e-10), math.prod([1, 2, 3]), math.fsum([0.1] * 10), math.dist((0, 0), (3, 4)))
for f, a in [(math.sqrt, -1), (math.log, 0), (math.log, -1), (math.acos, 2), (math.gamma, 0), (math.gamma, -2), (math.lgamma, -1), (math.exp, 1000), (math.factorial, -1)]:
    try: print(f(a))
    except (ValueError, OverflowError) as e: print(f.__name__, type(e).__name__, e)
