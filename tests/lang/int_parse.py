for s in ["0", "-0", "+5", " 42 ", "1_000", "0x1f", "007", "1e3", "", " ", "12a", "1__0", "_1", "1_", "١٢٣", "\t-7\n", "+-1", "0b1", "99999999999999999999999"]:
    try: print(repr(s), int(s))
    except ValueError as e: print(repr(s), type(e).__name__, e)
for s, b in [("ff", 16), ("0xff", 16), ("0XFF", 0), ("0o17", 0), ("0b101", 0), ("z", 36), ("Z", 36), ("10", 2),
             ("12", 2), ("0", 0), ("010", 0), ("00", 0), ("0_1", 0), ("0x_f", 0), ("1_0", 0), ("-0b11", 0), ("  0b11 ", 2), ("0b11", 16)]:
    try: print(repr(s), b, int(s, b))
    except ValueError as e: print(repr(s), b, type(e).__name__, e)
for b in [1, 37, -1]:
    try: int("1", b)
    except ValueError as e: print(type(e).__name__, e)
try: int(5, 10)
except TypeError as e: print(type(e).__name__, e)
try: int(None)
except TypeError as e: print(type(e).__name__, e)
try: int([1])
except TypeError as e: print(type(e).__name__, e)
print(int(b"12"), int(bytearray(b" 7 ")), int("12", base=8), int(x="5") if False else int())
