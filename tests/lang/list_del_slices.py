for s in [slice(None), slice(1, 3), slice(None, None, 2), slice(-2, None), slice(None, None, -1), slice(5, 1, -2)]:
    l = list(range(8))
    del l[s]
    print(l)
