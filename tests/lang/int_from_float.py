for v in [0.0, -0.0, 1.9, -1.9, 1e20, -1e20, 2.0**63, 2.0**64, 1.5e300, 123456789.987]:
    print(v, int(v))
for v in [float("inf"), float("-inf"), float("nan")]:
    try: int(v)
    except (OverflowError, ValueError) as e: print(type(e).__name__, e)
print(int(True), int(False), int(-7), int("-0"))
