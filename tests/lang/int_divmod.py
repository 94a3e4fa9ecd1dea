for a in [7, -7, 0, 10**20 + 3, -(10**20) - 3, 1]:
    for b in [3, -3, 1, 10**12 + 7, -(10**25)]:
        print(a // b, a % b, divmod(a, b), end=" | ")
    print()
for op in ["//", "%", "divmod"]:
    try:
        if op == "//": 1 // 0
        elif op == "%": 1 % 0
        else: divmod(1, 0)
    except ZeroDivisionError as e: print(type(e).__name__, e)
print(7 / 2, -7 / 2, 10**30 / 10**10, 1 / 3, 2**1000 // 3**500)
try: 2**10000 / 1
except OverflowError as e: print(type(e).__name__, e)
print(10**400 // 10**399, (10**400) / (10**399))
