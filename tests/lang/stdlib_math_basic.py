import math
print(math.pi, math.e, math.tau, math.inf, math.nan)
print(math.floor(2.5), math.ceil(2.1), math.trunc(-2.7), math.floor(-0.5), math.ceil(10**20))
print(math.sqrt(2), math.isqrt(10**40 + 12345), math.isqrt(99))
print(math.log(10**400), math.log(8, 2), math.log2(1024), math.log10(1000), math.log1p(1e-10))
print(math.exp(1), math.expm1(1e-10), math.pow(2, 0.5), math.fabs(-3))
print(math.sin(1), math.cos(1), math.tan(1), math.atan2(1, 2), math.hypot(3, 4), math.hypot(1, 2, 3))
print(math.dist((1, 2), (4, 6)), math.degrees(math.pi), math.radians(180))
print(math.copysign(1, -0.0), math.fmod(7, 3), math.remainder(7, 3), math.modf(3.5), math.frexp(8.0))
print(math.ldexp(0.5, 4), math.isclose(1.0, 1.0 + 1e-10), math.isclose(1, 1.1, rel_tol=0.2))
print(math.isfinite(1.0), math.isinf(math.inf), math.isnan(math.nan))
print(math.gcd(12, 18, 27), math.lcm(4, 6, 10), math.gcd(), math.gcd(2**100, 6**50))
print(math.factorial(30), math.comb(50, 25), math.perm(10, 3), math.perm(5))
print(math.prod([1, 2, 3, 4]), math.prod([0.5, 4], start=3), math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]))
print(math.nextafter(1.0, 2.0), math.ulp(1.0), math.erf(0.5), math.erfc(0.5))
print(math.gamma(5), math.lgamma(10))
for f, args in [(math.sqrt, (-1,)), (math.log, (0,)), (math.exp, (1000,)), (math.factorial, (-1,)),
                (math.sqrt, ("x",)), (math.acos, (2,)), (math.isqrt, (-1,)), (math.comb, (-1, 2)),
                (math.fsum, ([math.inf, -math.inf],)), (math.pow, (0, -1)), (math.ldexp, (1.0, 5000))]:
    try:
        print(f(*args))
    except Exception as e:
        print(type(e).__name__, e)
print(len(str(math.factorial(1000))))
