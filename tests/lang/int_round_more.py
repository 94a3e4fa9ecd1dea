for v in [0, 5, 15, 25, 35, -15, -25, 1234567, 10**25 + 5 * 10**9]:
    print(v, round(v, -1), round(v, -2), round(v, -10), round(v, 0), round(v, 3))
print(type(round(5, -1)).__name__, round(True, 0) if True else "")
