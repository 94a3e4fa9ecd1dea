# Shortest round-trip repr of floats, and str() which is the same in Python 3.
vals = [0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.1 + 0.2, 1 / 3, 2 / 3, 1e16, 1e15, 123456789012345678.0,
        1e-4, 1e-5, 0.0001, 0.00001234, 1.5e300, 1e308, 1.7976931348623157e308, 5e-324,
        2.2250738585072014e-308, 3.141592653589793, 2.718281828459045, 100.0, 1e22, 1e23,
        9007199254740993.0, 0.3, 1.1, 2.675, 1234.5678, -987.125, 1e-7, 123e-20, 4.35,
        float("inf"), float("-inf"), float("nan"), 1.0e+16 - 2, 2.0 ** 53, 2.0 ** 63, 2.0 ** -30]
for v in vals:
    print(repr(v), str(v), v)
print([0.1, 0.25, 1e100], (1.5,), {1: 2.5})
print(float("1.5"), float("  -2.5e3 "), float("inf"), float("-Infinity"), float("nAn"), float(7),
      float("1_000.5"), float(".5"), float("5."), float("1e5"), float(True), float("-0"))
for s in ["abc", "", "1.2.3", "1e", "0x10", "1_", "--1"]:
    try:
        float(s)
    except ValueError as e:
        print("ValueError:", e)
print(0.1 + 0.7, 0.1 * 3, 1 - 0.9, 100 * 1.1, 3 * 1.1, 1e16 + 1, 0.5 - 0.4)
print(1.0.hex() if False else "", (0.5).as_integer_ratio(), (0.1).as_integer_ratio())
print((2.5).is_integer(), (2.0).is_integer(), float.is_integer(-0.0))
