import math
print(math.floor(-3.5), math.ceil(3.0000001), math.trunc(1e20), math.fabs(-0.0), math.sqrt(0.25))
print(math.exp(0), math.log(1), math.log10(0.001), math.log2(0.5), math.pow(4, 0.5), math.hypot(5, 12))
print(math.isinf(-math.inf), math.isnan(0.0), math.copysign(3, -1), math.fmod(5.5, 2))
