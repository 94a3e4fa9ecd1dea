for l in [[], [0], [None], [[]]]:
    print(bool(l), len(l), not l)
