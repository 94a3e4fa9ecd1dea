for args in [(None,), (2,), (-2, None), (None, None, -2), (10, -10, -1), (1, 100, 3)]:
    print(slice(*args).indices(7))
