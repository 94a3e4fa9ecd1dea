for v in [0.5, 1.5, 2.5, -0.5, -1.5, 2.675, 1.005, 0.125, 0.375, 1e20, 123.456, -123.456, 5e-324]:
    print(v, round(v), round(v, 0), round(v, 1), round(v, 2), round(v, -1), round(v, -2))
print(type(round(2.5)).__name__, type(round(2.5, 0)).__name__, round(2.5, None))
for v in [float("inf"), float("nan")]:
    try: round(v)
    except (OverflowError, ValueError) as e: print(type(e).__name__, e)
    print(round(v, 2))
print(round(1234.5678, -2), round(0.5e-10, 10), round(1e300, 5), round(1.23456789, 300))
