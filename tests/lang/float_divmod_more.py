for a in [7.5, -7.5, 0.0, 1e10, 3.0, -0.1]:
    for b in [2.0, -2.0, 0.3, 1e-3]:
        print(a // b, a % b, divmod(a, b), end=" | ")
    print()
