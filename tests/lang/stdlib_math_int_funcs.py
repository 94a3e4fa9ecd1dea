import math
print([math.isqrt(n) for n in [0, 1, 3, 4, 15, 16, 10**20]])
print(math.gcd(-12, 18), math.gcd(2**100, 6**50), math.lcm(3, 5, 7), math.comb(50, 25), math.perm(10, 3))
print(math.factorial(0), math.factorial(20), math.comb(10, 0), math.comb(10, 10))
