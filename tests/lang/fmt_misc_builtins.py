print(repr(format(3.0)), repr(format(3)), repr(format("")), repr(format(0.1, ".3")), repr(format(-0.0)), format(1e-7), format(1e16), format(12.0, "n"))
try: format(1, 2)
except TypeError as e: print(type(e).__name__, e)
print(str(1e-7), str(1e16), str(-1e-5), repr(1e300 * 10), str(2.0 ** 60))
