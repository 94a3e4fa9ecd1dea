class F:
    def __float__(self): return 2.5
class I:
    def __index__(self): return 3
print(float(F()), float(I()), float("  -0  "), float("-0.0"), float("1" * 400), float("0." + "0" * 400 + "1"))
try: float(F) if False else float("1 1")
except ValueError as e: print(type(e).__name__, e)
print(float("0.1000000000000000055511151231257827"), float("2.5e-324"), float("2.4e-324"), float("1.7976931348623158e308"))
