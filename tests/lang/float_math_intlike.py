# Float methods and int/float interplay without the math module.
print((3.75).as_integer_ratio(), (-0.125).as_integer_ratio(), (1e20).as_integer_ratio())
print((1.0).hex(), (0.1).hex(), (-2.5).hex(), float.fromhex("0x1.8p1"), float.fromhex("-0x1p-2"))
print((2.0).is_integer(), (7.5).real, (7.5).imag, (7.5).conjugate())
print(float.__name__, type(1.0).__name__, isinstance(1.0, float), isinstance(1, float))
print(1e3 == 1000, 1000 == 1e3, 0.1 * 3 == 0.3, abs(0.1 * 3 - 0.3) < 1e-15)
print(divmod(-7.5, 2), divmod(7, -2.5), 7 // 0.1, 7 % 0.1)
a = [3.5, -1.25, 2, 0.0, -0.0, 1e-3, 7]
print(sorted(a), sum(a), max(a), min(a))
print(round(sum([0.1] * 10), 10), 1.0 + 2 ** 60, 2 ** 60 + 1.0 == 2 ** 60)
print(int(1e15), int(1.9999999999999999), int(-1e-9), 10 ** 16 == 1e16, 10 ** 23 == 1e23)
