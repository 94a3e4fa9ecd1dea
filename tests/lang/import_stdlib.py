# import (next issue): builtin stdlib modules of the subset.
import math
import sys
from math import sqrt, pi
print(math.floor(2.5), math.ceil(2.1), sqrt(16), round(pi, 5), math.gcd(12, 18), math.isqrt(99))
print(math.inf, math.isnan(math.nan), math.factorial(20), math.log(math.e), math.fabs(-2))
print(type(sys.version).__name__, sys.maxsize > 2 ** 31, isinstance(sys.path, list))
