print(0.1 + 0.2, 1.5 * 2, 7.0 / 2, 7.0 // 2, -7.0 // 2, 7.0 % 2, -7.0 % 2, 7.0 % -2, 7.5 % 0.5, divmod(7.5, 2), divmod(-7.5, 2))
print(2.0 ** 10, 2.0 ** -1, 4 ** 0.5, (-8.0) ** 2, 0.0 ** 0, 1e308 * 10, -1e308 * 10, 1e-320 / 1e10)
for e in ["1.0 / 0", "1.0 // 0", "1.0 % 0", "divmod(1.0, 0)", "0.0 ** -1", "10.0 ** 400"]:
    try: print(e, eval(e))
    except (ZeroDivisionError, OverflowError, ValueError) as ex: print(e, type(ex).__name__, ex)
print(-0.0 % 5, 0.0 % -5, -1e-20 % 1.0, 5 % float("inf"), -5 % float("inf"), float("inf") % 5 if False else "")
print(1 + 2.0, 3 - 0.5, 2 * 0.5, 1 / 4, 2 ** 0.5, abs(-1.5), -(-0.0), +0.0)
