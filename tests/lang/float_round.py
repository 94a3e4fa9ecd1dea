# round() with and without ndigits: banker's rounding and exact decimal behaviour.
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 0.49999999999999994, 2.675, 1.005, 1234.5,
          -1234.5, 1e20, 5e-324, 0.0, -0.0]:
    print(v, round(v), round(v, 0), round(v, 1), round(v, 2), round(v, -1), round(v, -2))
print(type(round(2.5)), type(round(2.5, 0)), type(round(7)), type(round(7, 2)))
print(round(123.456, 5), round(123.456, 400), round(123.456, -400), round(-0.4), round(0.4))
print(round(5, -1), round(15, -1), round(-25, -1), round(1234567, -3), round(10 ** 20 + 5, -1))
for v in [float("inf"), float("nan")]:
    try:
        round(v)
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)
print(round(float("inf"), 2), round(float("nan"), 2))
try:
    round(1.5, 1.5)
except TypeError as e:
    print("TypeError:", e)
try:
    round("x")
except TypeError as e:
    print("TypeError:", e)
