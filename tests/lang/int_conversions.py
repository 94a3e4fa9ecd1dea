# int() parsing and formatting: bases, underscores, whitespace, and invalid literals.
for s in ["0", "-0", "  42  ", "+7", "1_2_3", "0x10", "10", "  -0b11 ", "0o777", "1" * 30]:
    try:
        print(repr(s), int(s))
    except ValueError as e:
        print(repr(s), "ValueError:", e)
for s, base in [("ff", 16), ("FF", 16), ("0xff", 16), ("0xff", 0), ("777", 8), ("zz", 36),
                ("101", 2), ("0b101", 2), ("12", 3), ("0", 0), ("00", 0), ("09", 0), ("1__2", 10),
                ("_1", 10), ("", 10), ("  ", 10), ("12a", 10), ("2", 2), ("1.5", 10), ("٣", 10)]:
    try:
        print(repr(s), base, int(s, base))
    except ValueError as e:
        print(repr(s), base, "ValueError:", e)
for b in [1, 37, -1]:
    try:
        int("1", b)
    except ValueError as e:
        print("ValueError:", e)
try:
    int(1.5, 10)
except TypeError as e:
    print("TypeError:", e)
for v in [3.99, -3.99, 1e20, -0.0, True, 2 ** 80]:
    print(int(v))
for v in [float("inf"), float("nan")]:
    try:
        int(v)
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)
try:
    int(None)
except TypeError as e:
    print("TypeError:", e)
try:
    int([1])
except TypeError as e:
    print("TypeError:", e)
print(hex(0), hex(255), hex(-255), oct(8), oct(-8), bin(5), bin(-5), bin(0))
print(format(255, "x"), format(255, "#X"), format(-255, "b"), format(10, "o"))
