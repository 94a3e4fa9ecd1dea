def f():
    try:
        raise KeyError("first")
    except KeyError as e:
        try:
            raise ValueError("second")
        except ValueError as e2:
            raise TypeError("third") from e
f()
