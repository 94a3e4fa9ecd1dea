vals = [0.0, -0.0, 1.0, 1.5, 2.5, -3.75, 3.14159265358979, 1e-5, 1.23456e-10, 12345.678, 1e16, 1e22,
        123456789012345678.0, float("inf"), float("-inf"), float("nan"), 0.1, 1/3, 2/3, 100.0]
specs = ["", "f", ".0f", ".1f", ".3f", "10.2f", "<10.2f", "^10.2f", "010.2f", "+f", " .2f", "e", ".2e", "E",
         "g", ".3g", ".10g", "G", "#g", "%", ".1%", ",.2f", "_.3f", "n", ".0e", "#.0f", "=+12.3f", "x<12g", ".17g", "r" if False else "5", ".2", ".12"]
for v in vals:
    print(repr(v), " ".join("[" + format(v, s) + "]" for s in specs))
for bad in ["d", "x", "c", "s", ",d"]:
    try: print(format(1.5, bad))
    except ValueError as e: print(type(e).__name__, e)
