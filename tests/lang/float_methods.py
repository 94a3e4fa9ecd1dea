for v in [0.0, 1.5, -2.25, 1e300, 0.1, 3.0, 5e-324]:
    print(v.is_integer(), v.hex(), v.as_integer_ratio(), v.conjugate(), v.real, v.imag)
for s in ["0x1.8p1", "0x1p-1074", "-0x1.fffffffffffffp+1023", "0x0p0", "0xa", "inf", "0x1.0000000000000001p0"]:
    print(s, float.fromhex(s))
try: float("inf").as_integer_ratio()
except OverflowError as e: print(type(e).__name__, e)
try: float("nan").as_integer_ratio()
except ValueError as e: print(type(e).__name__, e)
print(float.fromhex("0x1.8p1").hex(), (2.5).__trunc__() if hasattr(2.5, "__trunc__") else "", (2.5).__floor__() if hasattr(2.5, "__floor__") else "")
print((-2.5).__abs__(), (1.5).__neg__(), (1.5).__add__(1), (1.5).__radd__(1), (1.5).__mul__("x"))
