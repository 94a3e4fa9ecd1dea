import math
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
print(math.sqrt(16), math.sqrt(2), math.isqrt(17), math.isqrt(10**30), math.gcd(12, 18), math.gcd(0, 5), math.gcd(), math.gcd(4, 6, 8))
print(math.lcm(4, 6), math.lcm(), math.comb(10, 3), math.comb(5, 7), math.perm(5, 2), math.perm(5), math.factorial(10), math.factorial(25))
print(math.floor(2.5), math.ceil(2.1), math.trunc(-2.7), math.floor(-0.5), math.ceil(-0.5), type(math.floor(1.0)).__name__)
print(math.fabs(-3), math.copysign(1, -0.0), math.fmod(7, 3), math.fmod(-7, 3), math.remainder(7, 3), math.modf(2.5), math.frexp(8.0), math.ldexp(0.5, 4))
print(math.exp(1), math.log(math.e), math.log(8, 2), math.log2(1024), math.log10(1000), math.log1p(0), math.expm1(0), math.pow(2, 0.5))
print(math.sin(0), math.cos(0), math.tan(0), math.asin(1), math.acos(1), math.atan(1), math.atan2(1, 1), math.hypot(3, 4), math.hypot(1, 2, 2))
print(math.degrees(math.pi), math.radians(180), math.sinh(0), math.cosh(0), math.tanh(0), math.asinh(0), math.acosh(1), math.atanh(0))
print(math.isnan(math.nan), math.isinf(math.inf), math.isfinite(1.0), math.isclose(1.0, 1.0 + 1e-10), math.isclose(1, 1.1), math.isclose(0, 1e-10, abs_tol=1e-9))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]), math.prod([]), math.prod([2.5, 2]), math.dist((0, 0), (3, 4)))
print(math.erf(0), math.erfc(0), math.gamma(5), math.lgamma(1), math.exp2(3) if hasattr(math, 'exp2') else 8.0, math.cbrt(27) if hasattr(math, 'cbrt') else 3.0)
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.log(-1), lambda: math.factorial(-1), lambda: math.isqrt(-1), lambda: math.acos(2), lambda: math.comb(-1, 2)]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
for bad in [lambda: math.factorial(1.5), lambda: math.gcd(1.5), lambda: math.sqrt('a'), lambda: math.floor('x')]:
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)
try:
    math.exp(1000)
except OverflowError as e:
    print('OverflowError', e)
print(math.floor(10**30), math.ceil(-10**30), math.trunc(5), math.sqrt(10**40), math.log(10**100), math.log2(2**1000))
