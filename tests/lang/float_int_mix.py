print(1 + 1.0, 2 ** 0.5, 10 / 4, 10 // 4.0, 10 % 3.5, 3 * 1.5, 2**100 * 1.0, 2**100 + 0.5, 1.0 * 10**20)
try: 10**400 * 1.0
except OverflowError as e: print(type(e).__name__, e)
try: 10**400 + 1.0
except OverflowError as e: print(type(e).__name__, e)
print(10**400 // 10**300 * 1.0, 0.5 == 1/2, 3 == 3.0000000000000001, int(3.0) is not None)
