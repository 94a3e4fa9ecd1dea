import math
for v in [2.5, -2.5, 0.5, 1e20, -0.0, 3.9999999]:
    print(int(v), math.floor(v), math.ceil(v), math.trunc(v), round(v), type(math.floor(v)).__name__)
for bad in [float("inf"), float("nan")]:
    for f in [int, math.floor, math.ceil]:
        try: f(bad)
        except (OverflowError, ValueError) as e: print(type(e).__name__, e)
print(float(10**20), float(2**53 + 1), float(-(2**63)), float(10**308), 2**53 + 1.0)
