for s in ["1", "1.5", "-1.5", " 2.5 ", "1e3", "1E-3", ".5", "5.", "inf", "-inf", "Infinity", "nan", "-NaN", "+inf",
          "1_000.5", "1__0", "", "abc", "1.5.5", "0x10", "1e", "e5", "\t3\n", "١.٥", "1e500", "-1e500", "1e-400", "infinit", "in f"]:
    try: print(repr(s), float(s))
    except ValueError as e: print(repr(s), type(e).__name__, e)
print(float(), float(5), float(True), float(b"1.5"), float(-0.0))
try: float(None)
except TypeError as e: print(type(e).__name__, e)
try: float([1])
except TypeError as e: print(type(e).__name__, e)
