inf = float("inf"); nan = float("nan")
print(inf, -inf, nan, inf + 1, inf - inf, inf * 0, inf / inf, -inf * -1, 1 / inf, -1 / inf)
print(repr(inf), str(nan), "%f %e %g" % (inf, -inf, nan), format(nan, "+"), format(inf, "010"), format(-inf, "<8"))
import math
print(math.isinf(inf), math.isnan(nan), math.isfinite(1.0), math.copysign(1, -0.0), math.inf, -math.inf, math.nan)
print(int(1e18), float("1e18"), 1e18 == 10**18, 2.0**0.5 == math.sqrt(2))
